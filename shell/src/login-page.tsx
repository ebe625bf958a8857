import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  MSG, errorText, checkLogin, startSession, useAppDispatch, useContactInfo, useForm, useSigninMutation, type LoginValues,
} from 'shared-api';
import { Box, Button, Center, Heading, Link, Stack, Text, TextField, notify, useNavigate } from 'shared-ui';
import { AREAS } from './areas';
import { loadRemoteApp } from './remotes';
import { takePrerenderedLogin } from './prerendered-login';

export function LoginPage() {
  const [signin] = useSigninMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const contact = useContactInfo();

  const form = useForm<LoginValues>({
    validate: checkLogin,
    initialValues: { email: '', password: '' },
    onSubmit: async (values) => {
      const res = await signin(values);
      if ('error' in res) {
        notify.error(MSG.authError, errorText(res.error, MSG.invalidCredentials));
        return;
      }
      const area = AREAS[res.data.user.role];
      // Start fetching the role's remote while the session is stored.
      void loadRemoteApp(area.remote).catch(() => undefined);
      startSession(dispatch, res.data);
      navigate(area.path, { replace: true });
    },
  });

  // Take over what was typed into index.html's static login page before this mounted (same commit: no keystroke
  // can fall between its removal and this effect), and its Login click or Enter: submitted once the values are set.
  const formRef = useRef<HTMLFormElement>(null);
  const [replaySubmit, setReplaySubmit] = useState(false);
  const { setValues, validateField, handleSubmit } = form;
  useLayoutEffect(() => {
    const typed = takePrerenderedLogin();
    if (!typed) return;
    const values = { email: typed.email, password: typed.password };
    setValues(values);
    if (typed.submitted) {
      setReplaySubmit(true);
      return;
    }
    // A field typed into and left before the app started was blurred there: check it as its blur would have.
    for (const name of ['email', 'password'] as const) {
      if (values[name] && typed.focused !== name) void validateField(name, values);
    }
    if (typed.focused) formRef.current?.querySelector<HTMLInputElement>(`input[name="${typed.focused}"]`)?.focus();
  }, [setValues, validateField]);
  useEffect(() => {
    if (!replaySubmit) return;
    setReplaySubmit(false);
    void handleSubmit();
  }, [replaySubmit, handleSubmit]);

  return (
    <Center minH="100dvh" p="4" bg="bg.subtle">
      <Box w="full" maxW="sm" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: 5, md: 8 }} shadow="sm">
        <form ref={formRef} onSubmit={form.handleSubmit} noValidate>
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="xl">EPS-TOPIK Mock Exam</Heading>
            <Text color="fg.muted" fontSize="sm">Sign in to continue</Text>
          </Stack>
          <TextField label="Email" type="email" autoComplete="username" inputMode="email" error={form.errors.email} {...form.field('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" error={form.errors.password} {...form.field('password')} />
          <Button type="submit" colorPalette="blue" loading={form.submitting}>
            Login
          </Button>
          <Stack gap="1" fontSize="sm" borderTopWidth="1px" pt="4" data-testid="contact-info">
            <Text>
              Contact: <Link variant="underline" colorPalette="blue" href={`tel:${contact?.phone ?? ''}`}>{contact?.phone ?? '…'}</Link>
            </Text>
            <Text>
              Follow us: <Link variant="underline" colorPalette="blue" href={contact?.social ?? '#'} target="_blank" rel="noopener noreferrer">Facebook</Link>
            </Text>
            <Text lang="ne" color="fg.muted">
              पहिलो पटक प्रयोग गर्दै हुनुहुन्छ? प्रयोगकर्ता नाम (username) र पासवर्ड पाउन कृपया {contact?.phone ?? '…'} मा फोन गर्नुहोस्।
            </Text>
          </Stack>
        </Stack>
        </form>
      </Box>
    </Center>
  );
}
