import { i18n } from 'shared-api';
import { Button, Stack } from 'shared-ui';
import { DialogFrame } from './dialog-frame';
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
    <DialogFrame title={props.title} open={props.open} onClose={props.onClose} size={props.size} closeX footer={(
      <>
        <Button variant="outline" onClick={props.onClose} disabled={props.submitting}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" form={formId} colorPalette="blue" loading={props.submitting}>
          {props.submitLabel}
        </Button>
      </>
    )}>
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
    </DialogFrame>
  );
}

/** A labelled native select. */
export { SelectField } from './select-field';
