import { Button, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '../overlays';
import { useState, type ReactNode } from 'react';
import { i18n } from 'shared-api';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => unknown;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * Asks before a destructive or final action. `message` is the spec's exact question (the caller's, translated); the
 * title and buttons default to 'Please confirm', 'Cancel' and 'Yes' in the interface's language. It comes with the
 * Dialog's chunk (../overlays/dialog.ts); the kit exports the stand-in of ../overlays/index.tsx.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root role="alertdialog" open={props.open} onOpenChange={(e) => !e.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title ?? i18n._('Please confirm')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.message}</Text>
              {props.children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} disabled={busy}>
                {props.cancelLabel ?? i18n._('Cancel')}
              </Button>
              <Button
                colorPalette={props.destructive ? 'red' : 'blue'}
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await props.onConfirm();
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {props.confirmLabel ?? i18n._('Yes')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
