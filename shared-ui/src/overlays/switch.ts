/** Chakra's Switch with its recipe, fetched on first use (./index.tsx). */
export { Switch as part } from '@chakra-ui/react';
export { switchSlotRecipe as recipe } from '@chakra-ui/react/theme';
