/** Chakra's Textarea (with its recipe and auto-resize), ButtonGroup and Separator, fetched on first use (./index.tsx). */
export { ButtonGroup, Separator, Textarea } from '@chakra-ui/react';
export { separatorRecipe, textareaRecipe } from '@chakra-ui/react/theme';
