/**
 * Days in a time zone: an institute's (or admin's) IANA zone decides which instants a YYYY-MM-DD day covers (issue 25:
 * a result at 05:00 on 2 March in Kathmandu belongs to 2 March). Only Intl: the offset of a zone at an instant is read
 * from Intl.DateTimeFormat, and a day's start is the first instant whose local date is that day (right across DST
 * changes, including zones whose midnight is skipped or repeated).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { ROLES, type AuthUser } from '../auth/index.ts';
import { MAX_YEAR, MIN_YEAR } from '../input.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Kathmandu';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

let known: Map<string, string> | undefined;

/**
 * An IANA zone name in its stored spelling, or null when this runtime does not know it: Intl accepts it (aliases
 * such as Asia/Kathmandu included, any case), spelled as Intl lists it when it does (asia/seoul → Asia/Seoul).
 */
export function timeZoneName(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return null;
  }
  known ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC', DEFAULT_TIME_ZONE].map((z) => [z.toLowerCase(), z]));
  return known.get(value.toLowerCase()) ?? value;
}

/** The zone's wall-clock fields at an instant. */
function wallClock(zone: string, ms: number) {
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** The zone's offset from UTC at an instant, in ms (Kathmandu: +5:45). */
export function offsetMs(zone: string, ms: number): number {
  const w = wallClock(zone, ms);
  const whole = Math.floor(ms / 1000) * 1000;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** YYYY-MM-DD of an instant in a zone. */
export function dayIn(zone: string, at: Date): string {
  const w = wallClock(zone, at.getTime());
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The first instant of a day (YYYY-MM-DD, already checked) in a zone. */
export function startOfDay(zone: string, day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetMs(zone, guess);
  const second = guess - offsetMs(zone, first);
  // both candidates are local midnight unless midnight is skipped (then the later one is the day's first instant) or
  // repeated (then the earlier one is)
  const fits = [first, second].filter((t) => dayIn(zone, new Date(t)) === day).sort((a, b) => a - b);
  return new Date(fits[0] ?? Math.max(first, second));
}

/**
 * A date-time with its own offset (ISO 8601: ...T10:00Z, ...T10:00+05:45) as an instant; null for anything else: a
 * value without an offset would be read in the server process's zone, which must never matter.
 */
export function instantOf(value: string): Date | null {
  if (!/^[+-]?\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The day after a YYYY-MM-DD day (calendar arithmetic, no zone). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const n = new Date(Date.UTC(y, m - 1, d + 1));
  return `${pad(n.getUTCFullYear(), 4)}-${pad(n.getUTCMonth() + 1)}-${pad(n.getUTCDate())}`; // 9999-12-31 → 10000-01-01
}

const FIRST_MS = Date.UTC(MIN_YEAR, 0, 1);
const LAST_MS = Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59, 999);

/** startOfDay kept inside what the database is sent (input.ts: years 1970..9999): 1970-01-01 in Kathmandu begins in 1969. */
export function storableDayStart(zone: string, day: string): Date {
  return new Date(Math.min(Math.max(startOfDay(zone, day).getTime(), FIRST_MS), LAST_MS));
}

/** [start, end) of a day in a zone: 24 hours, or 23 / 25 on a DST change day. */
export function dayRange(zone: string, day: string): { from: Date; to: Date } {
  return { from: startOfDay(zone, day), to: startOfDay(zone, nextDay(day)) };
}

/**
 * The zone a user's days are counted in: an institute's or admin's own, a student's institute's (Asia/Kathmandu
 * without one).
 */
export async function zoneOf(db: Executor, user: Pick<AuthUser, 'role' | 'timeZone' | 'createdBy'>): Promise<string> {
  if (user.role !== ROLES.student) return user.timeZone;
  if (!user.createdBy) return DEFAULT_TIME_ZONE;
  const [inst] = await db.select({ zone: users.timeZone }).from(users)
    .where(and(eq(users.id, user.createdBy), eq(users.role, ROLES.institute))).limit(1);
  return inst?.zone ?? DEFAULT_TIME_ZONE;
}
