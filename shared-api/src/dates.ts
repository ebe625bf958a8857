/**
 * The one way dates are shown (spec section 9: YYYY-MM-DD), with the time as HH:MM where the time matters (a result's
 * moment, today's results). Days are those of a time zone (issue 25): the signed-in user's (`useTimeZone()`: an
 * institute's or admin's own, a student's institute's), never the device's; without a zone, the device's.
 * shared-api/dates: an entry of its own, out of the root's first render (only result screens, reports and the back
 * office show dates); functions only, the digits' language being the root's i18n, so not a shared singleton: each
 * build bundles what it uses.
 */
// the one i18n (its language) is the shared package's: never a copy bundled with this entry
import { localDigits } from 'shared-api';

export { DEFAULT_TIME_ZONE, userTimeZone } from './time-zone';

const pad = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone (undefined: the device's). */
function wallClock(d: Date, zone?: string) {
  if (!zone) return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(zone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** YYYY-MM-DD of an instant in a zone (the device's without one): `isoDate(new Date(), zone)` is today there. */
export function isoDate(d: Date, zone?: string): string {
  const w = wallClock(d, zone);
  return `${String(w.year).padStart(4, '0')}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day after a YYYY-MM-DD day (calendar arithmetic: no zone involved). */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const n = new Date(Date.UTC(y, m - 1, d + 1));
  return `${String(n.getUTCFullYear()).padStart(4, '0')}-${pad(n.getUTCMonth() + 1)}-${pad(n.getUTCDate())}`;
}

/** A timestamp as YYYY-MM-DD (with HH:MM) in a zone: a day already in that form is kept (it names a day, not a
 * moment), and an empty or unreadable value is shown as it is. */
function format(value: string | null | undefined, time: boolean, zone?: string): string {
  if (!value || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value ?? '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  if (!time) return isoDate(d, zone);
  const w = wallClock(d, zone);
  return `${isoDate(d, zone)} ${pad(w.hour)}:${pad(w.minute)}`;
}

export const formatDate = (value: string | null | undefined, zone?: string): string => format(value, false, zone);
export const formatDateTime = (value: string | null | undefined, zone?: string): string => format(value, true, zone);

/**
 * A date (or date and time) as the screen shows it: formatDate's / formatDateTime's form in the interface's digits
 * (Nepali: Devanagari, २०२६-०३-०२). Forms, CSV files and the API keep formatDate's Latin digits.
 */
export const showDate = (value: string | null | undefined, zone?: string): string => localDigits(formatDate(value, zone));
export const showDateTime = (value: string | null | undefined, zone?: string): string => localDigits(formatDateTime(value, zone));
