/** Chakra's NativeSelect with its recipe, fetched on first use (./index.tsx). */
export { NativeSelect as part } from '@chakra-ui/react';
export { nativeSelectSlotRecipe as recipe } from '@chakra-ui/react/theme';
