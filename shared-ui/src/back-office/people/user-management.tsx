/** User Management (/users): admins get 'Yours Users', 'Users With No Institute' and 'All Users'; institutes their students. */
import { Button, HStack, Tabs, PageHeader, notify } from 'shared-ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { errorText, useForm, useSession, addToInstituteSchema, type User } from 'shared-api';
import {
  useAddUserToInstituteMutation, useGetAllInstitutesQuery, useGetAllUsersQuery, useGetInstituteUsersQuery, useGetSelfCreatedUsersQuery, useGetUsersWithNoInstituteQuery,
} from 'shared-api/back-office';
import { FormDialog } from '../common/form-dialog';
import type { PeoplePermissions } from './permissions';
import { SelectField } from '../common/select-field';
import { AddUserDialog } from './user-dialogs';
import { UsersTable } from './users-table';

const CsvImportDialog = lazy(() => import('./csv-import-dialog'));

function useLoadErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notify.error('Error cannot get Users', errorText(error, ''), 'users-load');
  }, [error]);
}

export function UserManagementPage({ perms }: { perms: PeoplePermissions }) {
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <PageHeader
        title="User Management"
        actions={
          <HStack gap="2">
            <Button variant="outline" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button colorPalette="blue" onClick={() => setAdding(true)}>
              Add User
            </Button>
          </HStack>
        }
      />
      {perms.canSeeAllUsers ? <AdminUsers perms={perms} /> : <InstituteUsers perms={perms} />}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      {importing && (
        <Suspense fallback={null}>
          <CsvImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}

function InstituteUsers({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const q = useGetInstituteUsersQuery(me?._id ?? '', { skip: !me });
  useLoadErrorToast(q.error);
  return <UsersTable users={q.data} loading={q.isLoading} perms={perms} caption="Your users" />;
}

function AdminUsers({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const own = useGetSelfCreatedUsersQuery(me?._id ?? '', { skip: !me });
  const all = useGetAllUsersQuery(me?._id ?? '', { skip: !me });
  const none = useGetUsersWithNoInstituteQuery(me?._id ?? '', { skip: !me });
  useLoadErrorToast(own.error ?? none.error ?? all.error);
  const [adding, setAdding] = useState<User | null>(null);
  return (
    <Tabs.Root defaultValue="own" lazyMount variant="line">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="own">Yours Users</Tabs.Trigger>
        <Tabs.Trigger value="none">Users With No Institute</Tabs.Trigger>
        <Tabs.Trigger value="all">All Users</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="own">
        <UsersTable users={own.data} loading={own.isLoading} perms={perms} caption="Yours Users" />
      </Tabs.Content>
      <Tabs.Content value="none">
        <UsersTable
          users={none.data}
          loading={none.isLoading}
          perms={perms}
          caption="Users With No Institute"
          extraAction={(u) => (
            <Button size="xs" colorPalette="blue" variant="outline" aria-label={`Add ${u.name || u.email} to Institute`} onClick={() => setAdding(u)}>
              Add to Institute
            </Button>
          )}
        />
      </Tabs.Content>
      <Tabs.Content value="all">
        <UsersTable users={all.data} loading={all.isLoading} perms={perms} caption="All Users" />
      </Tabs.Content>
      <AddToInstituteDialog user={adding} onClose={() => setAdding(null)} />
    </Tabs.Root>
  );
}

function AddToInstituteDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { user: me } = useSession();
  const institutes = useGetAllInstitutesQuery(me?._id ?? '', { skip: !me || !user });
  const [addUser] = useAddUserToInstituteMutation();
  const form = useForm({
    schema: addToInstituteSchema,
    initialValues: { institute: '' },
    onSubmit: async (v) => {
      if (!user || !me) return;
      const res = await addUser({ userId: me._id, user: user._id, institute: v.institute });
      if ('error' in res) {
        notify.error(errorText(res.error, 'Error Updating User Data'));
        return;
      }
      notify.success('Sucessfully Updated User');
      form.setValues({ institute: '' });
      onClose();
    },
  });
  return (
    <FormDialog open={!!user} title="Add to Institute" submitLabel="Add to Institute" submitting={form.submitting} onSubmit={form.handleSubmit} onClose={onClose}>
      <SelectField
        label="Institute"
        name="institute"
        placeholder="Select institute"
        value={form.values.institute}
        onChange={(v) => form.setFieldValue('institute', v)}
        options={(institutes.data ?? []).map((i) => ({ value: i._id, label: `${i.name} (${i.email})` }))}
        error={form.errors.institute}
      />
    </FormDialog>
  );
}
