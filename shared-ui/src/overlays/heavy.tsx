/**
 * The heavy half of the UI kit, loaded on demand (see ./index.tsx): the Chakra parts built on zag state machines
 * (dialog, menu, tabs, progress, switch, toast) with their recipes. A student's exam list never needs them, so they
 * stay out of the first render; the recipes are handed to each Root through its `recipe` prop instead of living in
 * the system (shared-ui/src/system.ts).
 */
import {
  Dialog, Menu, Portal, Progress, Spinner, Stack, Switch, Tabs, Toast, Toaster as ChakraToaster, createToaster,
} from '@chakra-ui/react';
import { dialogSlotRecipe } from 'chakra-theme-dist/recipes/dialog.js';
import { menuSlotRecipe } from 'chakra-theme-dist/recipes/menu.js';
import { progressSlotRecipe } from 'chakra-theme-dist/recipes/progress.js';
import { switchSlotRecipe } from 'chakra-theme-dist/recipes/switch.js';
import { tabsSlotRecipe } from 'chakra-theme-dist/recipes/tabs.js';
import { toastSlotRecipe } from 'chakra-theme-dist/recipes/toast.js';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from 'shared-api';

export const parts = { Dialog, Menu, Tabs, Progress, Switch };

export const recipes = {
  Dialog: dialogSlotRecipe, Menu: menuSlotRecipe, Tabs: tabsSlotRecipe, Progress: progressSlotRecipe, Switch: switchSlotRecipe,
};

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: TOAST_DURATION_MS });

/** The one toast region; `onMounted` fires once it listens (toasts raised before that would be lost). */
export function ToasterHost({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" recipe={toastSlotRecipe}>
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
