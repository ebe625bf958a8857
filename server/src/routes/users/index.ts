/**
 * /api/users: one's own profile, institutes (admin), students (admin, institute), the CSV import, user lists.
 * Most paths end with the acting user's id (`self`). Who may read or change whom: ../../people/users.ts; the writes:
 * ../../people/profile.ts and ../../people/accounts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { idProp, nullableStr, status01, str } from '../../people/validate.ts';
import { listInstitutes, readableUser } from '../../people/users.ts';
import {
  changePassword, changePicture, instituteInfo, updateProfile, userInfo, type ChangePasswordBody, type ProfileBody,
} from '../../people/profile.ts';
import {
  addToInstitute, allStudents, createInstitute, createStudent, CSV_MAX_BYTES, deleteUser, importStudents, setUserPassword,
  studentsCreatedBy, studentsOfInstitute, studentsWithoutInstitute, updateInstitute, updateStudent,
  type InstituteBody, type InstituteEditBody, type SetPasswordBody, type StudentBody, type StudentEditBody,
} from '../../people/accounts.ts';
import { toUserJson } from '../../serializers.ts';
import { pageRequest, sendPage } from '../../paging.ts';
import { admin, backOffice, institute, self } from '../guards.ts';
import { body, pagedQuery, type P, type Paged } from '../schemas.ts';

const instituteProps = {
  name: str(100), email: str(254), phone: str(20), address: str(300), password: str(1024), confirm_password: str(1024),
  institute_role: { type: 'integer', enum: [0, 1] }, status: status01,
};

const userProps = {
  firstname: str(100), lastname: str(100), email: str(254), phone: nullableStr(20), password: str(1024),
  confirmPassword: str(1024), status: status01, institute: idProp,
};

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // ---- reading one user or institute (any role; who may read whom is checked inside) -------------------------

  app.get<{ Params: { userId: string } }>('/getUserInfo/:userId', async (request) =>
    userInfo(db, request.user, request.params.userId));

  app.get<{ Params: { id: string } }>('/getInstituteInfo/:id', async (request) =>
    instituteInfo(db, request.user, request.params.id));

  app.get<{ Params: { id: string; userId: string } }>('/get/:id/:userId', { preValidation: self }, async (request) =>
    toUserJson(await readableUser(db, request.user, request.params.id)));

  // ---- own profile -------------------------------------------------------------------------------------------

  app.put<{ Params: P; Body: ProfileBody }>('/:userId', {
    preValidation: self,
    schema: { body: body({ firstname: str(100), lastname: str(100), phone: nullableStr(20), address: nullableStr(300), time_zone: str(64), language: { type: 'string', enum: ['en', 'ne'] } }) },
  }, async (request) => updateProfile(db, request.user, request.body));

  app.put<{ Params: P; Body: ChangePasswordBody }>('/changePassword/:userId', {
    preValidation: self,
    schema: { body: body({ email: str(254), password: str(1024), newPassword: str(1024), confirmPassword: str(1024) }) },
  }, async (request) => changePassword(db, app.config, request.user, request.body, request.ip));

  app.put<{ Params: P }>('/changePicture/:userId', { preValidation: [self, backOffice] }, async (request) =>
    changePicture(db, request));

  // ---- institutes (admin) -----------------------------------------------------------------------------------

  app.get<Paged>('/getAllInstitutes/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await listInstitutes(db, pageRequest(request.query))));

  app.post<{ Params: P; Body: InstituteBody }>('/createInstitute/:userId', {
    preValidation: [self, admin],
    schema: { body: body(instituteProps) },
  }, async (request, reply) => reply.code(201).send(await createInstitute(db, request.user, request.body)));

  app.put<{ Params: P; Body: InstituteEditBody }>('/updateInstitute/:userId', {
    preValidation: [self, admin],
    schema: { body: body({ _id: idProp, ...instituteProps }, ['_id']) },
  }, async (request) => updateInstitute(db, request.body));

  // ---- deleting (results are kept) --------------------------------------------------------------------------

  app.put<{ Params: P; Body: { _id: string } }>('/delete/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ _id: idProp }, ['_id']) },
  }, async (request) => deleteUser(db, request.user, request.body._id));

  // ---- student lists: newest first, one page each (../../paging.ts); the search matches the email ----------

  app.get<Paged>('/institute/:userId', { config: { heavyRead: true }, preValidation: [self, institute], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await studentsCreatedBy(db, request.user.id, request.query)));

  app.get<Paged>('/getAllUsers/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await allStudents(db, request.query)));

  app.get<Paged>('/getSelfCreatedUsers/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await studentsCreatedBy(db, request.user.id, request.query)));

  app.get<Paged>('/noInstitute/:userId', { config: { heavyRead: true }, preValidation: [self, admin], schema: pagedQuery() }, async (request, reply) =>
    sendPage(reply, await studentsWithoutInstitute(db, request.query)));

  app.get<Paged & { Params: { instituteId: string } }>('/ofInstitute/:instituteId/:userId', {
    config: { heavyRead: true },
    preValidation: [self, backOffice],
    schema: pagedQuery(),
  }, async (request, reply) => sendPage(reply, await studentsOfInstitute(db, request.user, request.params.instituteId, request.query)));

  // ---- creating and changing students -----------------------------------------------------------------------

  app.post<{ Params: P; Body: StudentBody }>('/createUser/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body(userProps) },
  }, async (request, reply) => reply.code(201).send(await createStudent(db, request.user, request.body)));

  app.post<{ Params: P; Body: { csv: string; institute?: string } }>('/import/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ csv: { type: 'string', maxLength: CSV_MAX_BYTES }, institute: idProp }, ['csv']) },
  }, async (request) => importStudents(db, request.user, request.body));

  app.put<{ Params: P; Body: StudentEditBody }>('/update/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ _id: idProp, ...userProps }, ['_id']) },
  }, async (request) => updateStudent(db, request.user, request.body));

  app.put<{ Params: P; Body: SetPasswordBody }>('/updateUserPassword/:userId', {
    preValidation: [self, backOffice],
    schema: { body: body({ user: idProp, email: str(254), newPassword: str(1024), confirmPassword: str(1024) }, ['user']) },
  }, async (request) => setUserPassword(db, request.user, request.body));

  app.put<{ Params: P; Body: { user: string; institute: string } }>('/addUserToInstitute/:userId', {
    preValidation: [self, admin],
    schema: { body: body({ user: idProp, institute: idProp }, ['user', 'institute']) },
  }, async (request) => addToInstitute(db, request.body));
}
