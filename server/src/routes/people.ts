/**
 * People, access and oversight: profile, users, institutes, CSV import, exam access, the day's results, reports.
 * Every path ends with the acting user's id (requireSelf). Who may read or change whom: people/users.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { users, type User } from '../db/schema.ts';
import { authenticate, hashPassword, issueToken, requireRole, requireSelf, ROLES, verifyPassword } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { admitGuess, passwordChangeKeys, passwordChangeThrottleMessage, recordRightGuess, recordWrongGuess } from '../auth/throttle.ts';
import { readMultipart } from '../multipart.ts';
import { newId } from '../ids.ts';
import { storeMedia } from '../media.ts';
import { toUserJson } from '../serializers.ts';
import { changePasswordSchema } from 'shared-api/validation';
import { MSG, PROFILE_IMAGE_MAX_BYTES } from 'shared-api/constants';
import {
  instituteCreateSchema, instituteEditSchema, profileSchema, setUserPasswordSchema, userCreateSchema, userEditSchema,
} from 'shared-api/schemas/people';
import { check, idProp, nullableStr, status01, str } from '../people/validate.ts';
import {
  assertEmailFree, bumpTokenVersion, canRead, generatePassword, insertUsers, listInstitutes, listStudents, liveUser, managedUser,
  normaliseEmail, readableUser, takenEmails, userNotFound, EMAIL_EXISTS, type NewUser,
} from '../people/users.ts';
import { checkProfileImage, IMAGE_SIZE_MESSAGE } from '../people/image.ts';
import { CSV_HEADER_MESSAGE, readImportRows } from '../people/csv.ts';
import { accessJson, planAccess, saveAccess, type AccessBody } from '../people/access.ts';
import { attemptsPerInstitute, dayAfter, dayResults, parseQueryDate, resultsOfInstitute, resultsOfStudent } from '../people/reports.ts';
import pLimit from 'p-limit';
import { pageQueryProps, pageRequest, sendPage, type PageQuery } from '../paging.ts';

const self = requireSelf('userId');
const admin = requireRole(ROLES.admin);
const backOffice = requireRole(ROLES.admin, ROLES.institute);
const institute = requireRole(ROLES.institute);

const CSV_MAX_BYTES = 1024 * 1024;
const CSV_MAX_ROWS = 1000;

type P = { userId: string };
/** A paged list (../paging.ts): ?page, ?limit, ?search; the total in X-Total-Count. */
type Paged<Q = object> = { Params: P; Querystring: PageQuery & Q };
const pagedQuery = (extra: Record<string, unknown> = {}) => ({ querystring: { type: 'object', properties: { ...pageQueryProps, ...extra } } });

const body = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

/** The institute a new student of `me` belongs to: the institute itself, or for an admin the chosen institute or the admin. */
async function enrollerFor(app: FastifyInstance, me: FastifyRequest['user'], instituteId: string | undefined): Promise<string> {
  if (me.role === ROLES.institute || !instituteId) return me.id;
  const inst = await liveUser(app.db, instituteId);
  if (!inst || inst.role !== ROLES.institute) throw new HttpError(404, 'Institute Not Found');
  return inst.id;
}

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);

  // ---- own profile -------------------------------------------------------------------------------------------

  app.put<{ Params: P; Body: { firstname: string; lastname: string; phone?: string; address?: string } }>('/users/:userId', {
    preValidation: self,
    schema: { body: body({ firstname: str(100), lastname: str(100), phone: nullableStr(20), address: nullableStr(300) }) },
  }, async (request) => {
    const v = await check(profileSchema.concat(userCreateSchema.pick(['phone'])), request.body);
    const patch: Partial<User> = { firstName: v.firstname, lastName: v.lastname ?? '', updatedAt: new Date() };
    if (request.body.phone != null) patch.phone = v.phone ?? '';
    if (request.body.address != null) patch.address = request.body.address.trim();
    const [row] = await app.db.update(users).set(patch).where(eq(users.id, request.user.id)).returning();
    return toUserJson(row!);
  });

  app.put<{ Params: P; Body: { email?: string; password: string; newPassword: string; confirmPassword: string } }>('/users/changePassword/:userId', {
    preValidation: self,
    schema: { body: body({ email: str(254), password: str(1024), newPassword: str(1024), confirmPassword: str(1024) }) },
  }, async (request) => {
    const me = request.user;
    const v = await check(changePasswordSchema, request.body);
    if (me.authType === 'google') throw new HttpError(400, 'Google accounts have no password to change');
    if (request.body.email && normaliseEmail(request.body.email) !== normaliseEmail(me.email)) throw new HttpError(400, 'Email does not match your account');
    // a stolen token must not become a way to guess the password: throttled like sign-in, under its own pair key
    const keys = passwordChangeKeys(me.id, request.ip);
    const wait = await admitGuess(app.db, keys);
    if (wait > 0) throw new HttpError(429, passwordChangeThrottleMessage(wait));
    const [row] = await app.db.select().from(users).where(eq(users.id, me.id)).limit(1);
    if (!row || !(await verifyPassword(v.password, row.passwordHash))) {
      await recordWrongGuess(app.db, keys);
      throw new HttpError(400, 'Current password is incorrect');
    }
    await recordRightGuess(app.db, keys);
    const passwordHash = await hashPassword(v.newPassword);
    const [updated] = await app.db.update(users)
      .set({ passwordHash, tokenVersion: bumpTokenVersion, updatedAt: new Date() })
      .where(eq(users.id, me.id)).returning();
    // earlier tokens stop working; this session continues with the new one
    return { token: issueToken(updated!, app.config.jwtSecret!, app.config.jwtExpiresIn) };
  });

  app.put<{ Params: P }>('/users/changePicture/:userId', { preValidation: [self, backOffice] }, async (request) => {
    const { file } = await readMultipart(request, { fileField: 'image', maxBytes: PROFILE_IMAGE_MAX_BYTES, badBody: 'Image cannot be empty.' });
    if (!file || file.data.length === 0) throw new HttpError(400, 'Image cannot be empty.');
    if (file.truncated) throw new HttpError(400, IMAGE_SIZE_MESSAGE);
    const buf = file.data;
    const kind = checkProfileImage(buf);
    const url = await storeMedia(app.db, buf, kind.mime, kind.ext, request.user.id);
    await app.db.update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, request.user.id));
    return { image: url };
  });

  // ---- institutes (admin) -----------------------------------------------------------------------------------

  app.get<Paged>('/users/getAllInstitutes/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await listInstitutes(app.db, pageRequest(request.query))));

  const instituteProps = {
    name: str(100), email: str(254), phone: str(20), address: str(300), password: str(1024), confirm_password: str(1024),
    institute_role: { type: 'integer', enum: [0, 1] }, status: status01,
  };

  app.post<{ Params: P; Body: { name: string; email: string; phone: string; address?: string; password: string; institute_role: 0 | 1 } }>('/users/createInstitute/:userId', {
    preValidation: [self, admin],
    schema: { body: body(instituteProps) },
  }, async (request, reply) => {
    const v = await check(instituteCreateSchema, request.body);
    await assertEmailFree(app.db, v.email);
    const [row] = await insertUsers(app.db, [{
      id: newId(), email: normaliseEmail(v.email), passwordHash: await hashPassword(v.password),
      firstName: v.name, lastName: '', phone: v.phone, address: v.address ?? '', role: ROLES.institute,
      instituteRole: v.institute_role, createdBy: request.user.id,
    }]);
    return reply.code(201).send(toUserJson(row!));
  });

  app.put<{ Params: P; Body: { _id: string; name: string; email: string; phone: string; address?: string; institute_role: 0 | 1; status: 0 | 1; password?: string; confirm_password?: string } }>('/users/updateInstitute/:userId', {
    preValidation: [self, admin],
    schema: { body: body({ _id: idProp, ...instituteProps }, ['_id']) },
  }, async (request) => {
    const b = request.body;
    const target = await liveUser(app.db, b._id);
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
    await assertEmailFree(app.db, v.email, target.id);
    const [row] = await app.db.update(users).set({ ...patch, ...(revoke ? { tokenVersion: bumpTokenVersion } : {}) })
      .where(eq(users.id, target.id)).returning();
    return toUserJson(row!);
  });

  // ---- deleting (results are kept) --------------------------------------------------------------------------

  app.put<{ Params: P; Body: { _id: string } }>('/users/delete/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ _id: idProp }, ['_id']) },
  }, async (request) => {
    const me = request.user;
    if (request.body._id === me.id) throw new HttpError(400, 'You cannot delete yourself');
    const target = await managedUser(app.db, me, request.body._id);
    const now = new Date();
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ deletedAt: now, tokenVersion: bumpTokenVersion, updatedAt: now }).where(eq(users.id, target.id));
      // students of a deleted institute show up under 'Users With No Institute', where an admin can enrol them again
      if (target.role === ROLES.institute) {
        await tx.update(users).set({ createdBy: null, updatedAt: now })
          .where(and(eq(users.createdBy, target.id), eq(users.role, ROLES.student)));
      }
    });
    return { _id: target.id };
  });

  // ---- user lists -------------------------------------------------------------------------------------------

  // students, newest first, one page each (../paging.ts); the search matches the email
  app.get<Paged>('/users/institute/:userId', { config: { heavyRead: true }, preValidation: [self, institute], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await listStudents(app.db, eq(users.createdBy, request.user.id), pageRequest(request.query))));

  app.get<Paged>('/users/getAllUsers/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await listStudents(app.db, undefined, pageRequest(request.query))));

  app.get<Paged>('/users/getSelfCreatedUsers/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await listStudents(app.db, eq(users.createdBy, request.user.id), pageRequest(request.query))));

  app.get<Paged>('/users/noInstitute/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await listStudents(app.db, isNull(users.createdBy), pageRequest(request.query))));

  app.get<{ Params: { instituteId: string; userId: string }; Querystring: PageQuery }>('/users/ofInstitute/:instituteId/:userId', {
    config: { heavyRead: true },
    preValidation: [self, backOffice],
    schema: pagedQuery(),
  }, async (request, reply) => {
    const me = request.user;
    const id = request.params.instituteId;
    if (me.role !== ROLES.admin && me.id !== id) throw userNotFound();
    const inst = await liveUser(app.db, id);
    if (!inst || inst.role !== ROLES.institute) throw userNotFound();
    return sendPage(reply, await listStudents(app.db, eq(users.createdBy, id), pageRequest(request.query)));
  });

  app.get<{ Params: { id: string; userId: string } }>('/users/get/:id/:userId', { preValidation: self }, async (request) =>
    toUserJson(await readableUser(app.db, request.user, request.params.id)));

  // ---- creating and changing students -----------------------------------------------------------------------

  const userProps = {
    firstname: str(100), lastname: str(100), email: str(254), phone: nullableStr(20), password: str(1024),
    confirmPassword: str(1024), status: status01, institute: idProp,
  };

  app.post<{ Params: P; Body: { firstname: string; lastname: string; email: string; phone?: string; password: string; status?: 0 | 1; institute?: string } }>('/users/createUser/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body(userProps) },
  }, async (request, reply) => {
    const v = await check(userCreateSchema, request.body);
    const createdBy = await enrollerFor(app, request.user, request.body.institute);
    await assertEmailFree(app.db, v.email);
    const [row] = await insertUsers(app.db, [{
      id: newId(), email: normaliseEmail(v.email), passwordHash: await hashPassword(v.password),
      firstName: v.firstname, lastName: v.lastname, phone: v.phone ?? '', role: ROLES.student,
      status: request.body.status ?? 1, createdBy,
    }]);
    return reply.code(201).send(toUserJson(row!));
  });

  app.post<{ Params: P; Body: { csv: string; institute?: string } }>('/users/import/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ csv: { type: 'string', maxLength: CSV_MAX_BYTES }, institute: idProp }, ['csv']) },
  }, async (request) => {
    if (Buffer.byteLength(request.body.csv) > CSV_MAX_BYTES) throw new HttpError(400, 'CSV cannot exceed 1024KB');
    const rows = readImportRows(request.body.csv);
    if (!rows) throw new HttpError(400, CSV_HEADER_MESSAGE);
    if (rows.length === 0) throw new HttpError(400, 'CSV has no rows');
    if (rows.length > CSV_MAX_ROWS) throw new HttpError(400, `CSV cannot have more than ${CSV_MAX_ROWS} rows`);
    const createdBy = await enrollerFor(app, request.user, request.body.institute);

    const errors: { row: number; email: string; error: string }[] = [];
    const valid: { email: string; firstname: string; lastname: string; phone: string; password: string; generated: boolean }[] = [];
    const schema = userCreateSchema.omit(['confirmPassword']);
    const taken = await takenEmails(app.db, rows.map((r) => normaliseEmail(r.email)).filter(Boolean));
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
    // one transaction: every valid row is created, or none
    const created = values.length ? await insertUsers(app.db, values) : [];
    return {
      created: created.map((u, i) => ({ ...toUserJson(u), ...(valid[i]!.generated ? { password: valid[i]!.password } : {}) })),
      errors,
    };
  });

  app.put<{ Params: P; Body: { _id: string; firstname: string; lastname: string; email: string; phone?: string; status: 0 | 1 } }>('/users/update/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ _id: idProp, ...userProps }, ['_id']) },
  }, async (request) => {
    const me = request.user;
    const target = await managedUser(app.db, me, request.body._id);
    const v = await check(userEditSchema, request.body);
    if (target.id === me.id && v.status === 0) throw new HttpError(400, 'You cannot disable yourself');
    await assertEmailFree(app.db, v.email, target.id);
    const revoke = v.status === 0 && target.status !== 0;
    const [row] = await app.db.update(users).set({
      firstName: v.firstname, lastName: v.lastname, email: normaliseEmail(v.email), phone: v.phone ?? '',
      status: v.status, updatedAt: new Date(), ...(revoke ? { tokenVersion: bumpTokenVersion } : {}),
    }).where(eq(users.id, target.id)).returning();
    return toUserJson(row!);
  });

  app.put<{ Params: P; Body: { user: string; email?: string; newPassword: string; confirmPassword: string } }>('/users/updateUserPassword/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ user: idProp, email: str(254), newPassword: str(1024), confirmPassword: str(1024) }, ['user']) },
  }, async (request) => {
    const target = await managedUser(app.db, request.user, request.body.user);
    const v = await check(setUserPasswordSchema, request.body);
    await app.db.update(users)
      .set({ passwordHash: await hashPassword(v.newPassword), tokenVersion: bumpTokenVersion, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    return { _id: target.id };
  });

  app.put<{ Params: P; Body: { user: string; institute: string } }>('/users/addUserToInstitute/:userId', {
    preValidation: [self, admin],
    schema: { body: body({ user: idProp, institute: idProp }, ['user', 'institute']) },
  }, async (request) => {
    const target = await liveUser(app.db, request.body.user);
    if (!target || target.role !== ROLES.student) throw userNotFound();
    const inst = await liveUser(app.db, request.body.institute);
    if (!inst || inst.role !== ROLES.institute) throw new HttpError(404, 'Institute Not Found');
    if (target.createdBy) {
      const current = await liveUser(app.db, target.createdBy);
      if (current?.role === ROLES.institute) throw new HttpError(400, 'User already belongs to an institute');
    }
    const [row] = await app.db.update(users).set({ createdBy: inst.id, updatedAt: new Date() })
      .where(eq(users.id, target.id)).returning();
    return toUserJson(row!);
  });

  // ---- exam access ------------------------------------------------------------------------------------------

  app.get<{ Params: P; Querystring: { id?: string } }>('/examaccess/:userId', {
    preValidation: self,
    schema: { querystring: { type: 'object', properties: { id: idProp } } },
  }, async (request) => {
    const target = await readableUser(app.db, request.user, request.query.id ?? request.user.id);
    if (target.role !== ROLES.student) throw userNotFound();
    return accessJson(app.db, target.id);
  });

  app.post<{ Params: P; Body: AccessBody }>('/examaccess/create/:userId', {
    preValidation: [self, backOffice],
    schema: {
      body: body({
        user: idProp,
        type: str(40),
        startTime: nullableStr(40),
        endTime: nullableStr(40),
        total_times: { type: ['integer', 'null'], minimum: 0, maximum: 100000 },
        exams: {
          type: 'array', maxItems: 500,
          items: { type: 'object', properties: { exam: nullableStr(64), total_times: { type: ['integer', 'null'], minimum: 0, maximum: 100000 } } },
        },
      }, ['user']),
    },
  }, async (request) => {
    const target = await managedUser(app.db, request.user, request.body.user);
    if (target.role !== ROLES.student) throw new HttpError(400, 'Exam access can be set only for students');
    const plan = planAccess(request.body);
    await saveAccess(app.db, target, plan, request.user.id);
    return accessJson(app.db, target.id);
  });

  // ---- results and reports ----------------------------------------------------------------------------------

  // Results lists are paged (../paging.ts), newest first; the search matches the student's email.

  app.get<Paged<{ date?: string; to?: string }>>('/reports/date/:userId', {
    config: { heavyRead: true },
    preValidation: [self, backOffice],
    schema: pagedQuery({ date: str(40), to: str(40) }),
  }, async (request, reply) => {
    const from = parseQueryDate(request.query.date, 'Date');
    if (!from) throw new HttpError(400, 'Date cannot be empty.');
    const to = parseQueryDate(request.query.to, 'Date') ?? dayAfter(from);
    const me = request.user;
    return sendPage(reply, await dayResults(app.db, from, to, me.role === ROLES.admin ? null : me.id, pageRequest(request.query)));
  });

  app.get<{ Params: { id: string; userId: string }; Querystring: PageQuery }>('/results/of/:id/:userId', {
    config: { heavyRead: true },
    preValidation: self,
    schema: pagedQuery(),
  }, async (request, reply) => {
    const me = request.user;
    const page = pageRequest(request.query);
    const target = await liveUser(app.db, request.params.id);
    if (!target) throw userNotFound();
    if (target.role === ROLES.institute) {
      if (me.role !== ROLES.admin && me.id !== target.id) throw userNotFound();
      return sendPage(reply, await resultsOfInstitute(app.db, target.id, page));
    }
    if (!canRead(me, target)) throw userNotFound();
    return sendPage(reply, target.role === ROLES.student ? await resultsOfStudent(app.db, target.id, page) : { rows: [], total: 0 });
  });

  // Institutes with their attempts in the period: the object keeps its shape, `reports` is one page (most first).
  app.get<Paged<{ startDate?: string; endDate?: string }>>('/reports/getReport/:userId', {
    config: { heavyRead: true },
    preValidation: [self, admin],
    schema: pagedQuery({ startDate: str(40), endDate: str(40) }),
  }, async (request, reply) => {
    const { startDate, endDate } = request.query;
    const from = parseQueryDate(startDate, 'Start Date');
    const to = parseQueryDate(endDate, 'End Date', true); // the end date is included
    if (from && to && to <= from) throw new HttpError(400, 'End Date should be after Start Date');
    const reports = sendPage(reply, await attemptsPerInstitute(app.db, from, to, pageRequest(request.query)));
    return { startDate: startDate ?? '', endDate: endDate ?? '', reports };
  });
}
