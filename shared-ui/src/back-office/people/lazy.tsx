/** The heavier people pages load on first use. */
import { LoadingState } from 'shared-ui';
import { lazy, Suspense } from 'react';
import type { PeoplePermissions } from './permissions';

const UserDetail = lazy(() => import('./user-detail'));
const Report = lazy(() => import('./report'));

export function UserDetailPage({ perms }: { perms: PeoplePermissions }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <UserDetail perms={perms} />
    </Suspense>
  );
}

export function ReportPage({ perms }: { perms: PeoplePermissions }) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Report perms={perms} />
    </Suspense>
  );
}
