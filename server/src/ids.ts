import { randomBytes } from 'node:crypto';

/** A new id: 24 lowercase hex characters (the shape of the ids the front end already knows). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export const ID_PATTERN = '^[0-9a-f]{24}$';
export const isId = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/.test(s);
