/** Add user, edit user (with the admin/institute change of that user's password). */
import { Box, Button, Heading, Separator, Stack, TextField, notify } from 'shared-ui';
import {
  errorText, i18n, setUserPasswordSchema, useSession, userCreateSchema, userEditSchema, type User,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { useCreateUserMutation, useUpdateUserMutation, useUpdateUserPasswordMutation } from 'shared-api/back-office';
import { FormDialog } from '../common/form-dialog';
import { SelectField } from '../common/select-field';

/** labels in English, marked: shown translated (optionsShown) */
export const STATUS_OPTIONS = [
  { value: '1', label: /*i18n*/ 'Active' },
  { value: '0', label: /*i18n*/ 'Disabled' },
];

/** A select's options with their (marked English) labels in the interface's language. */
export const optionsShown = (options: readonly { value: string; label: string }[]) =>
  options.map((o) => ({ value: o.value, label: i18n._(o.label) }));

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user: me } = useSession();
  const [createUser] = useCreateUserMutation();
  const form = useForm({
    resolver: schemaResolver(userCreateSchema),
    defaultValues: { firstname: '', lastname: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    const res = await createUser({
      userId: me!._id,
      body: { firstname: v.firstname.trim(), lastname: v.lastname.trim(), email: v.email.trim(), phone: v.phone.trim() || undefined, password: v.password, confirmPassword: v.confirmPassword },
    });
    if ('error' in res) {
      notify.error(errorText(res.error, i18n._('Error Adding User')));
      return;
    }
    notify.success(i18n._('Sucessfully Added User'));
    form.reset({ firstname: '', lastname: '', email: '', phone: '', password: '', confirmPassword: '' });
    onClose();
  });
  return (
    <FormDialog open={open} title={i18n._('Add User')} submitLabel={i18n._('Add User')} submitting={form.submitting} onSubmit={submit} onClose={onClose}>
      <TextField label={i18n._('First Name')} required {...form.field('firstname')} error={form.error('firstname')} autoComplete="off" />
      <TextField label={i18n._('Last Name')} required {...form.field('lastname')} error={form.error('lastname')} autoComplete="off" />
      <TextField label={i18n._('Email')} required type="email" {...form.field('email')} error={form.error('email')} autoComplete="off" />
      <TextField label={i18n._('Phone')} type="tel" inputMode="numeric" {...form.field('phone')} error={form.error('phone')} />
      <TextField label={i18n._('Password')} required type="password" {...form.field('password')} error={form.error('password')} autoComplete="new-password" />
      <TextField label={i18n._('Confirm Password')} required type="password" {...form.field('confirmPassword')} error={form.error('confirmPassword')} autoComplete="new-password" />
    </FormDialog>
  );
}

export function EditUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  if (!user) return null;
  // keyed by user so the form starts from that user's values
  return <EditUserForm key={user._id} user={user} onClose={onClose} />;
}

function EditUserForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { user: me } = useSession();
  const [updateUser] = useUpdateUserMutation();
  const form = useForm({
    resolver: schemaResolver(userEditSchema),
    defaultValues: {
      firstname: user.first_name, lastname: user.last_name, email: user.email, phone: user.phone ?? '', status: String(user.status),
    },
  });
  const submit = form.handleSubmit(async (v) => {
    const res = await updateUser({
      userId: me!._id,
      body: {
        _id: user._id, firstname: v.firstname.trim(), lastname: v.lastname.trim(), email: v.email.trim(),
        phone: v.phone.trim(), status: Number(v.status) === 1 ? 1 : 0,
      },
    });
    if ('error' in res) {
      notify.error(errorText(res.error, i18n._('Error Updating User Data')));
      return;
    }
    notify.success(i18n._('Sucessfully Updated User'));
    onClose();
  });
  return (
    <FormDialog
      open
      title={i18n._('Edit User')}
      submitLabel={i18n._('Update User')}
      submitting={form.submitting}
      onSubmit={submit}
      onClose={onClose}
      after={<ChangeUserPassword user={user} />}
    >
      <TextField label={i18n._('First Name')} required {...form.field('firstname')} error={form.error('firstname')} />
      <TextField label={i18n._('Last Name')} required {...form.field('lastname')} error={form.error('lastname')} />
      <TextField label={i18n._('Email')} required type="email" {...form.field('email')} error={form.error('email')} />
      <TextField label={i18n._('Phone')} type="tel" inputMode="numeric" {...form.field('phone')} error={form.error('phone')} />
      <SelectField label={i18n._('Status')} name="status" value={form.watch('status')} onChange={(v) => form.setValue('status', v)} options={optionsShown(STATUS_OPTIONS)} error={form.error('status')} />
    </FormDialog>
  );
}

/** Sets another user's password; no current password needed (the acting user is its institute or an admin). */
function ChangeUserPassword({ user }: { user: User }) {
  const { user: me } = useSession();
  const [updatePassword] = useUpdateUserPasswordMutation();
  const form = useForm({
    resolver: schemaResolver(setUserPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    const res = await updatePassword({ userId: me!._id, user: user._id, email: user.email, newPassword: v.newPassword, confirmPassword: v.confirmPassword });
    if ('error' in res) {
      notify.error(i18n._('Error Changing Password'), errorText(res.error, ''));
      return;
    }
    notify.success(i18n._('Password Change Success'));
    form.reset({ newPassword: '', confirmPassword: '' });
  });
  return (
    <Box mt="5">
      <Separator mb="4" />
      <Heading as="h3" size="sm" mb="3">
        {i18n._('Change Password')}
      </Heading>
      <form
        noValidate
        aria-label={i18n._('Change Password')}
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
      >
        <Stack gap="3">
          <TextField label={i18n._('New Password')} type="password" {...form.field('newPassword')} error={form.error('newPassword')} autoComplete="new-password" />
          <TextField label={i18n._('Confirm New Password')} type="password" {...form.field('confirmPassword')} error={form.error('confirmPassword')} autoComplete="new-password" />
          <Button type="submit" variant="outline" alignSelf="flex-start" loading={form.submitting}>
            {i18n._('Change Password')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
