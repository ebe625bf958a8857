/** The zone whose days a signed-in user sees (the store keeps it: ./store.ts); how dates are shown: ./dates.ts. */
import type { AuthInstitute, User } from './types';

/** An institute's (and admin's) zone when none is set; a student without institute counts its days in it too. */
export const DEFAULT_TIME_ZONE = 'Asia/Kathmandu';

/** The zone whose days a signed-in user sees: an institute's or admin's own, a student's institute's. */
export function userTimeZone(user: Pick<User, 'role' | 'time_zone'> | null, institute: Pick<AuthInstitute, 'time_zone'> | null): string {
  if (!user) return DEFAULT_TIME_ZONE;
  if (user.role === 0) return institute?.time_zone || DEFAULT_TIME_ZONE;
  return user.time_zone || DEFAULT_TIME_ZONE;
}
