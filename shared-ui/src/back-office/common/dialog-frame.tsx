import { i18n } from 'shared-api';
import { Button, Dialog, Portal } from 'shared-ui';
import type { ReactNode } from 'react';

/**
 * The back office's dialog: centred, scrolling inside, its title, body and footer buttons. Escape and the backdrop
 * close it unless `locked` (work in progress); `closeX` adds a ✕ in the corner.
 */
export function DialogFrame(props: {
  title: ReactNode;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
  open?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'cover';
  locked?: boolean;
  closeX?: boolean;
}) {
  return (
    <Dialog.Root open={props.open ?? true} onOpenChange={(e) => !e.open && !props.locked && props.onClose()} placement="center"
      size={props.size ?? 'md'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>{props.footer}</Dialog.Footer>
            {props.closeX && (
              <Dialog.CloseTrigger asChild>
                <CloseX />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CloseX(props: object) {
  return (
    <Button variant="ghost" size="sm" aria-label={i18n._('Close')} position="absolute" top="2" insetEnd="2" {...props}>
      ✕
    </Button>
  );
}
