/**
 * The expiry sweeper: closes every running attempt past its deadline plus the grace, scoring it from the autosaved
 * answers, so no attempt stays open after a tab was closed and nothing saved is lost. Safe with several API processes
 * (closeAttempts claims each attempt atomically); it keeps no state another process would need. Each sweep also
 * prunes the sign-in throttle's rows that no longer count.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { attempts } from '../db/schema.ts';
import { closeAttempts } from './close.ts';
import { pruneLoginFailures } from '../auth/throttle.ts';

/** How many attempts one sweep closes at most, in one transaction (the next sweep takes the rest). */
const BATCH = 200;

/** One sweep; returns how many attempts this call closed. Callable directly (tests). */
export async function sweepExpiredAttempts(db: Db, graceSeconds: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - graceSeconds * 1000);
  const due = await db.select({ attemptId: attempts.id, userId: attempts.userId, examId: attempts.examId }).from(attempts)
    .where(and(eq(attempts.status, 'running'), lt(attempts.deadlineAt, cutoff)))
    .orderBy(asc(attempts.deadlineAt))
    .limit(BATCH);
  if (due.length === 0) return 0;
  // one transaction for the sweep: the attempts another process or a submit closed meanwhile are simply not claimed
  const out = await db.transaction((tx) => closeAttempts(tx, due.map((d) => ({ ...d, now })), { graceSeconds }));
  return out.filter((o) => o.ok && o.value.closedNow).length;
}

export interface SweeperLog { info(msg: string): void; error(obj: unknown, msg: string): void }

/** Starts sweeping every `everySeconds`; the returned stop() clears the timer and waits for a sweep in progress. */
export function startExpirySweeper(db: Db, opts: { everySeconds: number; graceSeconds: number; log?: SweeperLog }): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || inFlight) return; // never two sweeps at once in one process
    inFlight = sweepExpiredAttempts(db, opts.graceSeconds)
      .then((n) => { if (n > 0) opts.log?.info(`Closed ${n} expired attempt(s)`); })
      // the sign-in throttle's rows whose window and lock are over (auth/throttle.ts)
      .then(async () => { await pruneLoginFailures(db); })
      .catch((err: unknown) => { opts.log?.error({ err }, 'expiry sweep failed'); })
      .finally(() => { inFlight = null; });
  };
  const timer = setInterval(tick, opts.everySeconds * 1000);
  timer.unref();
  tick(); // attempts left open while the server was down are closed at once
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (inFlight) await inFlight;
  };
}
