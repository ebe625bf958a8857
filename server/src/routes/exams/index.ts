/**
 * /api/exams: the student's exam lists (../../access/student-exams.ts), the back office's exams (../../authoring/exams.ts),
 * who can see a private exam (../../authoring/sharing.ts) and exam transfer from another deployment
 * (../../transfer/remote.ts), exams as packages (../../authoring/package/). The back-office routes refuse students; an
 * exam is read or written only by whom loadExamFor allows.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Exam as ExamJson } from 'shared-api/types';
import { REVIEW_POLICIES } from 'shared-api/constants';
import { listStudentExams, type ListedExam } from '../../access/student-exams.ts';
import { downloadForStudent, examPackages } from '../../attempts/exam-package.ts';
import {
  allExams, assertMayAddExams, createExam, deleteExam, examsGrantedTo, examsOf, examsOfInstitute, publishExam, readExam,
  sharedExams, updateExam, type ExamBody,
} from '../../authoring/exams.ts';
import { institutesOfExam } from '../../authoring/sharing.ts';
import { assembleExam, createBlueprint, deleteBlueprint, listBlueprints, updateBlueprint, type AssembleBody } from '../../authoring/assembly.ts';
import { BLUEPRINT_NAME_MAX } from 'shared-api/schemas/blueprint';
import { EXAM_TITLE_MAX, TOTAL_QUESTIONS } from 'shared-api/constants';
import { attachment, exportExam, templatePackage, type PackageFile } from '../../authoring/package/export.ts';
import { checkPackage, importPackage, receivePackage } from '../../authoring/package/import.ts';
import { allowCrossSiteRead } from '../../transfer/cross-site.ts';
import { copyRemoteExam, remoteExams, type SiteBody } from '../../transfer/remote.ts';
import { admin, backOffice, self, student } from '../guards.ts';
import { body, id, ids, type Id, type P } from '../schemas.ts';

const examBodySchema = {
  type: 'object',
  required: ['is_cbt'],
  properties: {
    title: { type: 'string', maxLength: 1000 },
    type: { type: 'string', maxLength: 50 },
    is_cbt: { type: 'boolean' },
    category: { type: ['string', 'null'], maxLength: 100 },
    exam: { type: 'string', maxLength: 1000 },
    status: { type: 'integer', enum: [0, 1] },
    play_limit: { type: ['integer', 'null'] },
    review_policy: { type: 'string', enum: REVIEW_POLICIES.map((p) => p.value) },
  },
} as const;

const field = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const siteProps = { url: field(2000), userId: field(100), token: field(4096) };
const siteSchema = { type: 'object', required: ['url', 'userId', 'token'], additionalProperties: false, properties: siteProps } as const;
const copySchema = {
  type: 'object', required: ['exam', 'url', 'userId', 'token'], additionalProperties: false,
  properties: { ...siteProps, exam: field(100) },
} as const;

export async function examRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // ---- the student's lists (Available Exams, Other Exams List) -----------------------------------------------

  // each exam with the size of its download (../../attempts/exam-package.ts)
  const sized = async (list: ListedExam[]) => {
    const packages = await examPackages(db, list.map((e) => e._id));
    return list.map((e) => ({ ...e, downloadBytes: packages.get(e._id)!.bytes }));
  };

  app.get<{ Params: P }>('/published/users/:userId', { preValidation: [student, self] }, async (request) =>
    sized((await listStudentExams(db, request.user, new Date())).available));

  app.get<{ Params: P }>('/users/getAll/:userId', { preValidation: [student, self] }, async (request) =>
    sized((await listStudentExams(db, request.user, new Date())).other));

  // the start page's download of an exam the student may start (or resume) now: questions without answers, media
  app.get<Id<'examId'>>('/download/:examId/:userId', { preValidation: [student, self], schema: { params: ids('examId') } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await downloadForStudent(db, app.config, request.user, request.params.examId)));

  // ---- the back office's lists -------------------------------------------------------------------------------

  // also read by another deployment's exam transfer (../../transfer/cross-site.ts)
  app.get<{ Params: P }>('/admin/:userId', { onRequest: allowCrossSiteRead, preValidation: [backOffice, self, admin] }, async () =>
    allExams(db));

  app.get<{ Params: P }>('/institute/:userId', { preValidation: [backOffice, self] }, async (request) =>
    examsOf(db, request.user.id));

  app.get<{ Params: P }>('/shared/:userId', { preValidation: [backOffice, self] }, async (request): Promise<ExamJson[]> =>
    sharedExams(db, request.user));

  app.get<Id<'instituteId'>>('/institute/:instituteId/:userId', { preValidation: [backOffice, self] }, async (request) =>
    examsOfInstitute(db, request.user, request.params.instituteId));

  app.get<Id<'examId'>>('/exam/:examId/:userId', { preValidation: [backOffice, self] }, async (request) =>
    readExam(db, request.user, request.params.examId));

  // ---- create / edit / delete / publish ----------------------------------------------------------------------

  app.post<{ Params: P; Body: ExamBody }>('/create/:userId', {
    preValidation: [backOffice, self, async (request) => assertMayAddExams(request.user)],
    schema: { body: examBodySchema },
  }, async (request) => createExam(db, request.user, request.body));

  app.put<Id<'examId'> & { Body: ExamBody }>('/:examId/:userId', {
    preValidation: [backOffice, self],
    schema: { body: examBodySchema },
  }, async (request) => updateExam(db, request.user, request.params.examId, request.body));

  app.delete<Id<'examId'>>('/:examId/:userId', { preValidation: [backOffice, self] }, async (request) =>
    deleteExam(db, request.user, request.params.examId));

  app.put<Id<'examId'>>('/publish/:examId/:userId', { preValidation: [backOffice, self] }, async (request) =>
    publishExam(db, request.user, request.params.examId));

  // ---- exams as packages (docs/exam-package.md) --------------------------------------------------------------

  const sendPackage = (reply: FastifyReply, p: PackageFile) =>
    reply.type('application/zip').header('content-disposition', attachment(p.filename)).send(p.data);

  // the owner's or an admin's: as editing it
  app.get<Id<'examId'>>('/export/:examId/:userId', {
    preValidation: [backOffice, self], config: { heavyRead: true }, schema: { params: ids('examId') },
  }, async (request, reply) => sendPackage(reply, await exportExam(db, request.user, request.params.examId)));

  app.get<{ Params: P }>('/import/template/:userId', { preValidation: [backOffice, self] }, async (_request, reply) =>
    sendPackage(reply, await templatePackage()));

  // a new hidden exam, as creating one; ?dryRun=true: the report only, nothing written
  app.post<{ Params: P; Querystring: { dryRun?: boolean } }>('/import/:userId', {
    preValidation: [backOffice, self, async (request) => assertMayAddExams(request.user)],
    schema: { querystring: { type: 'object', properties: { dryRun: { type: 'boolean' } } } },
  }, async (request) => {
    const { data, title } = await receivePackage(request);
    if (request.query.dryRun) return checkPackage(db, request.user, data, title);
    const imported = await importPackage(db, request.user, data, title);
    app.renditions.kick(); // the imported media's renditions are made here, as after an upload
    return imported;
  });

  // ---- "Who can see this exam?" (admin); changed through /api/exam/ ------------------------------------------

  app.get<Id<'examId'>>('/exam/institutes/:examId/:userId', { preValidation: [backOffice, self, admin] }, async (request) =>
    institutesOfExam(db, request.params.examId));

  // The other side: the private exams (others') opened to one institute, for the admin's view of that institute.
  app.get<Id<'instituteId'>>('/granted/:instituteId/:userId', { preValidation: [backOffice, self, admin] }, async (request) =>
    examsGrantedTo(db, request.params.instituteId));

  // ---- transfer from another deployment (admin); a POST keeps the token out of access logs ------------------

  // Blueprints and "New exam from bank" (docs/question-bank.md): the owner's own; the rules are shared-api's schemas
  const blueprintBody = {
    ...body({ name: { type: 'string', maxLength: BLUEPRINT_NAME_MAX * 4 }, slots: { type: 'array', maxItems: TOTAL_QUESTIONS + 1, items: { type: 'string', maxLength: 100 } } }, ['name', 'slots']),
    additionalProperties: false,
  };
  app.get<{ Params: P }>('/blueprints/:userId', { preValidation: [backOffice, self] }, async (request) => listBlueprints(db, request.user));
  app.post<{ Params: P; Body: unknown }>('/blueprints/create/:userId', { preValidation: [backOffice, self], schema: { body: blueprintBody } },
    async (request) => createBlueprint(db, request.user, request.body));
  app.put<Id<'blueprintId'> & { Body: unknown }>('/blueprints/:blueprintId/:userId', {
    preValidation: [backOffice, self], schema: { params: ids('blueprintId'), body: blueprintBody },
  }, async (request) => updateBlueprint(db, request.user, request.params.blueprintId, request.body));
  app.delete<Id<'blueprintId'>>('/blueprints/:blueprintId/:userId', { preValidation: [backOffice, self], schema: { params: ids('blueprintId') } },
    async (request) => deleteBlueprint(db, request.user, request.params.blueprintId));
  app.post<{ Params: P; Body: AssembleBody }>('/assemble/:userId', {
    preValidation: [backOffice, self],
    config: { heavyRead: true },
    schema: {
      body: {
        ...body({
          title: { type: 'string', maxLength: EXAM_TITLE_MAX * 4 },
          blueprint: { anyOf: [id, { type: 'string', enum: ['eps'] }] },
          target: { type: ['number', 'null'] },
          seed: { type: 'integer', minimum: 0, maximum: 2 ** 32 - 1 },
          dryRun: { type: 'boolean' },
        }),
        additionalProperties: false,
      },
    },
  }, async (request) => assembleExam(db, request.user, request.body ?? {}));

  app.post<{ Params: P; Body: SiteBody }>('/transfer/list/:userId', {
    preValidation: [self, admin],
    schema: { body: siteSchema },
  }, async (request) => remoteExams(app.config, request.body));

  app.post<{ Params: P; Body: SiteBody & { exam: string } }>('/transferexam/:userId', {
    preValidation: [self, admin],
    schema: { body: copySchema },
  }, async (request) => {
    const copied = await copyRemoteExam(db, app.config, request.user, request.body, request.log);
    app.renditions.kick(); // the copied media's renditions are made here, as after an upload
    return copied;
  });
}
