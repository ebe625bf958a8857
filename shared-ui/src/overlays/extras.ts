/** Chakra's Textarea (with its recipe and auto-resize) and ButtonGroup, fetched on first use (./index.tsx). */
export { ButtonGroup, Textarea } from '@chakra-ui/react';
export { textareaRecipe } from '@chakra-ui/react/theme';
