/**
 * The exam clock. The server owns the deadline; the device's clock may be wrong, so every server response that carries
 * `serverNow` gives an offset (server − device) and the remaining time is measured on the corrected clock.
 */
import { formatNumber, i18n } from 'shared-api';

/** server clock − device clock, in ms, from a response's `serverNow` and the device time the response arrived. */
export function clockOffset(serverNow: string | number, clientNowAtResponse: number): number {
  const server = typeof serverNow === 'number' ? serverNow : Date.parse(serverNow);
  if (!Number.isFinite(server) || !Number.isFinite(clientNowAtResponse)) return 0;
  return server - clientNowAtResponse;
}

/** Milliseconds left until the deadline on the server's clock (never negative). */
export function remainingMs(deadlineAt: string | number, offsetMs: number, now: number = Date.now()): number {
  const deadline = typeof deadlineAt === 'number' ? deadlineAt : Date.parse(deadlineAt);
  if (!Number.isFinite(deadline)) return 0;
  return Math.max(0, deadline - (now + offsetMs));
}

/** mm:ss, rounding up so 00:00 shows only when the time is really over. */
export function formatMmSs(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Moments the timer announces, in minutes left. */
export const ANNOUNCE_AT_MINUTES = [5, 10] as const;

/**
 * The announcement due as the time left goes from `beforeMs` to `nowMs` ("10 minutes left" when it passes 10:00,
 * "5 minutes left" at 5:00), or null: only at those moments, never every second, and not on the first reading (an
 * exam reopened with 8 minutes left says nothing until 5:00). A jump past both (a device asleep) says the later one.
 */
export function timeAnnouncement(beforeMs: number | null, nowMs: number): string | null {
  if (beforeMs === null || nowMs <= 0) return null;
  for (const m of ANNOUNCE_AT_MINUTES) {
    const at = m * 60_000;
    if (beforeMs > at && nowMs <= at) return i18n._('{minutes} minutes left', { minutes: formatNumber(m) });
  }
  return null;
}
