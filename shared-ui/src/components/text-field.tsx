import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { translateServerMessage } from 'shared-api';

/**
 * A labelled input with its validation message under it. The message is the shared rules' English (the server writes
 * the same): shown in the interface's language where it has a translation.
 */
export function TextField({
  label, error, helper, required, ...input
}: InputProps & { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean }) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...input} />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error ? translateServerMessage(error) : error}</Field.ErrorText>
    </Field.Root>
  );
}
