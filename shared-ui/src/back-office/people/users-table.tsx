/**
 * The users table: Email, First Name, Last Name, Status, with edit (and password), delete and view. Paged by the
 * server (10 rows a page, search by email): the screen queries with `paging.args` (useUsersPaging) and passes the query.
 */
import { Badge, Button, HStack, useNavigate, DataTable, type Column, notify, type ServerPaging } from 'shared-ui';
import { useServerPaging } from '../common/use-server-paging';
import { useEffect, useState, type ReactNode } from 'react';
import { errorText, i18n, useSession, type PageOf, type User } from 'shared-api';
import { useDeleteUserMutation } from 'shared-api/back-office';
import type { PeoplePermissions } from './permissions';
import { EditUserDialog } from './user-dialogs';
import { useConfirmedAction } from '../common/confirmed-action';

export function StatusBadge({ status }: { status: 0 | 1 }) {
  return <Badge colorPalette={status === 1 ? 'green' : 'red'}>{status === 1 ? i18n._('Active') : i18n._('Disabled')}</Badge>;
}

/** What a paged list query gives the table (RTK Query's hook result has these). */
export interface PagedList<T> {
  data?: PageOf<T>;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
}

/** The spec's page size of users tables. */
export const useUsersPaging = () => useServerPaging(10);

export function UsersTable({
  list, paging, perms, extraAction, caption, emptyText,
}: {
  list: PagedList<User>;
  paging: ServerPaging;
  perms: PeoplePermissions;
  extraAction?: (u: User) => ReactNode;
  /** shown as given (translated by the caller); default 'Users' */
  caption?: string;
  /** shown as given (translated by the caller); default 'No users found' */
  emptyText?: string;
}) {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<User | null>(null);
  const remove = useConfirmedAction<User>({
    message: i18n._('Are you sure you want to delete this user?'),
    act: (u) => deleteUser({ userId: me!._id, _id: u._id }).unwrap(),
    success: i18n._('Sucessfully Deleted User'),
    failure: (e) => [errorText(e, i18n._('Error Deleting User'))],
  });
  const [deleteUser] = useDeleteUserMutation();
  useEffect(() => {
    if (list.error) notify.error(i18n._('Error cannot get Users'), errorText(list.error, ''), 'users-load');
  }, [list.error]);

  const columns: Column<User>[] = [
    { header: /*i18n*/ 'Email', cell: (u) => u.email },
    { header: /*i18n*/ 'First Name', cell: (u) => u.first_name },
    { header: /*i18n*/ 'Last Name', cell: (u) => u.last_name },
    { header: /*i18n*/ 'Status', cell: (u) => <StatusBadge status={u.status} /> },
    {
      header: /*i18n*/ 'Actions',
      cell: (u) => {
        const who = u.name || u.email;
        return (
          <HStack gap="1" flexWrap="wrap">
            <Button size="xs" variant="outline" aria-label={i18n._('Edit {name}', { name: who })} onClick={() => setEditing(u)}>
              {i18n._('Edit')}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" aria-label={i18n._('Delete {name}', { name: who })} onClick={() => remove.ask(u)}>
              {i18n._('Delete')}
            </Button>
            <Button size="xs" variant="outline" aria-label={i18n._('View {name}', { name: who })} onClick={() => navigate(u.role === 1 ? perms.instituteDetailPath(u._id) : perms.userDetailPath(u._id))}>
              {i18n._('View')}
            </Button>
            {extraAction?.(u)}
          </HStack>
        );
      },
    },
  ];

  return (
    <>
      <DataTable rows={list.data?.rows} total={list.data?.total} paging={paging} loading={list.isLoading} fetching={list.isFetching}
        columns={columns} rowKey={(u) => u._id} searchField="Email" caption={caption ?? i18n._('Users')} emptyText={emptyText ?? i18n._('No users found')} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      {remove.dialog}
    </>
  );
}
