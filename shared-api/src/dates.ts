/**
 * The one way dates are shown (spec section 9: YYYY-MM-DD), in the device's time zone; with the time as HH:MM where
 * the time matters (a result's moment, today's results).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a local date. */
export const isoDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The day after a YYYY-MM-DD day. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00`);
  d.setDate(d.getDate() + 1);
  return isoDate(d);
}

/** A timestamp as YYYY-MM-DD (with HH:MM): a day already in that form is kept (it names a day, not a moment), and
 * an empty or unreadable value is shown as it is. */
function format(value: string | null | undefined, time: boolean): string {
  if (!value || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value ?? '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return time ? `${isoDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : isoDate(d);
}

export const formatDate = (value: string | null | undefined): string => format(value, false);
export const formatDateTime = (value: string | null | undefined): string => format(value, true);
