/** Chakra's Menu with its recipe, fetched on first use (./index.tsx). */
export { Menu as part } from '@chakra-ui/react';
export { menuSlotRecipe as recipe } from '@chakra-ui/react/theme';
