/**
 * Who may read and change which user, and the writes every user route shares (unique email, user ids, revoking tokens).
 * An admin reads and changes everyone; an institute only the students it created; a student only itself.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import { users, type User } from '../db/schema.ts';
import { ROLES, type AuthUser } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { nextUserUid } from '../userUid.ts';
import { displayNameSql, toUserJson } from '../serializers.ts';
import { containsText, pageOf, type PageRequest, type Paged } from '../paging.ts';
import type { User as UserJson } from 'shared-api/types';

export const USER_NOT_FOUND = 'User Not Found';
export const EMAIL_EXISTS = 'Email already exists';

export const userNotFound = () => new HttpError(404, USER_NOT_FOUND);

/** A user that is not deleted, or undefined. */
export async function liveUser(db: Executor, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  return row;
}

/** Reading: an admin anyone, an institute itself and its students, a student itself. */
export function canRead(me: AuthUser, target: Pick<User, 'id' | 'createdBy' | 'role'>): boolean {
  if (me.role === ROLES.admin || me.id === target.id) return true;
  return me.role === ROLES.institute && target.role === ROLES.student && target.createdBy === me.id;
}

/** Changing another user: an admin anyone, an institute only the students it created. */
export function canManage(me: AuthUser, target: Pick<User, 'id' | 'createdBy' | 'role'>): boolean {
  if (me.role === ROLES.admin) return true;
  return me.role === ROLES.institute && target.role === ROLES.student && target.createdBy === me.id;
}

/** The user `id` if `me` may read it; unknown and foreign users look the same (404). */
export async function readableUser(db: Executor, me: AuthUser, id: string): Promise<User> {
  const target = await liveUser(db, id);
  if (!target || !canRead(me, target)) throw userNotFound();
  return target;
}

/** The user `id` if `me` may change it; unknown and foreign users look the same (404). */
export async function managedUser(db: Executor, me: AuthUser, id: string): Promise<User> {
  const target = await liveUser(db, id);
  if (!target || !canManage(me, target)) throw userNotFound();
  return target;
}

/** One page of the live students matching `where`, newest first (created_at, then id); the search matches the email. */
export async function listStudents(db: Executor, where: SQL | undefined, page: PageRequest): Promise<Paged<UserJson>> {
  const cond = and(eq(users.role, ROLES.student), isNull(users.deletedAt), where,
    page.search === undefined ? undefined : containsText(users.email, page.search));
  return pageOf(page,
    async () => (await db.select().from(users).where(cond)
      .orderBy(desc(users.createdAt), desc(users.id)).limit(page.limit).offset(page.offset)).map(toUserJson),
    async () => (await db.select({ n: count() }).from(users).where(cond))[0]?.n ?? 0);
}

/** One page of the live institutes with their number of live students, newest first; the search matches the name. */
export async function listInstitutes(db: Executor, page: PageRequest): Promise<Paged<UserJson & { students: number }>> {
  const cond = and(eq(users.role, ROLES.institute), isNull(users.deletedAt),
    page.search === undefined ? undefined : containsText(displayNameSql(users), page.search));
  return pageOf(page, async () => {
    const rows = await db.select().from(users).where(cond)
      .orderBy(desc(users.createdAt), desc(users.id)).limit(page.limit).offset(page.offset);
    if (rows.length === 0) return [];
    const counts = await db.select({ inst: users.createdBy, n: count() }).from(users)
      .where(and(eq(users.role, ROLES.student), isNull(users.deletedAt), inArray(users.createdBy, rows.map((r) => r.id))))
      .groupBy(users.createdBy);
    const byInst = new Map(counts.map((c) => [c.inst, c.n]));
    return rows.map((r) => ({ ...toUserJson(r), students: byInst.get(r.id) ?? 0 }));
  }, async () => (await db.select({ n: count() }).from(users).where(cond))[0]?.n ?? 0);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Throws 409 when another live user has this email (case-insensitive). */
export async function assertEmailFree(db: Executor, email: string, exceptId?: string): Promise<void> {
  const conds = [sql`lower(${users.email}) = ${normaliseEmail(email)}`, isNull(users.deletedAt)];
  if (exceptId) conds.push(ne(users.id, exceptId));
  const [row] = await db.select({ id: users.id }).from(users).where(and(...conds)).limit(1);
  if (row) throw new HttpError(409, EMAIL_EXISTS);
}

/** Live users among these emails (lower-cased), for the CSV import. */
export async function takenEmails(db: Executor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: sql<string>`lower(${users.email})` }).from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.email));
}

/** The unique constraint a database error violated (pg and PGlite, possibly wrapped by drizzle), or null. */
export function violatedConstraint(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') {
      if (e.constraint) return e.constraint;
      const m = /unique constraint "([^"]+)"/.exec(e.message ?? '');
      return m?.[1] ?? 'unique';
    }
  }
  return null;
}

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'userUid'> & { id: string };

/**
 * Inserts users with consecutive user ids (EPS-nnnnnn) in one transaction. Two concurrent inserts may pick the
 * same user id: the unique index refuses one and the whole transaction is retried. A taken email → 409.
 */
export async function insertUsers(db: Executor, rows: NewUser[]): Promise<User[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const first = Number((await nextUserUid(tx)).slice(4));
        const values = rows.map((r, i) => ({ ...r, userUid: `EPS-${String(first + i).padStart(6, '0')}` }));
        const out: User[] = [];
        for (let i = 0; i < values.length; i += 200) {
          out.push(...await tx.insert(users).values(values.slice(i, i + 200)).returning());
        }
        return out;
      });
    } catch (err) {
      const constraint = violatedConstraint(err);
      if (constraint === 'users_email_lower_uq') throw new HttpError(409, EMAIL_EXISTS);
      if (constraint === 'users_uid_uq' && attempt < 4) continue;
      throw err;
    }
  }
}

/** Revokes every token issued so far (authenticate compares the token's tv with token_version). */
export const bumpTokenVersion = sql`${users.tokenVersion} + 1`;

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A readable random password for imported students who came without one. */
export function generatePassword(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

