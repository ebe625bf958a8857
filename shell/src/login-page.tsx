import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  LANGUAGE_KEY, MSG, errorText, checkLogin, isLanguage, setLanguage, startSession, useAppDispatch, useContactInfo,
  useSigninMutation, type LoginValues,
} from 'shared-api';
import { notify, useLanguage, useNavigate } from 'shared-ui';
import { AREAS } from './areas';
import { LoginCard } from './login-card';
import { loadRemoteApp } from './remotes';
import { takePrerenderedLogin } from './prerendered-login';

type Field = keyof LoginValues;

/**
 * The sign-in form's two fields, checked by checkLogin (no yup) by the rule of every form (shared-api/form): a field on
 * blur when typed into or holding a value, both on submit, nothing sent with errors. Not react-hook-form as the other
 * forms: this page is in every visitor's first render, which react-hook-form would grow by 12 kB gz (the student's
 * first render is at its 220 kB budget).
 */
function useLoginForm(send: (values: LoginValues) => Promise<void>) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const typed = useRef(new Set<Field>());
  const check = useCallback((name: Field, all: LoginValues) => setErrors((e) => ({ ...e, [name]: checkLogin(all)[name] })), []);
  const submit = async (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    const found = checkLogin(values);
    setErrors(found);
    if (found.email || found.password) return;
    setSubmitting(true);
    try {
      await send(values);
    } finally {
      setSubmitting(false);
    }
  };
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      typed.current.add(name);
      setValues((v) => ({ ...v, [name]: e.target.value }));
    },
    onBlur: () => {
      if (typed.current.has(name) || values[name]) check(name, values);
    },
  });
  return { errors, submitting, setValues, check, submit, field };
}

export function LoginPage() {
  const [signin] = useSigninMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const contact = useContactInfo();
  const language = useLanguage();

  const form = useLoginForm(async (values) => {
    // A language chosen on this device (here or before) becomes the user's; otherwise the user's own applies.
    const chosen = localStorage.getItem(LANGUAGE_KEY);
    const res = await signin(isLanguage(chosen) ? { ...values, language: chosen } : values);
    if ('error' in res) {
      notify.error(MSG.authError, errorText(res.error, MSG.invalidCredentials));
      return;
    }
    const area = AREAS[res.data.user.role];
    // Start fetching the role's remote while the session is stored.
    void loadRemoteApp(area.remote).catch(() => undefined);
    startSession(dispatch, res.data);
    // the user's language (kept on this device from now on): loaded before the area shows
    if (isLanguage(res.data.user.language)) await setLanguage(res.data.user.language);
    navigate(area.path, { replace: true });
  });

  // Take over what was typed into index.html's prerendered login page (this LoginCard, rendered at build time) before
  // this mounted (same commit: no keystroke can fall between its removal and this effect), and its Login click or
  // Enter: submitted once the values are set.
  const formRef = useRef<HTMLFormElement>(null);
  const [replaySubmit, setReplaySubmit] = useState(false);
  const { setValues, check, submit } = form;
  useLayoutEffect(() => {
    const typed = takePrerenderedLogin();
    if (!typed) return;
    // chosen in the static page before the app ran
    if (isLanguage(typed.language)) void setLanguage(typed.language);
    const values = { email: typed.email, password: typed.password };
    setValues(values);
    if (typed.submitted) {
      setReplaySubmit(true);
      return;
    }
    // A field typed into and left before the app started was blurred there: check it as its blur would have.
    for (const name of ['email', 'password'] as const) {
      if (values[name] && typed.focused !== name) check(name, values);
    }
    if (typed.focused) formRef.current?.querySelector<HTMLInputElement>(`input[name="${typed.focused}"]`)?.focus();
  }, [setValues, check]);
  useEffect(() => {
    if (!replaySubmit) return;
    setReplaySubmit(false);
    void submit();
  }, [replaySubmit, submit]);

  return (
    <LoginCard
      formRef={formRef}
      onSubmit={(e) => void form.submit(e)}
      email={{ error: form.errors.email, ...form.field('email') }}
      password={{ error: form.errors.password, ...form.field('password') }}
      submitting={form.submitting}
      contact={contact}
      language={language}
      onLanguage={(l) => void setLanguage(l)}
    />
  );
}
