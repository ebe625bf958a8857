/**
 * What the exam's queues share with the start page's download: the browser's word on its connection and the retry
 * backoff. A module of its own, so that the start page carries neither queue (./answer-queue.ts, ./play-queue.ts).
 */

/** What the browser says of its connection (true when it cannot tell). */
export const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/**
 * An HTTP status that trying again later may change: not reached (0), a failing server (5xx), a timeout (408), too
 * many requests (429). Any other is the server's word on the request.
 */
export const worthRetrying = (status: number) => status === 0 || status >= 500 || status === 408 || status === 429;

/** A failed request's error, worth sending again (an error without a status never was the server's answer). */
export const retryableError = (e: unknown) => {
  const status = (e as { status?: unknown } | null | undefined)?.status;
  return typeof status !== 'number' || worthRetrying(status);
};

/** Delay before the n-th retry (n from 1): base, 2×base, 4×base … capped. */
export function backoffDelay(failures: number, baseMs = 1000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}
