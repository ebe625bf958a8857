/**
 * The device tokens this browser holds, one per account it has signed in to (the server's auth/device.ts): sent with
 * the next sign-in to that account, they keep a classroom's locked address from locking out a phone that has signed in
 * before. Kept across sign-outs (a shared classroom computer holds one per student, the most recent DEVICE_TOKENS_KEPT).
 */
export const DEVICE_TOKENS_KEY = 'deviceTokens';
export const DEVICE_TOKENS_KEPT = 50;

const accountOf = (email: string) => email.trim().toLowerCase();

function read(storage: Storage): [string, string][] {
  try {
    const list: unknown = JSON.parse(storage.getItem(DEVICE_TOKENS_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : [];
  } catch {
    return [];
  }
}

/** This browser's device token for the account of `email`, if it has one. */
export function deviceTokenFor(email: string, storage: Storage | undefined = globalThis.localStorage): string | undefined {
  if (!storage) return undefined;
  const account = accountOf(email);
  return read(storage).find(([a]) => a === account)?.[1];
}

/** Keeps the token the server gave this browser for the account (the most recent first). */
export function keepDeviceToken(email: string, token: string | undefined, storage: Storage | undefined = globalThis.localStorage) {
  if (!storage || !token) return;
  const account = accountOf(email);
  const list = [[account, token] as [string, string], ...read(storage).filter(([a]) => a !== account)].slice(0, DEVICE_TOKENS_KEPT);
  try {
    storage.setItem(DEVICE_TOKENS_KEY, JSON.stringify(list));
  } catch {
    /* storage full: the next sign-in is an untrusted device's, nothing else changes */
  }
}
