import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  LANGUAGE_KEY, MSG, errorText, checkLogin, isLanguage, setLanguage, startSession, useAppDispatch, useContactInfo,
  useSigninMutation, type LoginValues,
} from 'shared-api';
import { useForm, validateResolver } from 'shared-api/form';
import { notify, useLanguage, useNavigate } from 'shared-ui';
import { AREAS } from './areas';
import { LoginCard } from './login-card';
import { loadRemoteApp } from './remotes';
import { takePrerenderedLogin } from './prerendered-login';

export function LoginPage() {
  const [signin] = useSigninMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const contact = useContactInfo();
  const language = useLanguage();

  const form = useForm({ resolver: validateResolver<LoginValues>(checkLogin), defaultValues: { email: '', password: '' } });
  const submit = form.handleSubmit(async (values) => {
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
  const { reset, trigger, setFocus } = form;
  useLayoutEffect(() => {
    const typed = takePrerenderedLogin();
    if (!typed) return;
    // chosen in the static page before the app ran
    if (isLanguage(typed.language)) void setLanguage(typed.language);
    const values = { email: typed.email, password: typed.password };
    reset(values);
    if (typed.submitted) {
      setReplaySubmit(true);
      return;
    }
    // A field typed into and left before the app started was blurred there: check it as its blur would have.
    for (const name of ['email', 'password'] as const) {
      if (values[name] && typed.focused !== name) void trigger(name);
    }
    if (typed.focused) setFocus(typed.focused);
  }, [reset, trigger, setFocus]);
  useEffect(() => {
    if (!replaySubmit) return;
    setReplaySubmit(false);
    void submit();
  }, [replaySubmit, submit]);

  return (
    <LoginCard
      formRef={formRef}
      onSubmit={submit}
      email={{ error: form.error('email'), ...form.field('email') }}
      password={{ error: form.error('password'), ...form.field('password') }}
      submitting={form.submitting}
      contact={contact}
      language={language}
      onLanguage={(l) => void setLanguage(l)}
    />
  );
}
