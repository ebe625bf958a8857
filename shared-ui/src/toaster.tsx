/** One toaster for the whole product: bottom right, 5 seconds (spec section 8). */
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from 'shared-api';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: TOAST_DURATION_MS });

export const notify = {
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description, closable: true }),
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description, closable: true }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description, closable: true }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
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
