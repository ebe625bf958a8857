/**
 * The users table: Email, First Name, Last Name, Status, with edit (and password), delete and view. Paged by the
 * server (10 rows a page, search by email): the screen queries with `paging.args` (useUsersPaging) and passes the query.
 */
import { Badge, Button, HStack, useNavigate, DataTable, type Column, notify, useServerPaging, type ServerPaging } from 'shared-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { errorText, useSession, type PageOf, type User } from 'shared-api';
import { useDeleteUserMutation } from 'shared-api/back-office';
import type { PeoplePermissions } from './permissions';
import { EditUserDialog } from './user-dialogs';
import { useConfirmedAction } from '../common/confirmed-action';

export function StatusBadge({ status }: { status: 0 | 1 }) {
  return <Badge colorPalette={status === 1 ? 'green' : 'red'}>{status === 1 ? 'Active' : 'Disabled'}</Badge>;
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
  list, paging, perms, extraAction, caption = 'Users', emptyText = 'No users found',
}: {
  list: PagedList<User>;
  paging: ServerPaging;
  perms: PeoplePermissions;
  extraAction?: (u: User) => ReactNode;
  caption?: string;
  emptyText?: string;
}) {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<User | null>(null);
  const remove = useConfirmedAction<User>({
    message: 'Are you sure you want to delete this user?',
    act: (u) => deleteUser({ userId: me!._id, _id: u._id }).unwrap(),
    success: 'Sucessfully Deleted User',
    failure: (e) => [errorText(e, 'Error Deleting User')],
  });
  const [deleteUser] = useDeleteUserMutation();
  useEffect(() => {
    if (list.error) notify.error('Error cannot get Users', errorText(list.error, ''), 'users-load');
  }, [list.error]);

  const columns: Column<User>[] = [
    { header: 'Email', cell: (u) => u.email },
    { header: 'First Name', cell: (u) => u.first_name },
    { header: 'Last Name', cell: (u) => u.last_name },
    { header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
    {
      header: 'Actions',
      cell: (u) => {
        const who = u.name || u.email;
        return (
          <HStack gap="1" flexWrap="wrap">
            <Button size="xs" variant="outline" aria-label={`Edit ${who}`} onClick={() => setEditing(u)}>
              Edit
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${who}`} onClick={() => remove.ask(u)}>
              Delete
            </Button>
            <Button size="xs" variant="outline" aria-label={`View ${who}`} onClick={() => navigate(u.role === 1 ? perms.instituteDetailPath(u._id) : perms.userDetailPath(u._id))}>
              View
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
        columns={columns} rowKey={(u) => u._id} searchField="Email" caption={caption} emptyText={emptyText} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      {remove.dialog}
    </>
  );
}
