/** The toast store and its region (zag's toast machine), fetched with the first toast (../toaster.tsx). */
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect } from 'react';
import { TOAST_DURATION_MS, i18n } from 'shared-api';
import { useLanguage } from '../i18n';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: TOAST_DURATION_MS });

/**
 * The one toast region; `onMounted` fires once it listens (toasts raised before that would be lost). The region's and
 * the close buttons' names (zag's English by default) are given in the interface's language (it is mounted outside the
 * screens that re-mount on a change: it follows the language itself).
 */
export function ToasterHost({ onMounted }: { onMounted: () => void }) {
  useLanguage();
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={i18n._('Notifications (Alt+T)')}>
        {(toast) => (
          // a toast is a Tab stop (zag; focused from the keyboard or given the focus back by its region): drawn always
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" recipe={toastSlotRecipe}
            _focus={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={i18n._('Dismiss notification')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
