import { randomFillSync } from 'node:crypto';

// ids are cut from a pool of random bytes refilled 4 kB at a time: one call into the crypto library per 341 ids
// instead of one per id (an exam-end burst makes hundreds at once)
const pool = Buffer.alloc(4092);
let offset = pool.length;

/** A new id: 24 lowercase hex characters (the shape of the ids the front end already knows). */
export function newId(): string {
  if (offset + 12 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('hex', offset, offset + 12);
  offset += 12;
  return id;
}

export const ID_PATTERN = '^[0-9a-f]{24}$';
export const isId = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/.test(s);
