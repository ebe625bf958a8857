/** The toast store and its region (zag's toast machine), fetched with the first toast (../toaster.tsx). */
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from 'shared-api';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: TOAST_DURATION_MS });

/** The one toast region; `onMounted` fires once it listens (toasts raised before that would be lost). */
export function ToasterHost({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          // a toast is a Tab stop (zag; focused from the keyboard or given the focus back by its region): drawn always
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" recipe={toastSlotRecipe}
            _focus={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
