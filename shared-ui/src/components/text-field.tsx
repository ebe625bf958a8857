import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled input with its validation message under it. */
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
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
