/**
 * Throttling of password guesses (sign-in, and the current password of a password change), kept in the database so
 * every API process sees the same counts. Failures are counted in 15-minute windows under three kinds of key:
 * - (account, address) pair: the 5th attempt without a success locks the pair for 30 s, doubling per further attempt
 *   up to 15 minutes. Only the pair: failures from one address never lock the account for any other address, so an
 *   attacker elsewhere cannot lock the owner out. The attempt is counted before the password is checked, in the same
 *   statement that tests the lock, so a burst of parallel guesses gets no more than 5 checks; a success deletes it.
 * - address: 50 failures lock the address (a classroom shares one address behind NAT, so the bar is high); an
 *   address's checks take turns (checkInTurn), so a parallel burst cannot outrun its count. The
 *   address is the socket's unless TRUST_PROXY names the proxy in front (config.ts), so a forged X-Forwarded-For
 *   neither escapes this limit nor lands it on someone else; an IPv6 client counts as its /64, which one host holds.
 * - account, for the distributed attack (many addresses, each staying under the pair limit): past 20 sign-in
 *   failures of the account in the window, an address that has itself failed for the account in its window is
 *   refused until one of the two windows ends. An attacker with N addresses gets about N guesses per 15 minutes
 *   instead of 4N; an address with no failure (the owner's, unless the owner mistyped during the attack) is never
 *   refused by it. This is the soft measure: it never locks the account as such.
 * - a trusted device (device.ts: a browser that has signed in to this account before) replaces the pair by its own key
 *   (5 failures lock that device, doubling as the pair's) and is not refused by the address's lock nor by the account
 *   ceiling, and its failures do not count against the address: a classroom whose shared address is locked by
 *   mistyped passwords still lets in the students whose phones have signed in before.
 * Every lock ends on its own. Limits are per window, not per day: the aim is to make guessing slow, never to lock out.
 */
import { inArray, sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Executor } from '../db/index.ts';
import { accountOf } from './device.ts';
import { clientAddress } from '../client-address.ts';
import { loginFailures } from '../db/schema.ts';

type FailureRow = typeof loginFailures.$inferSelect;

const WINDOW_MS = 15 * 60 * 1000;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60 * 1000;
export const PAIR_LIMIT = 5;
export const ADDRESS_LIMIT = 50;
export const ACCOUNT_CEILING = 20;

export interface GuessKeys {
  /** the account (or user, for a password change) and the address together; a trusted device's own key */
  pair: string;
  address: string;
  /** sign-in only: the account's failures from every address (the distributed-attack ceiling) */
  account?: string;
  /** sign-in from a trusted device (device.ts): the address's lock and the account ceiling do not apply */
  trustedDevice?: boolean;
}

/**
 * The address comes first: it never contains '|', so no email can make two pairs share a key. `device`: the id of a
 * trusted device of this account (device.ts), whose key then stands for the pair.
 */
export function signinKeys(email: string, ip: string | undefined, device?: string | null): GuessKeys {
  const address = clientAddress(ip);
  const account = accountOf(email);
  return {
    pair: device ? `device:${device}` : `signin:${address}|${account}`,
    address: `ip:${address}`,
    account: `email:${account}`,
    ...(device ? { trustedDevice: true } : {}),
  };
}

export function passwordChangeKeys(userId: string, ip: string | undefined): GuessKeys {
  const address = clientAddress(ip);
  return { pair: `password:${address}|${userId}`, address: `ip:${address}` };
}

const secondsUntil = (t: Date, now: Date) => Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000));
const inWindow = (r: FailureRow | undefined, now: Date): r is FailureRow => !!r && r.firstAt.getTime() > now.getTime() - WINDOW_MS;

/**
 * Counts one failure for the key in its window, unless the key is locked, and locks it when the count reaches
 * `limit` (null: count only), all in one statement. Returns undefined when the key was locked (nothing counted).
 */
async function countFailure(db: Executor, key: string, limit: number | null, now: Date): Promise<FailureRow | undefined> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const restart = sql`${loginFailures.firstAt} < ${windowStart}`;
  const count = sql`(case when ${restart} then 1 else ${loginFailures.count} + 1 end)`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, firstAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count,
        firstAt: sql`case when ${restart} then ${now}::timestamptz else ${loginFailures.firstAt} end`,
        lockedUntil: limit === null
          ? sql`null`
          : sql`case when ${count} >= ${limit} then ${now}::timestamptz
              + least(${MAX_LOCK_MS}, ${FIRST_LOCK_MS} * power(2, least(${count} - ${limit}, 10))) * interval '1 millisecond' end`,
      },
      setWhere: sql`${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${now}::timestamptz`,
    })
    .returning();
  return row;
}

/**
 * Before a password is checked: 0 when the check may go ahead (the attempt is then already counted against its pair),
 * else the seconds to wait.
 */
export async function admitGuess(db: Executor, keys: GuessKeys, now = new Date()): Promise<number> {
  const rows = await db.select().from(loginFailures)
    .where(inArray(loginFailures.key, [keys.pair, keys.address, ...(keys.account ? [keys.account] : [])]));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const address = byKey.get(keys.address);
  if (!keys.trustedDevice && address?.lockedUntil && address.lockedUntil > now) return secondsUntil(address.lockedUntil, now);
  const account = keys.account ? byKey.get(keys.account) : undefined;
  const pair = byKey.get(keys.pair);
  if (!keys.trustedDevice && inWindow(account, now) && account.count >= ACCOUNT_CEILING && inWindow(pair, now) && pair.count >= 1) {
    return secondsUntil(new Date(Math.min(account.firstAt.getTime(), pair.firstAt.getTime()) + WINDOW_MS), now);
  }
  if (await countFailure(db, keys.pair, PAIR_LIMIT, now)) return 0;
  const [locked] = await db.select().from(loginFailures).where(sql`${loginFailures.key} = ${keys.pair}`);
  return locked?.lockedUntil ? secondsUntil(locked.lockedUntil, now) : 1;
}

/** How many password checks of one address run at once in this process (see checkInTurn). */
export const ADDRESS_CHECKS_AT_ONCE = 4;
const turns = new Map<string, { limit: LimitFunction; users: number }>();

/**
 * Runs one password check (admitGuess, the check, recordWrongGuess or recordRightGuess) when its address's turn comes:
 * at most ADDRESS_CHECKS_AT_ONCE of one address at a time in this process. Without it, a burst of parallel guesses
 * from one address at many accounts all passed the address check before the first failure was counted (a password
 * hash takes tens of milliseconds), and got as many checks as it sent. A classroom signing in behind one address is
 * not slowed: node hashes no more than four passwords at once anyway (its thread pool).
 */
export async function checkInTurn<T>(keys: GuessKeys, check: () => Promise<T>): Promise<T> {
  let turn = turns.get(keys.address);
  if (!turn) {
    turn = { limit: pLimit(ADDRESS_CHECKS_AT_ONCE), users: 0 };
    turns.set(keys.address, turn);
  }
  turn.users++;
  try {
    return await turn.limit(check);
  } finally {
    if (--turn.users === 0) turns.delete(keys.address);
  }
}

/**
 * A wrong password (the pair was counted by admitGuess): counts for the address (unless from a trusted device) and, on
 * sign-in, the account.
 */
export async function recordWrongGuess(db: Executor, keys: GuessKeys, now = new Date()): Promise<void> {
  if (!keys.trustedDevice) await countFailure(db, keys.address, ADDRESS_LIMIT, now);
  if (keys.account) await countFailure(db, keys.account, null, now);
}

/** The right password: the pair starts afresh (the address and account counts stay: a success proves nothing of them). */
export async function recordRightGuess(db: Executor, keys: GuessKeys): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.key} = ${keys.pair}`);
}

const waitText = (seconds: number) => (seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);

export function throttleMessage(seconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${waitText(seconds)} and try again, or call your institute.`;
}

export function passwordChangeThrottleMessage(seconds: number): string {
  return `Too many wrong current passwords. Please wait ${waitText(seconds)} and try again.`;
}

/**
 * Deletes the rows that no longer count: their window is over and they hold no lock (run by the expiry sweeper, so the
 * table does not grow with every address and email an attacker tries). Returns how many went.
 */
export async function pruneLoginFailures(db: Executor, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const gone = await db.delete(loginFailures)
    .where(sql`${loginFailures.firstAt} < ${windowStart} and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} < ${now})`)
    .returning({ key: loginFailures.key });
  return gone.length;
}
