/** Chakra's Progress with its recipe, fetched on first use (./index.tsx). */
export { Progress as part } from '@chakra-ui/react';
export { progressSlotRecipe as recipe } from '@chakra-ui/react/theme';
