import { useEffect, useState } from 'react';
import { MSG, useSession, type Role } from 'shared-api';
import { Navigate, notify } from 'shared-ui';
import { AREAS } from './areas';
import { RemoteArea } from './remote-area';

function Denied({ to, quiet }: { to: string; quiet: boolean }) {
  // A session just dropped for its token (expired or unreadable) has its own toast, 'Token Expired' (app.tsx): one
  // toast, not two. Decided when first shown: that toast clears the notice at once, and the guard renders again
  // before the navigation (a transition) has left the area.
  const [silent] = useState(quiet);
  useEffect(() => {
    // A fixed id keeps one toast even when the guard renders twice.
    if (!silent) notify.error(MSG.authError, MSG.notAuthenticated, 'auth-denied');
  }, [silent]);
  return <Navigate to={to} replace />;
}

/** A stored user is required, and its role must match the area's. */
export function AreaGuard({ role }: { role: Role }) {
  const { user, role: current, notice } = useSession();
  const area = AREAS[role];
  if (!user || current !== role) return <Denied to={area.deniedRedirect} quiet={notice === 'expired'} />;
  return <RemoteArea name={area.remote} />;
}
