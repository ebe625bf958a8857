/** Chakra's Tabs with its recipe, fetched on first use (./index.tsx). */
export { Tabs as part } from '@chakra-ui/react';
export { tabsSlotRecipe as recipe } from '@chakra-ui/react/theme';
