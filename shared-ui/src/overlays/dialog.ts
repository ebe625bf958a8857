/** Chakra's Dialog with its recipe, and the kit's ConfirmDialog on it, fetched on first use (./index.tsx). */
export { Dialog as part } from '@chakra-ui/react';
export { dialogSlotRecipe as recipe } from '@chakra-ui/react/theme';
export { ConfirmDialog } from '../components/confirm-dialog';
