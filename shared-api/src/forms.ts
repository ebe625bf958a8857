/**
 * shared-api/form: the product's forms, on react-hook-form, checked by a rule's yup schema (the one the server runs on
 * the body) through @hookform/resolvers' yupResolver. Not in the root: no first render carries react-hook-form (the
 * Profile screen, the back office and the transfer page bring it with their screens; the sign-in form has its own
 * check, shell/src/login-page.tsx).
 *
 * When a field is checked: the whole form on submit (no submit with errors); on blur, a field the user has typed into
 * or that holds a value. An empty field only passed through (the first field of a dialog, focused on opening, left
 * for a switch) says nothing until it is typed into or the form is submitted. react-hook-form's own modes check every
 * field blurred ('onBlur', 'onTouched'), so they are off ('onSubmit' before and after a submit) and `field()`'s blur
 * checks by this rule (`checkField`).
 */
import { useCallback, useRef, type FocusEvent } from 'react';
import {
  get, useForm as useHookForm, type FieldError, type FieldValues, type Path, type Resolver, type ResolverResult, type SubmitHandler,
  type UseFormProps,
} from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { AnyObjectSchema } from 'yup';
import { FORM_OFFLINE, i18n, reportFormProblem, type LazySchema } from 'shared-api';

const OFFLINE = 'offline';

/** what is needed of a yup object schema (a typed one such as ObjectSchema<QuestionFields> included) */
type Checker = Pick<AnyObjectSchema, 'validate'>;

const isLazy = (s: Checker | LazySchema<Checker>): s is LazySchema<Checker> => (s as LazySchema<Checker>).lazySchema === true;

/**
 * A form's rules: a yup schema, or a lazy schema handle (./lazy-schemas.ts, fetched with the first check). With
 * `toInput`, the schema checks the request body the form is about to send (what the server checks) instead of the
 * values; the body names its fields as the form does, so messages land on them, and the submit gets the values.
 */
export function schemaResolver<T extends FieldValues>(
  schema: Checker | LazySchema<Checker>,
  toInput?: (values: T) => unknown,
): Resolver<T> {
  return async (values, context, options) => {
    let rules: AnyObjectSchema;
    try {
      rules = (isLazy(schema) ? await schema.load() : schema) as AnyObjectSchema;
    } catch {
      // the rules could not be fetched (offline before the first form of the session): no field error; a submit
      // stops and says so (useForm's handleSubmit)
      return { values: {}, errors: { root: { type: OFFLINE, message: FORM_OFFLINE } } } as ResolverResult<T>;
    }
    // (yupResolver's types are a schema's own fields: these are the form's)
    const check = (toInput ? yupResolver(rules, undefined, { raw: true }) : yupResolver(rules)) as unknown as Resolver<FieldValues>;
    if (!toInput) return check(values, context, options as never) as ReturnType<Resolver<T>>;
    const result = await check(toInput(values) as FieldValues, context, options as never);
    return Object.keys(result.errors).length ? (result as ResolverResult<T>) : { values, errors: {} };
  };
}

const holdsValue = (value: unknown) => value !== undefined && value !== null && String(value) !== '';

/** react-hook-form's useForm with the product's checks (above); `resolver` is `schemaResolver(...)` or its own. */
export function useForm<T extends FieldValues>(props: UseFormProps<T> & { resolver: Resolver<T>; defaultValues: T }) {
  const form = useHookForm<T>({ mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false, ...props });
  const { errors, isSubmitting } = form.formState;
  /** the fields typed into since the values were last set whole */
  const typed = useRef(new Set<string>());
  const { register, getValues, trigger, reset: resetValues, handleSubmit: submitWith } = form;

  /** checks a field as its blur does: when it was typed into or holds a value */
  const checkField = useCallback((name: Path<T>) => {
    if (typed.current.has(name) || holdsValue(getValues(name))) void trigger(name);
  }, [getValues, trigger]);

  /** Sets the values whole (a dialog reopened, a form reset): fields start untouched, messages cleared. */
  const reset = useCallback((values: T) => {
    typed.current.clear();
    resetValues(values);
  }, [resetValues]);

  /** The form's submit handler: checks everything, then calls `onValid` with the values when nothing failed. */
  const handleSubmit = useCallback((onValid: SubmitHandler<T>) => submitWith(onValid, (failed) => {
    if (failed.root?.type === OFFLINE) reportFormProblem(i18n._(FORM_OFFLINE));
  }), [submitWith]);

  return {
    ...form,
    reset,
    handleSubmit,
    submitting: isSubmitting,
    /** the message of a field (a path such as `exams[0].exam` included) */
    error: (name: string) => (get(errors, name) as FieldError | undefined)?.message,
    /** props for a native input bound to `name` (register's, with the blur check) */
    field: (name: Path<T>) => {
      const bound = register(name, { onChange: () => typed.current.add(name) });
      return {
        ...bound,
        onBlur: async (e: FocusEvent<HTMLInputElement>) => {
          await bound.onBlur(e);
          checkField(name);
        },
      };
    },
  };
}
