import { useEffect } from 'react';
import { MSG, useSession, type Role } from 'shared-api';
import { Navigate, notify } from 'shared-ui';
import { AREAS } from './areas';
import { RemoteArea } from './remote-area';

function Denied({ to }: { to: string }) {
  useEffect(() => {
    // A fixed id keeps one toast even when the guard renders twice.
    notify.error(MSG.authError, MSG.notAuthenticated, 'auth-denied');
  }, []);
  return <Navigate to={to} replace />;
}

/** A stored user is required, and its role must match the area's. */
export function AreaGuard({ role }: { role: Role }) {
  const { user, role: current } = useSession();
  const area = AREAS[role];
  if (!user || current !== role) return <Denied to={area.deniedRedirect} />;
  return <RemoteArea name={area.remote} />;
}
