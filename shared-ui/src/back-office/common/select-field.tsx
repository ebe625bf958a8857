import { translateServerMessage } from 'shared-api';
import { Field, NativeSelect } from 'shared-ui';

export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: { value: string; label: string }[];
  placeholder?: string;
  error?: string;
  name?: string;
  disabled?: boolean;
}) {
  return (
    <Field.Root invalid={!!props.error} disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
        >
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {/* a rule's message (shared with the server): in the interface's language where it has a translation */}
      <Field.ErrorText>{props.error && translateServerMessage(props.error)}</Field.ErrorText>
    </Field.Root>
  );
}
