/** Chakra's Table with its recipe, fetched on first use (./index.tsx): tables are on the back office's and the results' screens. */
export { Table as part } from '@chakra-ui/react';
export { tableSlotRecipe as recipe } from '@chakra-ui/react/theme';
