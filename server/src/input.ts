/**
 * Input the database cannot store, refused before it reaches a statement. PostgreSQL text cannot hold NUL (U+0000),
 * and an unpaired UTF-16 surrogate is not Unicode at all (JSON parameters with one are rejected by the database; a
 * text parameter silently turns it into U+FFFD). Every other control character is stored as sent. Dates: the
 * database and the clients read years 1970 to 9999; JavaScript's Date reaches year 275760, which the drivers write
 * as '+275760-...', a value PostgreSQL refuses.
 */
import { HttpError } from './errors.ts';
import { msg } from 'shared-api/checks';

// oxlint-disable-next-line no-control-regex -- NUL is the character this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the string holds a character the database cannot store. */
export const unstorable = (s: string): boolean => UNSTORABLE.test(s);

/**
 * The path (e.g. `answers.0.question`, or the key itself) of the first string, or object key, in `value` that the
 * database cannot store; undefined when there is none. Walks objects and arrays to `depth` levels (bodies are
 * bounded by the body limit; a deeper value is not read by any route).
 */
export function findUnstorable(value: unknown, path = '', depth = 12): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || 'value' : undefined;
  if (depth <= 0 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], path ? `${path}.${i}` : String(i), depth - 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unstorable(key)) return at;
    const found = findUnstorable((value as Record<string, unknown>)[key], at, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/** 400 ` Invalid <field>.` when the request's params, query or body hold a string the database cannot store. */
export function assertStorable(parts: { params?: unknown; query?: unknown; body?: unknown }): void {
  for (const part of [parts.params, parts.query, parts.body]) {
    const at = findUnstorable(part);
    if (at !== undefined) throw new HttpError(400, msg.invalid(at.replace(/[^\w.-]/g, '?').slice(0, 60)));
  }
}

export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;

/** True for a valid Date whose (UTC) year the database and every client can store and read. */
export function storableDate(d: Date): boolean {
  const t = d.getTime();
  if (Number.isNaN(t)) return false;
  const y = d.getUTCFullYear();
  return y >= MIN_YEAR && y <= MAX_YEAR;
}
