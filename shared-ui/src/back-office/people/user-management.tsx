/** User Management (/users): admins get 'Yours Users', 'Users With No Institute' and 'All Users'; institutes their students. */
import { Button, HStack, Tabs, PageHeader, notify } from 'shared-ui';
import { lazy, Suspense, useState } from 'react';
import { errorText, i18n, useSession, addToInstituteSchema, type User } from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import {
  useAddUserToInstituteMutation, useGetAllUsersQuery, useGetInstituteUsersQuery, useGetSelfCreatedUsersQuery, useGetUsersWithNoInstituteQuery,
} from 'shared-api/back-office';
import { FormDialog } from '../common/form-dialog';
import type { PeoplePermissions } from './permissions';
import { SelectField } from '../common/select-field';
import { useAllInstitutes } from '../common/all-institutes';
import { AddUserDialog } from './user-dialogs';
import { UsersTable, useUsersPaging } from './users-table';

const CsvImportDialog = lazy(() => import('./csv-import-dialog'));

export function UserManagementPage({ perms }: { perms: PeoplePermissions }) {
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <PageHeader
        title={i18n._('User Management')}
        actions={
          <HStack gap="2">
            <Button variant="outline" onClick={() => setImporting(true)}>
              {i18n._('Import CSV')}
            </Button>
            <Button colorPalette="blue" onClick={() => setAdding(true)}>
              {i18n._('Add User')}
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
  const paging = useUsersPaging();
  const q = useGetInstituteUsersQuery({ userId: me?._id ?? '', ...paging.args }, { skip: !me });
  return <UsersTable list={q} paging={paging} perms={perms} caption={i18n._('Your users')} />;
}

// One component per tab: a tab's list is asked for when the tab is first opened (lazyMount).
function OwnUsersTab({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const paging = useUsersPaging();
  const q = useGetSelfCreatedUsersQuery({ userId: me?._id ?? '', ...paging.args }, { skip: !me });
  return <UsersTable list={q} paging={paging} perms={perms} caption={i18n._('Yours Users')} />;
}

function NoInstituteTab({ perms, onAdd }: { perms: PeoplePermissions; onAdd: (u: User) => void }) {
  const { user: me } = useSession();
  const paging = useUsersPaging();
  const q = useGetUsersWithNoInstituteQuery({ userId: me?._id ?? '', ...paging.args }, { skip: !me });
  return (
    <UsersTable
      list={q}
      paging={paging}
      perms={perms}
      caption={i18n._('Users With No Institute')}
      extraAction={(u) => (
        <Button size="xs" colorPalette="blue" variant="outline" aria-label={i18n._('Add {name} to Institute', { name: u.name || u.email })} onClick={() => onAdd(u)}>
          {i18n._('Add to Institute')}
        </Button>
      )}
    />
  );
}

function AllUsersTab({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const paging = useUsersPaging();
  const q = useGetAllUsersQuery({ userId: me?._id ?? '', ...paging.args }, { skip: !me });
  return <UsersTable list={q} paging={paging} perms={perms} caption={i18n._('All Users')} />;
}

function AdminUsers({ perms }: { perms: PeoplePermissions }) {
  const [adding, setAdding] = useState<User | null>(null);
  return (
    <Tabs.Root defaultValue="own" lazyMount variant="line">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="own">{i18n._('Yours Users')}</Tabs.Trigger>
        <Tabs.Trigger value="none">{i18n._('Users With No Institute')}</Tabs.Trigger>
        <Tabs.Trigger value="all">{i18n._('All Users')}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="own">
        <OwnUsersTab perms={perms} />
      </Tabs.Content>
      <Tabs.Content value="none">
        <NoInstituteTab perms={perms} onAdd={setAdding} />
      </Tabs.Content>
      <Tabs.Content value="all">
        <AllUsersTab perms={perms} />
      </Tabs.Content>
      <AddToInstituteDialog user={adding} onClose={() => setAdding(null)} />
    </Tabs.Root>
  );
}

function AddToInstituteDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { user: me } = useSession();
  const institutes = useAllInstitutes(!!user);
  const [addUser] = useAddUserToInstituteMutation();
  const form = useForm({
    resolver: schemaResolver(addToInstituteSchema),
    defaultValues: { institute: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    if (!user || !me) return;
    const res = await addUser({ userId: me._id, user: user._id, institute: v.institute });
    if ('error' in res) {
      notify.error(errorText(res.error, i18n._('Error Updating User Data')));
      return;
    }
    notify.success(i18n._('Sucessfully Updated User'));
    form.reset({ institute: '' });
    onClose();
  });
  return (
    <FormDialog open={!!user} title={i18n._('Add to Institute')} submitLabel={i18n._('Add to Institute')} submitting={form.submitting} onSubmit={submit} onClose={onClose}>
      <SelectField
        label={i18n._('Institute')}
        name="institute"
        value={form.watch('institute')}
        onChange={(v) => form.setValue('institute', v)}
        placeholder={institutes.rows ? i18n._('Select institute') : i18n._('Loading…')}
        options={(institutes.rows ?? []).map((i) => ({ value: i._id, label: `${i.name} (${i.email})` }))}
        error={form.error('institute')}
      />
    </FormDialog>
  );
}
