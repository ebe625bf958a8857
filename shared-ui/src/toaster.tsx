/** One toaster for the whole product: bottom right, 5 seconds (spec section 8). */
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from 'shared-api';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: TOAST_DURATION_MS });

type Kind = 'error' | 'success' | 'info';

/**
 * Raises a toast. Creation waits one tick: a toast raised during the first render (a guard's redirect, an expired
 * session) would otherwise reach the toaster before it is listening and be lost. `id` keeps one toast per cause.
 */
function show(type: Kind, title: string, description?: string, id?: string) {
  setTimeout(() => toaster.create({ ...(id ? { id } : {}), type, title, description, closable: true }), 0);
}

export const notify = {
  error: (title: string, description?: string, id?: string) => show('error', title, description, id),
  success: (title: string, description?: string, id?: string) => show('success', title, description, id),
  info: (title: string, description?: string, id?: string) => show('info', title, description, id),
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
