/**
 * A small form hook: validates a field on blur and the whole form on submit; submits only without errors. A blur
 * checks a field the user has typed into or that holds a value: an empty field only passed through (the first field
 * of a dialog, focused on opening, left for a switch) says nothing until it is typed into or the form is submitted.
 * The rules are a yup schema, a lazy schema handle (./lazy-schemas.ts: yup is fetched on the first validation) or a
 * plain `validate` function returning the messages by field (the sign-in form: no yup at all).
 * With `toInput`, the schema checks the request body the form is about to send (the schema the server runs on that
 * body too) instead of the form's values; the body names its fields as the form does, so messages land on them.
 */
import { useCallback, useRef, useState } from 'react';
import type { AnyObjectSchema, ValidationError } from 'yup';
import type { LazySchema } from './lazy-schemas';
import { i18n } from './i18n';

export type FormErrors<T> = Partial<Record<keyof T & string, string>>;

/** what the hook needs of a yup object schema (a typed one such as ObjectSchema<QuestionFields> included) */
type Checker = Pick<AnyObjectSchema, 'validate' | 'validateAt'>;

type Rules<T> =
  | { schema: Checker | LazySchema<Checker>; validate?: undefined }
  | { validate: (values: T) => FormErrors<T>; schema?: undefined };

const isLazy = (s: Checker | LazySchema<Checker>): s is LazySchema<Checker> => (s as LazySchema<Checker>).lazySchema === true;

const validationError = (message: string, path?: string, inner: unknown[] = []) =>
  Object.assign(new Error(message), { name: 'ValidationError', path, inner });

/** A plain validate function in yup's shape, so the hook has one path. */
function fromFunction<T>(validate: (values: T) => FormErrors<T>) {
  const failures = (all: T) =>
    Object.entries(validate(all) as Record<string, string | undefined>).filter((e): e is [string, string] => !!e[1]);
  return {
    async validateAt(name: string, all: T) {
      const m = (validate(all) as Record<string, string | undefined>)[name];
      if (m) throw validationError(m, name);
    },
    async validate(all: T) {
      const f = failures(all);
      if (f.length) throw validationError(f[0]![1], undefined, f.map(([path, message]) => validationError(message, path)));
      return all;
    },
  };
}

/** What the rules check: the request body of the values (`toInput`), or the values themselves. */
const checked = <T,>(o: { toInput?: (values: T) => unknown }, values: T) => (o.toInput ? o.toInput(values) : values);

/** Shown when the rules themselves could not be fetched (offline before the first form of the session). */
export const FORM_OFFLINE = /*i18n*/ 'Could not check the form: no connection. Please try again.';

let reportFormProblem: (message: string) => void = () => {};
/** The UI kit tells the hook how to tell the user (a toast, in the current language) when a form cannot be checked. */
export function onFormProblem(report: (message: string) => void) {
  reportFormProblem = report;
}

export function useForm<T extends Record<string, unknown>>(opts: Rules<T> & {
  initialValues: T;
  /** the request body of these values: what the schema checks (the values, cast by the schema, without it) */
  toInput?: (values: T) => unknown;
  onSubmit: (values: T) => void | Promise<void>;
}) {
  const [values, setValuesState] = useState<T>(opts.initialValues);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  /** the fields typed into since the values were last set whole */
  const touched = useRef(new Set<string>());
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const optsRef = useRef(opts);
  optsRef.current = opts;

  /** The rules, yup's shape: the schema, the fetched lazy schema, or the validate function. */
  const rules = useCallback(async (): Promise<Checker> => {
    const o = optsRef.current;
    if (o.validate) return fromFunction(o.validate) as unknown as AnyObjectSchema;
    return isLazy(o.schema) ? o.schema.load() : o.schema;
  }, []);

  const validateField = useCallback(
    async (name: keyof T & string, all: T = valuesRef.current) => {
      try {
        await (await rules()).validateAt(name, checked(optsRef.current, all));
        setErrors((e) => ({ ...e, [name]: undefined }));
      } catch (err) {
        // a failed fetch of the rules says nothing about the field: the submit will tell
        if ((err as ValidationError).name !== 'ValidationError') return;
        setErrors((e) => ({ ...e, [name]: (err as ValidationError).message }));
      }
    },
    [rules],
  );

  const setFieldValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValuesState((v) => ({ ...v, [name]: value }));
  }, []);

  /** Sets the values: whole ones (a dialog reopened, a form reset) start untouched; an update keeps what was touched. */
  const setValues = useCallback((next: T | ((prev: T) => T)) => {
    if (typeof next !== 'function') touched.current.clear();
    setValuesState(next);
  }, []);

  const handleSubmit = useCallback(
    async (e?: { preventDefault?: () => void }) => {
      e?.preventDefault?.();
      let checker: Awaited<ReturnType<typeof rules>>;
      try {
        checker = await rules();
      } catch {
        reportFormProblem(i18n._(FORM_OFFLINE));
        return;
      }
      try {
        const cast = (await checker.validate(checked(opts, valuesRef.current), { abortEarly: false })) as T;
        setErrors({});
        setSubmitting(true);
        try {
          await opts.onSubmit(opts.toInput ? valuesRef.current : { ...valuesRef.current, ...cast });
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
    [opts, rules],
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
      onChange: (e: { target: { value: string } }) => {
        touched.current.add(name);
        setFieldValue(name, e.target.value as T[typeof name]);
      },
      onBlur: () => {
        const value = valuesRef.current[name];
        if (touched.current.has(name) || (value !== undefined && value !== null && String(value) !== '')) void validateField(name);
      },
    }),
  };
}
