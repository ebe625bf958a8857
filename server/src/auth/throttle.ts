/**
 * Sign-in throttling, kept in the database so every API process sees the same counts.
 * Per account: after 5 failures within 15 minutes, refuse for 30 s, doubling per further failure up to 15 minutes.
 * Per address: a classroom shares one address behind NAT, so the bar is much higher (50 failures).
 * A success clears the account's count; a lock always ends, so the real user is never locked out for good.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import { loginFailures } from '../db/schema.ts';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_LOCK_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 50;

export const throttleKeys = (email: string, ip: string) => ({ account: `email:${email.trim().toLowerCase()}`, address: `ip:${ip}` });

/** Seconds until the earliest of the keys' locks ends, or 0 when sign-in may proceed. */
export async function lockedFor(db: Executor, keys: string[], now = new Date()): Promise<number> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  let wait = 0;
  for (const r of rows) {
    if (r.lockedUntil && r.lockedUntil > now) wait = Math.max(wait, Math.ceil((r.lockedUntil.getTime() - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts one failure for the key (atomically) and locks it once it passes its limit. */
export async function recordFailure(db: Executor, key: string, limit: number, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, firstAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${loginFailures.firstAt} < ${windowStart} then 1 else ${loginFailures.count} + 1 end`,
        firstAt: sql`case when ${loginFailures.firstAt} < ${windowStart} then ${now} else ${loginFailures.firstAt} end`,
      },
    })
    .returning();
  if (row && row.count >= limit) {
    const lockMs = Math.min(MAX_LOCK_MS, 30_000 * 2 ** (row.count - limit));
    await db.update(loginFailures).set({ lockedUntil: new Date(now.getTime() + lockMs) }).where(sql`${loginFailures.key} = ${key}`);
  }
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.key} = ${key}`);
}

export function throttleMessage(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again, or call your institute.`;
}
