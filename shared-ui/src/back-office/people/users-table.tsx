/** The users table: Email, First Name, Last Name, Status, with edit (and password), delete and view. */
import { Badge, Button, HStack, useNavigate, ConfirmDialog, DataTable, type Column, notify } from 'shared-ui';
import { useState, type ReactNode } from 'react';
import { errorText, useSession, type User } from 'shared-api';
import { useDeleteUserMutation } from 'shared-api/back-office';
import type { PeoplePermissions } from './permissions';
import { EditUserDialog } from './user-dialogs';

export function StatusBadge({ status }: { status: 0 | 1 }) {
  return <Badge colorPalette={status === 1 ? 'green' : 'red'}>{status === 1 ? 'Active' : 'Disabled'}</Badge>;
}

export function UsersTable({
  users, loading, perms, extraAction, caption = 'Users', emptyText = 'No users found',
}: {
  users: User[] | undefined;
  loading?: boolean;
  perms: PeoplePermissions;
  extraAction?: (u: User) => ReactNode;
  caption?: string;
  emptyText?: string;
}) {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [deleteUser] = useDeleteUserMutation();

  const columns: Column<User>[] = [
    { header: 'Email', cell: (u) => u.email, text: (u) => u.email },
    { header: 'First Name', cell: (u) => u.first_name, text: (u) => u.first_name },
    { header: 'Last Name', cell: (u) => u.last_name, text: (u) => u.last_name },
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
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${who}`} onClick={() => setDeleting(u)}>
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
      <DataTable rows={users} columns={columns} rowKey={(u) => u._id} loading={loading} searchField="Email" caption={caption} emptyText={emptyText} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!deleting}
        destructive
        message="Are you sure you want to delete this user?"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting || !me) return;
          const res = await deleteUser({ userId: me._id, _id: deleting._id });
          if ('error' in res) notify.error(errorText(res.error, 'Error Deleting User'));
          else notify.success('Sucessfully Deleted User');
          setDeleting(null);
        }}
      />
    </>
  );
}
