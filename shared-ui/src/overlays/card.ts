/** Chakra's Card with its recipe, fetched on first use (./index.tsx). */
export { Card as part } from '@chakra-ui/react';
export { cardSlotRecipe as recipe } from '@chakra-ui/react/theme';
