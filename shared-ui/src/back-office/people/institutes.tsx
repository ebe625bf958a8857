/** Institutes (admin, /institutes): table (paged by the server, 10 a page, search by name), add and edit dialog, delete with confirmation, view. */
import { Button, HStack, useNavigate, DataTable, type Column, TextField, PageHeader, notify } from 'shared-ui';
import { useServerPaging } from '../common/use-server-paging';
import { useEffect, useState } from 'react';
import { errorText, formatNumber, i18n, instituteCreateSchema, instituteEditSchema, useSession, type User } from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import {
  useCreateInstituteMutation, useDeleteUserMutation, useGetAllInstitutesQuery, useUpdateInstituteMutation, type InstituteRow,
} from 'shared-api/back-office';
import { FormDialog } from '../common/form-dialog';
import { useConfirmedAction } from '../common/confirmed-action';
import type { PeoplePermissions } from './permissions';
import { SelectField } from '../common/select-field';
import { STATUS_OPTIONS, optionsShown } from './user-dialogs';
import { StatusBadge } from './users-table';

/** labels in English, marked: shown translated (optionsShown) */
export const INSTITUTE_ROLE_OPTIONS = [
  { value: '1', label: /*i18n*/ 'Can add exam' },
  { value: '0', label: /*i18n*/ 'Cannot add exam' },
];

export function InstitutesPage({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const paging = useServerPaging(10);
  const q = useGetAllInstitutesQuery({ userId: me?._id ?? '', ...paging.args }, { skip: !me });
  const [dialog, setDialog] = useState<{ institute: InstituteRow | null } | null>(null);
  const remove = useConfirmedAction<InstituteRow>({
    message: i18n._('Are you sure you want to delete this institute?'),
    act: (i) => deleteUser({ userId: me!._id, _id: i._id }).unwrap(),
    success: i18n._('Sucessfully Deleted Institute'),
    failure: (e) => [errorText(e, i18n._('Error Deleting User'))],
  });
  const [deleteUser] = useDeleteUserMutation();
  useEffect(() => {
    if (q.error) notify.error(i18n._('Error cannot get Users'), errorText(q.error, ''), 'institutes-load');
  }, [q.error]);

  const columns: Column<InstituteRow>[] = [
    { header: /*i18n*/ 'Name', cell: (i) => i.name },
    { header: /*i18n*/ 'Email', cell: (i) => i.email },
    { header: /*i18n*/ 'Phone', cell: (i) => i.phone },
    { header: /*i18n*/ 'Students', cell: (i) => formatNumber(i.students) },
    { header: /*i18n*/ 'Status', cell: (i) => <StatusBadge status={i.status} /> },
    {
      header: /*i18n*/ 'Actions',
      cell: (i) => (
        <HStack gap="1" flexWrap="wrap">
          <Button size="xs" variant="outline" aria-label={i18n._('Edit {name}', { name: i.name })} onClick={() => setDialog({ institute: i })}>
            {i18n._('Edit')}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={i18n._('Delete {name}', { name: i.name })} onClick={() => remove.ask(i)}>
            {i18n._('Delete')}
          </Button>
          <Button size="xs" variant="outline" aria-label={i18n._('View {name}', { name: i.name })} onClick={() => navigate(perms.instituteDetailPath(i._id))}>
            {i18n._('View')}
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={i18n._('Institutes')}
        actions={
          <Button colorPalette="blue" onClick={() => setDialog({ institute: null })}>
            {i18n._('Add Institute')}
          </Button>
        }
      />
      <DataTable rows={q.data?.rows} total={q.data?.total} paging={paging} loading={q.isLoading} fetching={q.isFetching}
        columns={columns} rowKey={(i) => i._id} searchField="Name" caption={i18n._('Institutes')} emptyText={i18n._('No institutes found')} />
      {dialog && <InstituteDialog key={dialog.institute?._id ?? 'new'} institute={dialog.institute} onClose={() => setDialog(null)} />}
      {remove.dialog}
    </>
  );
}

export function InstituteDialog({ institute, onClose }: { institute: User | null; onClose: () => void }) {
  const { user: me } = useSession();
  const [createInstitute] = useCreateInstituteMutation();
  const [updateInstitute] = useUpdateInstituteMutation();
  const editing = !!institute;
  const form = useForm({
    resolver: schemaResolver((editing ? instituteEditSchema : instituteCreateSchema) as typeof instituteCreateSchema),
    defaultValues: {
      name: institute?.name ?? '',
      email: institute?.email ?? '',
      phone: institute?.phone ?? '',
      address: institute?.address ?? '',
      password: '',
      confirm_password: '',
      institute_role: String(institute?.institute_role ?? 1),
      status: String(institute?.status ?? 1),
    },
  });
  const submit = form.handleSubmit(async (v) => {
    if (!me) return;
    const base = {
      name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim(), address: v.address.trim(),
      institute_role: (Number(v.institute_role) === 1 ? 1 : 0) as 0 | 1,
    };
    if (institute) {
      const res = await updateInstitute({ userId: me._id, body: { ...base, _id: institute._id, status: Number(v.status) === 1 ? 1 : 0 } });
      if ('error' in res) return void notify.error(errorText(res.error, i18n._('Error Updating User Data')));
      notify.success(i18n._('Sucessfully Updated Institute'));
    } else {
      const res = await createInstitute({ userId: me._id, body: { ...base, password: v.password, confirm_password: v.confirm_password } });
      if ('error' in res) return void notify.error(errorText(res.error, i18n._('Error Adding User')));
      notify.success(i18n._('Sucessfully Added Institute'));
    }
    onClose();
  });
  return (
    <FormDialog open title={editing ? i18n._('Edit Institute') : i18n._('Add Institute')} submitLabel={editing ? i18n._('Update Institute') : i18n._('Add Institute')} submitting={form.submitting} onSubmit={submit} onClose={onClose}>
      <TextField label={i18n._('Name')} required {...form.field('name')} error={form.error('name')} />
      <TextField label={i18n._('Email')} required type="email" {...form.field('email')} error={form.error('email')} autoComplete="off" />
      <TextField label={i18n._('Phone')} required type="tel" inputMode="numeric" {...form.field('phone')} error={form.error('phone')} />
      <TextField label={i18n._('Address')} {...form.field('address')} error={form.error('address')} />
      {!editing && (
        <>
          <TextField label={i18n._('Password')} required type="password" {...form.field('password')} error={form.error('password')} autoComplete="new-password" />
          <TextField label={i18n._('Confirm Password')} required type="password" {...form.field('confirm_password')} error={form.error('confirm_password')} autoComplete="new-password" />
        </>
      )}
      <SelectField label={i18n._('Institute Role')} name="institute_role" value={form.watch('institute_role')} onChange={(val) => form.setValue('institute_role', val)} options={optionsShown(INSTITUTE_ROLE_OPTIONS)} error={form.error('institute_role')} />
      {editing && <SelectField label={i18n._('Status')} name="status" value={form.watch('status')} onChange={(val) => form.setValue('status', val)} options={optionsShown(STATUS_OPTIONS)} error={form.error('status')} />}
    </FormDialog>
  );
}
