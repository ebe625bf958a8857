/**
 * Creating, changing and deleting accounts: institutes (by an admin), students (by an admin or their institute), the
 * CSV import, passwords and enrolment. Who may change whom: ./users.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import pLimit from 'p-limit';
import { MSG } from 'shared-api/constants';
import {
  instituteCreateSchema, instituteEditSchema, setUserPasswordSchema, userCreateSchema, userEditSchema,
} from 'shared-api/schemas/people';
import type { Db } from '../db/index.ts';
import { users, type User } from '../db/schema.ts';
import { hashPassword, ROLES, type AuthUser } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toUserJson } from '../serializers.ts';
import { pageRequest, type PageQuery } from '../paging.ts';
import { check } from '../validate.ts';
import { CSV_HEADER_MESSAGE, readImportRows } from './csv.ts';
import {
  assertEmailFree, bumpTokenVersion, generatePassword, insertUsers, listStudents, liveUser, managedUser, normaliseEmail,
  takenEmails, userNotFound, EMAIL_EXISTS, type NewUser,
} from './users.ts';

export const CSV_MAX_BYTES = 1024 * 1024;
const CSV_MAX_ROWS = 1000;

/** The institute a new student of `me` belongs to: the institute itself, or for an admin the chosen institute or the admin. */
async function enrollerFor(db: Db, me: AuthUser, instituteId: string | undefined): Promise<string> {
  if (me.role === ROLES.institute || !instituteId) return me.id;
  const inst = await liveUser(db, instituteId);
  if (!inst || inst.role !== ROLES.institute) throw new HttpError(404, 'Institute Not Found');
  return inst.id;
}

// ---- institutes (admin) ---------------------------------------------------------------------------------------

export interface InstituteBody { name: string; email: string; phone: string; address?: string; password: string; institute_role: 0 | 1 }

export async function createInstitute(db: Db, me: AuthUser, body: InstituteBody) {
  const v = await check(instituteCreateSchema, body);
  await assertEmailFree(db, v.email);
  const [row] = await insertUsers(db, [{
    id: newId(), email: normaliseEmail(v.email), passwordHash: await hashPassword(v.password),
    firstName: v.name, lastName: '', phone: v.phone, address: v.address ?? '', role: ROLES.institute,
    instituteRole: v.institute_role, createdBy: me.id,
  }]);
  return toUserJson(row!);
}

export interface InstituteEditBody {
  _id: string; name: string; email: string; phone: string; address?: string; institute_role: 0 | 1; status: 0 | 1; password?: string; confirm_password?: string;
}

/** Disabling the institute or changing its password ends its tokens. */
export async function updateInstitute(db: Db, b: InstituteEditBody) {
  const target = await liveUser(db, b._id);
  if (!target || target.role !== ROLES.institute) throw userNotFound();
  const v = await check(instituteEditSchema, b);
  const patch: Partial<User> = {
    firstName: v.name, lastName: '', email: normaliseEmail(v.email), phone: v.phone, address: v.address ?? '',
    instituteRole: v.institute_role, status: v.status, updatedAt: new Date(),
  };
  let revoke = v.status === 0 && target.status !== 0;
  if (b.password) {
    const p = await check(instituteCreateSchema.pick(['password']), b);
    if (b.confirm_password !== undefined && b.confirm_password !== b.password) throw new HttpError(400, MSG.confirmPasswordMismatch);
    patch.passwordHash = await hashPassword(p.password);
    revoke = true;
  }
  await assertEmailFree(db, v.email, target.id);
  const [row] = await db.update(users).set({ ...patch, ...(revoke ? { tokenVersion: bumpTokenVersion } : {}) })
    .where(eq(users.id, target.id)).returning();
  return toUserJson(row!);
}

// ---- deleting (results are kept) ------------------------------------------------------------------------------

export async function deleteUser(db: Db, me: AuthUser, id: string): Promise<{ _id: string }> {
  if (id === me.id) throw new HttpError(400, 'You cannot delete yourself');
  const target = await managedUser(db, me, id);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now, tokenVersion: bumpTokenVersion, updatedAt: now }).where(eq(users.id, target.id));
    // students of a deleted institute show up under 'Users With No Institute', where an admin can enrol them again
    if (target.role === ROLES.institute) {
      await tx.update(users).set({ createdBy: null, updatedAt: now })
        .where(and(eq(users.createdBy, target.id), eq(users.role, ROLES.student)));
    }
  });
  return { _id: target.id };
}

// ---- students ---------------------------------------------------------------------------------------------------

/** One page of an institute's students: the admin's view of any institute, an institute's of itself. */
export async function studentsOfInstitute(db: Db, me: AuthUser, instituteId: string, query: PageQuery) {
  if (me.role !== ROLES.admin && me.id !== instituteId) throw userNotFound();
  const inst = await liveUser(db, instituteId);
  if (!inst || inst.role !== ROLES.institute) throw userNotFound();
  return listStudents(db, eq(users.createdBy, instituteId), pageRequest(query));
}

/** One page of the students `creatorId` created (an institute's, or those an admin created itself). */
export const studentsCreatedBy = (db: Db, creatorId: string, query: PageQuery) =>
  listStudents(db, eq(users.createdBy, creatorId), pageRequest(query));

export const allStudents = (db: Db, query: PageQuery) => listStudents(db, undefined, pageRequest(query));

/** The students of no institute (never enrolled, or their institute was deleted). */
export const studentsWithoutInstitute = (db: Db, query: PageQuery) => listStudents(db, isNull(users.createdBy), pageRequest(query));

export interface StudentBody { firstname: string; lastname: string; email: string; phone?: string; password: string; status?: 0 | 1; institute?: string }

export async function createStudent(db: Db, me: AuthUser, body: StudentBody) {
  const v = await check(userCreateSchema, body);
  const createdBy = await enrollerFor(db, me, body.institute);
  await assertEmailFree(db, v.email);
  const [row] = await insertUsers(db, [{
    id: newId(), email: normaliseEmail(v.email), passwordHash: await hashPassword(v.password),
    firstName: v.firstname, lastName: v.lastname, phone: v.phone ?? '', role: ROLES.student,
    status: body.status ?? 1, createdBy,
  }]);
  return toUserJson(row!);
}

/**
 * Creates the valid rows of a CSV as students, in one transaction (every valid row is created, or none); each invalid
 * row is reported with its line. A row without a password gets a generated one, returned once.
 */
export async function importStudents(db: Db, me: AuthUser, body: { csv: string; institute?: string }) {
  if (Buffer.byteLength(body.csv) > CSV_MAX_BYTES) throw new HttpError(400, 'CSV cannot exceed 1024KB');
  const rows = readImportRows(body.csv);
  if (!rows) throw new HttpError(400, CSV_HEADER_MESSAGE);
  if (rows.length === 0) throw new HttpError(400, 'CSV has no rows');
  if (rows.length > CSV_MAX_ROWS) throw new HttpError(400, `CSV cannot have more than ${CSV_MAX_ROWS} rows`);
  const createdBy = await enrollerFor(db, me, body.institute);

  const errors: { row: number; email: string; error: string }[] = [];
  const valid: { email: string; firstname: string; lastname: string; phone: string; password: string; generated: boolean }[] = [];
  const schema = userCreateSchema.omit(['confirmPassword']);
  const taken = await takenEmails(db, rows.map((r) => normaliseEmail(r.email)).filter(Boolean));
  const inFile = new Set<string>();
  for (const r of rows) {
    const generated = r.password === '';
    try {
      const v = await check(schema, { ...r, password: generated ? generatePassword() : r.password });
      const email = normaliseEmail(v.email);
      if (taken.has(email)) throw new HttpError(409, EMAIL_EXISTS);
      if (inFile.has(email)) throw new HttpError(409, 'Email appears twice in the file');
      inFile.add(email);
      valid.push({ email, firstname: v.firstname, lastname: v.lastname, phone: v.phone ?? '', password: v.password, generated });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      errors.push({ row: r.row, email: r.email, error: err.message });
    }
  }
  const hashes = await pLimit(4).map(valid, (v) => hashPassword(v.password)); // scrypt runs on the libuv pool
  const values: NewUser[] = valid.map((v, i) => ({
    id: newId(), email: v.email, passwordHash: hashes[i]!, firstName: v.firstname, lastName: v.lastname,
    phone: v.phone, role: ROLES.student, createdBy,
  }));
  const created = values.length ? await insertUsers(db, values) : [];
  return {
    created: created.map((u, i) => ({ ...toUserJson(u), ...(valid[i]!.generated ? { password: valid[i]!.password } : {}) })),
    errors,
  };
}

export interface StudentEditBody { _id: string; firstname: string; lastname: string; email: string; phone?: string; status: 0 | 1 }

/** Disabling a user ends its tokens. */
export async function updateStudent(db: Db, me: AuthUser, body: StudentEditBody) {
  const target = await managedUser(db, me, body._id);
  const v = await check(userEditSchema, body);
  if (target.id === me.id && v.status === 0) throw new HttpError(400, 'You cannot disable yourself');
  await assertEmailFree(db, v.email, target.id);
  const revoke = v.status === 0 && target.status !== 0;
  const [row] = await db.update(users).set({
    firstName: v.firstname, lastName: v.lastname, email: normaliseEmail(v.email), phone: v.phone ?? '',
    status: v.status, updatedAt: new Date(), ...(revoke ? { tokenVersion: bumpTokenVersion } : {}),
  }).where(eq(users.id, target.id)).returning();
  return toUserJson(row!);
}

export interface SetPasswordBody { user: string; email?: string; newPassword: string; confirmPassword: string }

export async function setUserPassword(db: Db, me: AuthUser, body: SetPasswordBody): Promise<{ _id: string }> {
  const target = await managedUser(db, me, body.user);
  const v = await check(setUserPasswordSchema, body);
  await db.update(users)
    .set({ passwordHash: await hashPassword(v.newPassword), tokenVersion: bumpTokenVersion, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  return { _id: target.id };
}

/** An admin enrols a student who has no (living) institute. */
export async function addToInstitute(db: Db, body: { user: string; institute: string }) {
  const target = await liveUser(db, body.user);
  if (!target || target.role !== ROLES.student) throw userNotFound();
  const inst = await liveUser(db, body.institute);
  if (!inst || inst.role !== ROLES.institute) throw new HttpError(404, 'Institute Not Found');
  if (target.createdBy) {
    const current = await liveUser(db, target.createdBy);
    if (current?.role === ROLES.institute) throw new HttpError(400, 'User already belongs to an institute');
  }
  const [row] = await db.update(users).set({ createdBy: inst.id, updatedAt: new Date() })
    .where(eq(users.id, target.id)).returning();
  return toUserJson(row!);
}
