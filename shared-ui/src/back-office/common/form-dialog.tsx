import { i18n } from 'shared-api';
import { Button, Dialog, Portal, Stack } from 'shared-ui';
import { useId, type ReactNode } from 'react';

/** A dialog holding one form: title, fields, Cancel and the submit button. Enter submits. */
export function FormDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  submitting?: boolean;
  onSubmit: () => unknown;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
  /** extra content after the form (e.g. a second form), outside the <form> */
  after?: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && props.onClose()} placement="center" size={props.size ?? 'md'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void props.onSubmit();
                }}
              >
                <Stack gap="3">{props.children}</Stack>
              </form>
              {props.after}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} disabled={props.submitting}>
                {i18n._('Cancel')}
              </Button>
              <Button type="submit" form={formId} colorPalette="blue" loading={props.submitting}>
                {props.submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseX />
            </Dialog.CloseTrigger>
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

/** A labelled native select. */
export { SelectField } from './select-field';
