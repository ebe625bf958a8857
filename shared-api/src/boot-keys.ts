/**
 * shared-api/boot-keys: the stored session's keys, the token's expiry and the student's exam-list URLs. Without
 * imports, so that the page's boot code (shell/src/boot, inlined into index.html before any bundle) reads the same
 * keys and asks for the same lists as the app (./session.ts, ./endpoints/exam-lists.ts).
 */

/** The local-storage keys of the signed-in session (spec section 4). */
export const SESSION_KEY = { token: 'token', role: 'role', user: 'user', institute: 'institute', type: 'type' } as const;
export const STORAGE_KEYS = [SESSION_KEY.token, SESSION_KEY.role, SESSION_KEY.user, SESSION_KEY.institute, SESSION_KEY.type] as const;

/** Base path of the REST API; the shell and every remote run in one page, so this is the page's origin. */
export const API_PREFIX = '/api/';

/** The student's two exam lists (available to take, and the others), by the student's id: paths under API_PREFIX. */
export const EXAM_LIST_PATHS = { available: 'exams/published/users/', other: 'exams/users/getAll/' } as const;
export const examListPath = (list: keyof typeof EXAM_LIST_PATHS, userId: string) => `${EXAM_LIST_PATHS[list]}${userId}`;

/** Seconds since epoch at which the JWT expires, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** A token whose expiry can be read and is later than `now` (ms): the only kind a stored session is restored with. */
export function tokenLive(token: string | null | undefined, now = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now;
}
