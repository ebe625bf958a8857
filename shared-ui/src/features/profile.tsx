/** Your Profile, for every role: name (editable), email and role (read-only), change password; back offices also get the picture card. */
import { Box, Button, Code, Field, Grid, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { codeRecipe } from '@chakra-ui/react/theme';
import { Avatar } from '../components/avatar';
import { Card, Dialog, NativeSelect } from '../overlays';
import { useMemo, useRef, useState } from 'react';
import {
  DEFAULT_TIME_ZONE, ROLE_LABEL, changePasswordSchema, errorText, formatNumber, profileSchema, useAppDispatch, useSession, setLanguage, i18n, translateServerMessage, type Language, type User,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { acceptOf, uploadHint } from 'shared-api/uploads';
import { useChangePasswordMutation, useChangePictureMutation, useUpdateLanguageMutation, useUpdateProfileMutation } from 'shared-api/profile';
import { LanguageSelect } from '../components/language-select';
import { useLanguage } from '../i18n';
import { TextField } from '../components/text-field';
import { PageHeader } from '../layout/app-layout';
import { notify } from '../toaster';
import { checkProfileImage, updateStoredSession } from './profile-helpers';

export function ProfilePage({ showPictureCard }: { showPictureCard: boolean }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader title={i18n._('Your Profile')} />
      <LanguageSetting user={user} />
      <Grid templateColumns={{ base: '1fr', lg: showPictureCard ? '2fr 1fr' : '1fr' }} gap="5" maxW={showPictureCard ? '5xl' : '2xl'}>
        <DetailsCard user={user} />
        {showPictureCard && <PictureCard user={user} />}
      </Grid>
    </>
  );
}

/** The interface's language, kept for the user (every device it signs in on) and on this device. */
function LanguageSetting({ user }: { user: User }) {
  const session = useSession();
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const [update, { isLoading }] = useUpdateLanguageMutation();
  const choose = async (next: Language) => {
    const res = await update({ userId: user._id, language: next });
    if ('error' in res) {
      notify.error(errorText(res.error, i18n._('Error Updating User Data')));
      return;
    }
    if (session.token) updateStoredSession(dispatch, { token: session.token, user: { ...user, language: next }, institute: session.institute });
    await setLanguage(next);
  };
  return (
    <Box mb="4">
      <LanguageSelect value={language} onChange={(l) => void choose(l)} disabled={isLoading} />
    </Box>
  );
}

function DetailsCard({ user }: { user: User }) {
  const session = useSession();
  const dispatch = useAppDispatch();
  const [update] = useUpdateProfileMutation();
  const [changing, setChanging] = useState(false);
  // institutes and admins choose the zone their days are counted in; a student's is its institute's
  const zoned = user.role !== 0;
  const [timeZone, setTimeZone] = useState(user.time_zone || DEFAULT_TIME_ZONE);
  const form = useForm({
    resolver: schemaResolver(profileSchema),
    defaultValues: { firstname: user.first_name, lastname: user.last_name },
  });
  const submit = form.handleSubmit(async (v) => {
    const firstname = v.firstname.trim();
    const lastname = (v.lastname ?? '').trim();
    const res = await update({ userId: user._id, firstname, lastname, ...(zoned ? { time_zone: timeZone } : {}) });
    if ('error' in res) {
      notify.error(errorText(res.error, i18n._('Error Updating User Data')));
      return;
    }
    const next: User = {
      ...user, first_name: firstname, last_name: lastname, name: res.data?.name ?? `${firstname} ${lastname}`.trim(),
      time_zone: res.data?.time_zone ?? user.time_zone,
    };
    if (session.token) updateStoredSession(dispatch, { token: session.token, user: next, institute: session.institute });
    notify.success(i18n._('Updating User Details Success'));
  });
  return (
    <Card.Root>
      <Card.Body>
        <form
          noValidate
          aria-label={i18n._('Profile details')}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4">
            <TextField label={i18n._('Email')} value={user.email} readOnly disabled />
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
              <TextField label={i18n._('First Name')} {...form.field('firstname')} error={form.error('firstname')} />
              <TextField label={i18n._('Last Name')} {...form.field('lastname')} error={form.error('lastname')} />
            </Grid>
            <TextField label={i18n._('Role')} value={ROLE_LABEL[user.role]} readOnly disabled />
            {zoned && <TimeZoneField value={timeZone} onChange={setTimeZone} />}
            <HStack gap="3" flexWrap="wrap">
              <Button type="submit" colorPalette="blue" loading={form.submitting}>
                {i18n._('Save')}
              </Button>
              {user.auth_type !== 'google' && (
                <Button variant="outline" onClick={() => setChanging(true)}>
                  {i18n._('Change Password')}
                </Button>
              )}
            </HStack>
          </Stack>
        </form>
      </Card.Body>
      {changing && <ChangePasswordDialog user={user} onClose={() => setChanging(false)} />}
    </Card.Root>
  );
}

/** The IANA zones this browser knows, the current one and Asia/Kathmandu first (Intl lists it as Asia/Katmandu). */
function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return Array.from(new Set([value, DEFAULT_TIME_ZONE, 'UTC', ...all.filter((z) => z !== 'Asia/Katmandu')]));
  }, [value]);
  return (
    <Field.Root>
      <Field.Label>{i18n._('Time Zone')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field aria-label={i18n._('Time Zone')} value={value} onChange={(e) => onChange(e.target.value)}>
          {zones.map((z) => <option key={z} value={z}>{z.replaceAll('_', ' ')}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{i18n._("Today's results, report dates and access periods are days in this zone.")}</Field.HelperText>
    </Field.Root>
  );
}

function ChangePasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const session = useSession();
  const dispatch = useAppDispatch();
  const [change] = useChangePasswordMutation();
  const form = useForm({
    resolver: schemaResolver(changePasswordSchema),
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    const res = await change({ userId: user._id, email: user.email, password: v.password, newPassword: v.newPassword, confirmPassword: v.confirmPassword });
    if ('error' in res) {
      notify.error(i18n._('Change Password Failed!'), errorText(res.error, ''));
      return;
    }
    // Earlier tokens are revoked: carry on with the new one.
    if (res.data?.token) updateStoredSession(dispatch, { token: res.data.token, user, institute: session.institute });
    notify.success(i18n._('Password Change Success'));
    onClose();
  });
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{i18n._('Change Password')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <TextField label={i18n._('Current Password')} type="password" autoComplete="current-password" {...form.field('password')} error={form.error('password')} />
                  <TextField label={i18n._('New Password')} type="password" autoComplete="new-password" {...form.field('newPassword')} error={form.error('newPassword')} />
                  <TextField label={i18n._('Confirm Password')} type="password" autoComplete="new-password" {...form.field('confirmPassword')} error={form.error('confirmPassword')} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={form.submitting}>
                  {i18n._('Cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={form.submitting}>
                  {i18n._('Change Password')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PictureCard({ user }: { user: User }) {
  const session = useSession();
  const dispatch = useAppDispatch();
  const [changePicture, { isLoading }] = useChangePictureMutation();
  const [fileError, setFileError] = useState('');
  const [showDetails, setShowDetails] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    const problem = checkProfileImage(file);
    setFileError(problem);
    if (problem) return;
    const res = await changePicture({ userId: user._id, file });
    if (input.current) input.current.value = '';
    if ('error' in res) {
      notify.error(i18n._('Change Picture Failed!'), errorText(res.error, ''));
      return;
    }
    if (session.token) updateStoredSession(dispatch, { token: session.token, user: { ...user, image: res.data.image }, institute: session.institute });
    notify.success(i18n._('Change Picture Success'));
  }

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4" align="center" textAlign="center">
          <Avatar.Root size="2xl" style={{ width: 120, height: 120 }}>
            <Avatar.Fallback name={user.name || user.email} />
            {user.image ? <Avatar.Image src={user.image} alt={i18n._('Profile picture')} /> : null}
          </Avatar.Root>
          <Field.Root invalid={!!fileError} alignItems="center">
            <Button variant="outline" loading={isLoading} onClick={() => input.current?.click()}>
              {i18n._('Change Image')}
            </Button>
            <input
              ref={input}
              type="file"
              accept={acceptOf('picture')}
              hidden
              aria-label={i18n._('Profile picture file')}
              data-testid="picture-input"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <Field.HelperText>{i18n._('{types}, max size {size}{unit}', { ...uploadHint('picture'), size: formatNumber(uploadHint('picture').size) })}</Field.HelperText>
            <Field.ErrorText>{fileError && translateServerMessage(fileError)}</Field.ErrorText>
          </Field.Root>
          <Button variant="ghost" onClick={() => setShowDetails((s) => !s)} aria-expanded={showDetails}>
            {i18n._('View My Details')}
          </Button>
          {showDetails && (
            <Stack gap="3" width="100%" textAlign="left">
              <CopyRow label={/*i18n*/ 'User Id'} value={user._id} />
              <CopyRow label={/*i18n*/ 'Token'} value={session.token ?? ''} />
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** `label`: English (its test id), shown in the interface's language. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Box>
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          {i18n._(label)}
        </Text>
        <Button
          size="xs"
          variant="outline"
          aria-label={i18n._('Copy {label}', { label: i18n._(label) })}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            } catch {
              notify.error(i18n._('Copy failed'));
            }
          }}
        >
          {copied ? i18n._('Copied') : i18n._('Copy')}
        </Button>
      </HStack>
      <Code recipe={codeRecipe} display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" mt="1" fontSize="xs" data-testid={`my-${label.toLowerCase().replace(' ', '-')}`}>
        {value}
      </Code>
    </Box>
  );
}
