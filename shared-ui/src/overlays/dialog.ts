/** Chakra's Dialog with its recipe, fetched on first use (./index.tsx). */
export { Dialog as part } from '@chakra-ui/react';
export { dialogSlotRecipe as recipe } from '@chakra-ui/react/theme';
