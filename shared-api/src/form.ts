/** A small form hook on yup: validates a field on blur and the whole form on submit; submits only without errors. */
import { useCallback, useRef, useState } from 'react';
import type { AnyObjectSchema, ValidationError } from 'yup';

export type FormErrors<T> = Partial<Record<keyof T & string, string>>;

export function useForm<T extends Record<string, unknown>>(opts: {
  schema: AnyObjectSchema;
  initialValues: T;
  onSubmit: (values: T) => void | Promise<void>;
}) {
  const [values, setValues] = useState<T>(opts.initialValues);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const validateField = useCallback(
    async (name: keyof T & string, all: T = valuesRef.current) => {
      try {
        await opts.schema.validateAt(name, all);
        setErrors((e) => ({ ...e, [name]: undefined }));
      } catch (err) {
        setErrors((e) => ({ ...e, [name]: (err as ValidationError).message }));
      }
    },
    [opts.schema],
  );

  const setFieldValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
  }, []);

  const handleSubmit = useCallback(
    async (e?: { preventDefault?: () => void }) => {
      e?.preventDefault?.();
      try {
        const cast = (await opts.schema.validate(valuesRef.current, { abortEarly: false })) as T;
        setErrors({});
        setSubmitting(true);
        try {
          await opts.onSubmit({ ...valuesRef.current, ...cast });
        } finally {
          setSubmitting(false);
        }
      } catch (err) {
        const ve = err as ValidationError;
        if (ve.name !== 'ValidationError') throw err;
        const next: FormErrors<T> = {};
        for (const inner of ve.inner.length ? ve.inner : [ve]) {
          const path = inner.path as (keyof T & string) | undefined;
          if (path && !next[path]) next[path] = inner.message;
        }
        setErrors(next);
      }
    },
    [opts],
  );

  return {
    values,
    errors,
    submitting,
    setValues,
    setErrors,
    setFieldValue,
    validateField,
    handleSubmit,
    /** props for a text input bound to `name` */
    field: (name: keyof T & string) => ({
      name,
      value: String(values[name] ?? ''),
      onChange: (e: { target: { value: string } }) => setFieldValue(name, e.target.value as T[typeof name]),
      onBlur: () => void validateField(name),
    }),
  };
}
