/**
 * The one way dates are shown (spec section 9: YYYY-MM-DD), in the device's time zone; with the time as HH:MM where
 * the time matters (a result's moment, today's results).
 */
const pad = (n: number) => String(n).padStart(2, '0');
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD of a local date. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00`);
  d.setDate(d.getDate() + 1);
  return isoDate(d);
}

function parse(value: string): Date | null {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** YYYY-MM-DD of a timestamp (a day already in that form is kept: it names a day, not a moment). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (DAY_ONLY.test(value)) return value;
  const d = parse(value);
  return d ? isoDate(d) : value;
}

/** YYYY-MM-DD HH:MM of a timestamp. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (DAY_ONLY.test(value)) return value;
  const d = parse(value);
  return d ? `${isoDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : value;
}
