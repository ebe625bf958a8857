import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from './db/index.ts';

/**
 * The next free exam id (user_uid) of the form EPS-000001. The unique index users_uid_uq catches a race
 * between two concurrent inserts: retry on a unique violation (code 23505).
 */
export async function nextUserUid(db: Executor): Promise<string> {
  const rows = await queryRows<{ n: number | string | null }>(db, sql`
    select max(substring(user_uid from 5)::bigint) as n from users where user_uid ~ '^EPS-[0-9]{1,15}$'`);
  const next = Number(rows[0]?.n ?? 0) + 1;
  return `EPS-${String(next).padStart(6, '0')}`;
}
