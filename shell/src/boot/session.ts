/**
 * The stored session as the boot code sees it, before any bundle: read with shared-api's keys and its token rule
 * (shared-api/src/session.ts readStoredSession drops any other with the 'Token Expired' toast), so an expired or
 * unreadable token is never sent, nor its area prepared. Storage that cannot be read counts as signed out.
 */
import type { Role } from 'shared-api';
import { SESSION_KEY, tokenLive } from 'shared-api/boot-keys';

const ROLES: readonly Role[] = [0, 1, 2];

export interface BootSession {
  role: Role;
  token: string;
  /** the stored user's id, when it can be read */
  userId: string | null;
}

/** The stored session whose token is live now, or null. */
export function liveSession(storage: Storage | null, now = Date.now()): BootSession | null {
  if (!storage) return null;
  try {
    const token = storage.getItem(SESSION_KEY.token);
    const role = ROLES.find((r) => String(r) === storage.getItem(SESSION_KEY.role));
    if (!tokenLive(token, now) || role === undefined) return null;
    let userId: string | null = null;
    try {
      const user = JSON.parse(storage.getItem(SESSION_KEY.user) ?? 'null') as { _id?: unknown } | null;
      if (user && typeof user._id === 'string' && user._id) userId = user._id;
    } catch { /* no user: no early lists */ }
    return { role, token, userId };
  } catch {
    return null;
  }
}

/** A token is stored (live or not): "/" then goes to the role's area (or the login page with the toast), not the login form. */
export function hasStoredToken(storage: Storage | null): boolean {
  if (!storage) return false;
  try {
    return !!storage.getItem(SESSION_KEY.token);
  } catch {
    return false;
  }
}

/** The page's local storage, or null where reading it throws (blocked by the browser's settings). */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
