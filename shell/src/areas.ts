import type { Role } from 'shared-api';
import type { RemoteName } from 'shared-api';

/** Each role's area: its path, its remote, and where a refused visitor is sent (spec section 2, Guards). */
export const AREAS: Record<Role, { path: string; remote: RemoteName; deniedRedirect: string }> = {
  0: { path: '/student', remote: 'student_app', deniedRedirect: '/' },
  1: { path: '/institute', remote: 'institute_app', deniedRedirect: '/login' },
  2: { path: '/admin', remote: 'admin_app', deniedRedirect: '/login' },
};
