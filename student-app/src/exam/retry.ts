/**
 * What the exam's queues share with the start page's download: the browser's word on its connection and the retry
 * backoff. A module of its own, so that the start page carries neither queue (./answer-queue.ts, ./play-queue.ts).
 */

/** What the browser says of its connection (true when it cannot tell). */
export const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** Delay before the n-th retry (n from 1): base, 2×base, 4×base … capped. */
export function backoffDelay(failures: number, baseMs = 1000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}
