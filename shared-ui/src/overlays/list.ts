/** Chakra's List with its recipe, fetched on first use (./index.tsx). */
export { List as part } from '@chakra-ui/react';
export { listSlotRecipe as recipe } from '@chakra-ui/react/theme';
