/**
 * Exam authoring for admins and institutes (contract: shared-api's endpoints/authoring.ts): exams, questions,
 * uploads, publishing, categories, private-exam access, results of an exam and the question summary.
 * Students get 403 on every route; the last path segment is the acting user (requireSelf).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AuthInstitute, Category as CategoryJson, Exam as ExamJson, Question as QuestionJson, Result as ResultJson } from 'shared-api/types';
import { QUESTIONS_PER_TYPE } from 'shared-api/constants';
import { authenticate, requireRole, requireSelf, ROLES, type AuthUser } from '../auth/index.ts';
import type { Executor } from '../db/index.ts';
import { categories, examInstituteAccess, exams, questions, results, users, type Exam as ExamRow, type Question as QuestionRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { readMultipart } from '../multipart.ts';
import { isId, newId } from '../ids.ts';
import { storeMedia } from '../media.ts';
import { toInstituteJson } from '../serializers.ts';
import { toQuestionJson } from '../attempts/serialize.ts';
import { pageOfResults } from '../attempts/results.ts';
import { pageQueryProps, pageRequest, sendPage, type PageQuery } from '../paging.ts';
import {
  EXAM_MSG, examJson, examValues, grantedTo, listExamJson, loadExamFor, readableBy, sharedWith, type ExamBody,
} from '../authoring/exams.ts';
import {
  fieldsToRow, isQuestionType, mediaHashes, missingMedia, publishProblem, QMSG, questionSchema, rowToFields,
} from '../authoring/questions.ts';
import { bodyOf, check } from '../validate.ts';
import { questionSummary, type AnalysedAnswer, type QuestionSummaryRow } from '../authoring/item-analysis.ts';
import { AUDIO_MAX_BYTES, checkUpload, fieldRule } from '../authoring/uploads.ts';

// requireRole/requireSelf run at preValidation: a refused caller gets 403 before its body is even validated.
const self = requireSelf('userId');
const adminOnly = [self, requireRole(ROLES.admin)];

const CATEGORY_TITLE_MAX = 100;

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
  },
} as const;

const questionBodySchema = bodyOf(questionSchema);

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

const toCategoryJson = (c: { id: string; title: string }): CategoryJson => ({ _id: c.id, title: c.title });

async function examInstitutes(db: Executor, examId: string): Promise<AuthInstitute[]> {
  const rows = await db.select({ u: users }).from(examInstituteAccess)
    .innerJoin(users, eq(users.id, examInstituteAccess.instituteId))
    .where(and(eq(examInstituteAccess.examId, examId), eq(users.role, ROLES.institute), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map((r) => toInstituteJson(r.u));
}

/** 404 unless `instituteId` is an institute that has not been deleted. */
async function requireInstitute(db: Executor, instituteId: string): Promise<void> {
  if (!isId(instituteId)) throw new HttpError(404, 'Institute Not Found');
  const [inst] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.id, instituteId), eq(users.role, ROLES.institute), isNull(users.deletedAt))).limit(1);
  if (!inst) throw new HttpError(404, 'Institute Not Found');
}

/** A private, non-deleted exam for the admin's "Who can see this exam?". */
async function privateExam(db: Executor, examId: string) {
  if (!isId(examId)) throw new HttpError(404, EXAM_MSG.notFound);
  const [exam] = await db.select().from(exams).where(and(eq(exams.id, examId), isNull(exams.deletedAt))).limit(1);
  if (!exam) throw new HttpError(404, EXAM_MSG.notFound);
  if (exam.type !== 'private') throw new HttpError(400, EXAM_MSG.onlyPrivateShared);
  return exam;
}

/** The `institute` of an access body: an id, or the selected institute row ({_id}). */
function instituteParam(body: unknown): string {
  const raw = (body as { institute?: unknown } | null | undefined)?.institute;
  const id = typeof raw === 'string' ? raw.trim() : (raw && typeof raw === 'object' ? (raw as { _id?: unknown })._id : undefined);
  if (typeof id !== 'string' || !id) throw new HttpError(400, 'Cannot be Empty');
  return id;
}

/** Results of an exam that `me` may see: admins and the exam's owner all, other institutes their own students'. */
function resultsScope(me: AuthUser, examOwnerId: string) {
  if (me.role === ROLES.admin || examOwnerId === me.id) return undefined;
  return or(eq(results.instituteId, me.id), sql`${results.userId} in (select ${users.id} from ${users} where ${users.createdBy} = ${me.id})`);
}

export async function authoringRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);
  app.addHook('preValidation', requireRole(ROLES.admin, ROLES.institute));
  const db = app.db;

  type P<T extends string> = { Params: Record<T | 'userId', string> };

  // ---------------------------------------------------------------- exam lists
  app.get<P<never>>('/exams/admin/:userId', { preValidation: adminOnly }, async () =>
    listExamJson(db, isNull(exams.deletedAt)));

  app.get<P<never>>('/exams/institute/:userId', { preValidation: self }, async (req) =>
    listExamJson(db, and(isNull(exams.deletedAt), eq(exams.userId, req.user.id))));

  app.get<P<never>>('/exams/shared/:userId', { preValidation: self }, async (req): Promise<ExamJson[]> => {
    if (req.user.role !== ROLES.institute) return []; // an admin sees every exam in its own list
    return listExamJson(db, and(isNull(exams.deletedAt), sharedWith(req.user.id)));
  });

  app.get<P<'instituteId'>>('/exams/institute/:instituteId/:userId', { preValidation: self }, async (req) => {
    const { instituteId } = req.params;
    if (req.user.role !== ROLES.admin && instituteId !== req.user.id) throw new HttpError(403, 'Forbidden');
    await requireInstitute(db, instituteId);
    return listExamJson(db, and(isNull(exams.deletedAt), eq(exams.userId, instituteId)));
  });

  app.get<P<'examId'>>('/exams/exam/:examId/:userId', { preValidation: self }, async (req) => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'read');
    return examJson(db, exam.id);
  });

  // ---------------------------------------------------------------- exam create / edit / delete / publish
  app.post<P<never> & { Body: ExamBody }>('/exams/create/:userId', {
    preValidation: [self, async (req: FastifyRequest) => {
      if (req.user.role === ROLES.institute && req.user.instituteRole !== 1) throw new HttpError(403, EXAM_MSG.cannotAdd);
    }],
    schema: { body: examBodySchema },
  }, async (req) => {
    const v = await examValues(db, req.user, req.body);
    const id = newId();
    await db.insert(exams).values({
      id, title: v.title, type: v.type, isCbt: v.isCbt, status: 0, categoryId: v.categoryId, refExam: v.refExam, userId: req.user.id,
    });
    return examJson(db, id);
  });

  app.put<P<'examId'> & { Body: ExamBody }>('/exams/:examId/:userId', {
    preValidation: self,
    schema: { body: examBodySchema },
  }, async (req) => {
    const current = await loadExamFor(db, req.user, req.params.examId, 'write');
    const v = await examValues(db, req.user, req.body, current);
    let status = current.status;
    if (req.body.status !== undefined && req.body.status !== current.status) {
      // Available <-> Hiden only for an exam that is available now; a hidden exam becomes available by publishing.
      if (current.status !== 1) throw new HttpError(400, EXAM_MSG.statusOnlyWhenAvailable);
      status = req.body.status;
    }
    await db.update(exams).set({
      title: v.title, type: v.type, isCbt: v.isCbt, categoryId: v.categoryId, refExam: v.refExam, status, updatedAt: new Date(),
    }).where(eq(exams.id, current.id));
    return examJson(db, current.id);
  });

  app.delete<P<'examId'>>('/exams/:examId/:userId', { preValidation: self }, async (req) => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'write');
    await db.transaction(async (tx) => {
      // results keep exam_title, so students' results stay readable after this
      await tx.update(exams).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(exams.id, exam.id));
      await tx.delete(questions).where(eq(questions.examId, exam.id));
      await tx.delete(examInstituteAccess).where(eq(examInstituteAccess.examId, exam.id));
    });
    return { _id: exam.id };
  });

  app.put<P<'examId'>>('/exams/publish/:examId/:userId', { preValidation: self }, async (req) => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'write');
    await db.transaction(async (tx) => {
      const rows = await tx.select().from(questions).where(eq(questions.examId, exam.id));
      const problem = publishProblem(rows);
      if (problem) throw new HttpError(400, problem);
      await tx.update(exams).set({ status: 1, publishedAt: exam.publishedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(exams.id, exam.id));
    });
    return examJson(db, exam.id);
  });

  // ---------------------------------------------------------------- questions
  app.get<P<'examId'>>('/questions/:examId/:userId', { preValidation: self }, async (req): Promise<QuestionJson[]> => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'read');
    const rows = await db.select().from(questions).where(eq(questions.examId, exam.id)).orderBy(asc(questions.questionNumber));
    return rows.map(toQuestionJson);
  });

  /** Checks and writes one question (create when `existing` is undefined) inside a transaction. */
  async function saveQuestion(exam: ExamRow, body: Record<string, unknown> | undefined, existing?: QuestionRow) {
    // The body over the stored question (an edit may send only what changes), checked by the form's rules.
    const given = { ...(existing ? rowToFields(existing) : {}), ...body };
    const type = given.type;
    const typeCount = async (tx: Executor, t: string) => {
      const where = existing
        ? and(eq(questions.examId, exam.id), eq(questions.type, t), ne(questions.id, existing.id))
        : and(eq(questions.examId, exam.id), eq(questions.type, t));
      const [r] = await tx.select({ n: sql<number | string>`count(*)` }).from(questions).where(where);
      return Number(r?.n ?? 0);
    };
    // A type that already has its 20 questions takes no more, whatever number was asked for.
    if (isQuestionType(type) && (!existing || existing.type !== type) && (await typeCount(db, type)) >= QUESTIONS_PER_TYPE) {
      throw new HttpError(400, QMSG.switchMode);
    }
    const fields = await check(questionSchema, given);
    if ((await missingMedia(db, mediaHashes(fields))).length) {
      throw new HttpError(400, 'An uploaded file of this question was not found; upload it again');
    }
    const id = existing?.id ?? newId();
    try {
      await db.transaction(async (tx) => {
        const [clash] = await tx.select({ id: questions.id }).from(questions)
          .where(and(eq(questions.examId, exam.id), eq(questions.questionNumber, fields.question_number),
            existing ? ne(questions.id, existing.id) : undefined))
          .limit(1);
        if (clash) throw new HttpError(409, QMSG.numberUsed);
        if (existing) {
          await tx.update(questions).set({ ...fieldsToRow(fields), updatedAt: new Date() }).where(eq(questions.id, id));
        } else {
          await tx.insert(questions).values({ id, examId: exam.id, ...fieldsToRow(fields) });
        }
        // A published exam stays publishable: the change is undone if it would break the 20 + 20 rule.
        const [now] = await tx.select({ status: exams.status }).from(exams).where(eq(exams.id, exam.id)).limit(1);
        if (now?.status === 1) {
          const problem = publishProblem(await tx.select().from(questions).where(eq(questions.examId, exam.id)));
          if (problem) throw new HttpError(400, `A published exam must stay complete. ${problem}`);
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, QMSG.numberUsed);
      throw err;
    }
    const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
    return toQuestionJson(row!);
  }

  app.post<P<'examId'> & { Body: Record<string, unknown> }>('/questions/create/new/:examId/:userId', {
    preValidation: self,
    schema: { body: questionBodySchema },
  }, async (req) => saveQuestion(await loadExamFor(db, req.user, req.params.examId, 'write'), req.body));

  app.put<P<'examId' | 'questionId'> & { Body: Record<string, unknown> }>('/questions/new/:examId/:questionId/:userId', {
    preValidation: self,
    schema: { body: questionBodySchema },
  }, async (req) => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'write');
    const { questionId } = req.params;
    const [existing] = isId(questionId)
      ? await db.select().from(questions).where(and(eq(questions.id, questionId), eq(questions.examId, exam.id))).limit(1)
      : [];
    if (!existing) throw new HttpError(404, 'Question Not Found');
    return saveQuestion(exam, req.body, existing);
  });

  app.delete<P<'questionId'>>('/questions/:questionId/:userId', { preValidation: self }, async (req) => {
    const { questionId } = req.params;
    const [q] = isId(questionId) ? await db.select().from(questions).where(eq(questions.id, questionId)).limit(1) : [];
    if (!q) throw new HttpError(404, 'Question Not Found');
    const exam = await loadExamFor(db, req.user, q.examId, 'write');
    if (exam.status === 1) throw new HttpError(400, QMSG.unpublishFirst);
    await db.delete(questions).where(eq(questions.id, q.id));
    return { _id: q.id };
  });

  app.get<P<'examId'>>('/questions/summary/:examId/:userId', { config: { heavyRead: true }, preValidation: self }, async (req): Promise<QuestionSummaryRow[]> => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'read');
    const qs = await db.select({
      id: questions.id, questionNumber: questions.questionNumber, type: questions.type, optionType: questions.optionType, answer: questions.answer,
    }).from(questions).where(eq(questions.examId, exam.id));
    const rs = await db.select({ answers: results.answers }).from(results)
      .where(and(eq(results.examId, exam.id), resultsScope(req.user, exam.userId)));
    return questionSummary(qs, rs.map((r) => r.answers as unknown as AnalysedAnswer[]));
  });

  // ---------------------------------------------------------------- uploads
  app.post<P<'examId'>>('/upload-file/:examId/:userId', { preValidation: self }, async (req) => {
    const exam = await loadExamFor(db, req.user, req.params.examId, 'write');
    // Reads at most AUDIO_MAX_BYTES (the larger limit) of the file; the rest is discarded and flagged truncated.
    const { file, fields } = await readMultipart(req, { fileField: 'file', maxBytes: AUDIO_MAX_BYTES, badBody: 'Upload one file with its field name' });
    const name = fields.name;
    if (!name) throw new HttpError(400, 'Name cannot be empty.');
    const rule = fieldRule(name);
    if (!rule) throw new HttpError(400, ' Invalid Name.');
    if (!file || file.data.length === 0) throw new HttpError(400, 'File cannot be empty.');
    const checked = checkUpload(rule, file.data, file.data.length, file.truncated);
    if ('error' in checked) throw new HttpError(400, checked.error);
    const url = await storeMedia(db, file.data, checked.ok.mime, checked.ok.ext, req.user.id);
    req.log.info({ exam: exam.id, field: name, url }, 'media uploaded');
    return { field_name: name, url };
  });

  // ---------------------------------------------------------------- results of an exam
  // One page (../paging.ts), newest first; the search matches the student's email.
  app.get<P<'examId'> & { Querystring: PageQuery }>('/results/exam/:examId/:userId', {
    config: { heavyRead: true },
    preValidation: self,
    schema: { querystring: { type: 'object', properties: pageQueryProps } },
  }, async (req, reply): Promise<ResultJson[]> => {
    const me = req.user;
    const { examId } = req.params;
    if (!isId(examId)) throw new HttpError(404, EXAM_MSG.notFound);
    // A deleted exam's results stay listed for the admin and for its owner.
    const [exam] = await db.select().from(exams).where(and(eq(exams.id, examId),
      me.role === ROLES.admin ? undefined : or(eq(exams.userId, me.id), readableBy(me)))).limit(1);
    if (!exam) throw new HttpError(404, EXAM_MSG.notFound);
    return sendPage(reply, await pageOfResults(db, and(eq(results.examId, exam.id), resultsScope(me, exam.userId)), pageRequest(req.query)));
  });

  // ---------------------------------------------------------------- categories
  app.get<P<never>>('/categories/:userId', { preValidation: self }, async () =>
    (await db.select().from(categories).orderBy(asc(categories.title))).map(toCategoryJson));

  app.post<P<never> & { Body: { title?: string } }>('/categories/create/:userId', {
    preValidation: adminOnly,
    schema: { body: { type: 'object', properties: { title: { type: 'string', maxLength: 1000 } } } },
  }, async (req) => {
    const title = (req.body.title ?? '').trim();
    if (!title) throw new HttpError(400, 'Title cannot be empty.');
    if (title.length > CATEGORY_TITLE_MAX) throw new HttpError(400, `Title should be less than ${CATEGORY_TITLE_MAX} characters.`);
    const id = newId();
    await db.transaction(async (tx) => {
      if (app.database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7411202503)`); // one title check at a time
      const [dup] = await tx.select({ id: categories.id }).from(categories)
        .where(sql`lower(${categories.title}) = lower(${title})`).limit(1);
      if (dup) throw new HttpError(409, 'Category already exists');
      await tx.insert(categories).values({ id, title, createdBy: req.user.id });
    });
    return toCategoryJson({ id, title });
  });

  app.delete<P<'categoryId'>>('/categories/:categoryId/:userId', { preValidation: adminOnly }, async (req) => {
    const { categoryId } = req.params;
    const [cat] = isId(categoryId) ? await db.select().from(categories).where(eq(categories.id, categoryId)).limit(1) : [];
    if (!cat) throw new HttpError(404, 'Category Not Found');
    const [used] = await db.select({ id: exams.id }).from(exams)
      .where(and(eq(exams.categoryId, cat.id), isNull(exams.deletedAt))).limit(1);
    if (used) throw new HttpError(409, 'Category is used by an exam');
    await db.delete(categories).where(eq(categories.id, cat.id));
    return { _id: cat.id };
  });

  // ---------------------------------------------------------------- private-exam access ("Who can see this exam?")
  app.get<P<'examId'>>('/exams/exam/institutes/:examId/:userId', { preValidation: adminOnly }, async (req) => {
    const exam = await privateExam(db, req.params.examId);
    return examInstitutes(db, exam.id);
  });

  // The other side of "Who can see this exam?": the private exams (others') opened to one institute, for the admin's
  // view of that institute. One query instead of asking every private exam who can see it.
  app.get<P<'instituteId'>>('/exams/granted/:instituteId/:userId', { preValidation: adminOnly }, async (req) => {
    const { instituteId } = req.params;
    await requireInstitute(db, instituteId);
    return listExamJson(db, and(isNull(exams.deletedAt), eq(exams.type, 'private'), ne(exams.userId, instituteId), grantedTo(instituteId)));
  });

  app.put<P<'examId'>>('/exam/addInstituteAccess/:examId/:userId', { preValidation: adminOnly }, async (req) => {
    const exam = await privateExam(db, req.params.examId);
    const instituteId = instituteParam(req.body);
    const [inst] = isId(instituteId)
      ? await db.select({ id: users.id }).from(users)
        .where(and(eq(users.id, instituteId), eq(users.role, ROLES.institute), isNull(users.deletedAt))).limit(1)
      : [];
    if (!inst) throw new HttpError(400, 'Institute Not Found');
    await db.insert(examInstituteAccess).values({ examId: exam.id, instituteId: inst.id }).onConflictDoNothing();
    return examInstitutes(db, exam.id);
  });

  app.put<P<'examId'>>('/exam/removeInstituteAccess/:examId/:userId', { preValidation: adminOnly }, async (req) => {
    const exam = await privateExam(db, req.params.examId);
    const instituteId = instituteParam(req.body);
    await db.delete(examInstituteAccess)
      .where(and(eq(examInstituteAccess.examId, exam.id), eq(examInstituteAccess.instituteId, instituteId)));
    return examInstitutes(db, exam.id);
  });
}
