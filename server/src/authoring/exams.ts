/**
 * Who may read and change an exam in the back office, the exam form's rules, and exam listings as Exam JSON.
 * Admins read and change every exam; an institute changes only its own and reads, besides its own, published
 * public/free exams of others and published private exams an admin opened to it.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Exam as ExamJson, ExamType, ReviewPolicy } from 'shared-api/types';
import { DEFAULT_REVIEW_POLICY, EXAM_REFERENCE_MAX, EXAM_TITLE_MAX } from 'shared-api/constants';
import { examSchema } from 'shared-api/schemas/authoring';
import type { AuthUser } from '../auth/index.ts';
import { ROLES } from '../auth/index.ts';
import type { Db, Executor } from '../db/index.ts';
import { categories, examInstituteAccess, exams, questions, users, type Exam as ExamRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { check } from '../validate.ts';
import { publishProblem } from './questions.ts';
import { toExamJson } from '../serializers.ts';
import { packagesChanged } from '../attempts/package-generation.ts';

export const EXAM_MSG = {
  notFound: 'Exam Not Found',
  cannotAdd: 'You cannot add exams',
  categoryNotFound: 'Category Not Found',
  onlyPrivateShared: 'Only private exams can be shared',
  statusOnlyWhenAvailable: 'Status can only be changed once the exam is published',
} as const;

/** the exam form's rules (shared-api's examSchema), for the exam transfer */
export const TITLE_MAX = EXAM_TITLE_MAX;
export const REFERENCE_MAX = EXAM_REFERENCE_MAX;

/** Exams the institute was given through "Who can see this exam?". */
export function grantedTo(instituteId: string): SQL {
  return sql`${exams.id} in (select ${examInstituteAccess.examId} from ${examInstituteAccess} where ${examInstituteAccess.instituteId} = ${instituteId})`;
}

/** Others' exams an institute may read ("Exams You have Access To"): published, and public/free or opened to it. */
export function sharedWith(instituteId: string): SQL {
  return and(
    ne(exams.userId, instituteId),
    eq(exams.status, 1),
    or(inArray(exams.type, ['public', 'free_for_all']), and(eq(exams.type, 'private'), grantedTo(instituteId))),
  )!;
}

/** Non-deleted exams `me` may read. */
export function readableBy(me: AuthUser): SQL {
  if (me.role === ROLES.admin) return isNull(exams.deletedAt);
  return and(isNull(exams.deletedAt), or(eq(exams.userId, me.id), sharedWith(me.id)))!;
}

export const canWrite = (me: AuthUser, exam: ExamRow) => me.role === ROLES.admin || exam.userId === me.id;

/**
 * Loads a non-deleted exam for `me`. 404 when it does not exist or `me` may not read it (no leak of foreign exams);
 * 403 when `me` may read but the mode is 'write' and `me` is neither its owner nor an admin.
 */
export async function loadExamFor(db: Executor, me: AuthUser, examId: string, mode: 'read' | 'write'): Promise<ExamRow> {
  if (!isId(examId)) throw new HttpError(404, EXAM_MSG.notFound);
  const [row] = await db.select().from(exams).where(and(eq(exams.id, examId), readableBy(me))).limit(1);
  if (!row) throw new HttpError(404, EXAM_MSG.notFound);
  if (mode === 'write' && !canWrite(me, row)) throw new HttpError(403, 'Forbidden');
  return row;
}

/** Exam JSON (with category, owner name and question_count) of every exam matching `where`, newest first. */
export async function listExamJson(db: Executor, where: SQL | undefined): Promise<ExamJson[]> {
  const rows = await db
    .select({
      exam: exams,
      category: categories,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      questionCount: sql<number | string>`(select count(*) from ${questions} where ${questions.examId} = ${exams.id})`,
    })
    .from(exams)
    .leftJoin(categories, eq(categories.id, exams.categoryId))
    .leftJoin(users, eq(users.id, exams.userId))
    .where(where)
    .orderBy(desc(exams.createdAt), desc(exams.id));
  return rows.map((r) => toExamJson(r.exam, r.category, r.owner, Number(r.questionCount)));
}

export async function examJson(db: Executor, examId: string): Promise<ExamJson> {
  const [json] = await listExamJson(db, eq(exams.id, examId));
  if (!json) throw new HttpError(404, EXAM_MSG.notFound);
  return json;
}

/** The exam form as sent (ExamInput of the contract), after the route's JSON schema checked the types. */
export interface ExamBody {
  title?: string;
  type?: string;
  is_cbt: boolean;
  category?: string | null;
  exam?: string;
  status?: number;
  /** plays allowed of each listening audio; null: no limit; absent: unchanged (no limit for a new exam) */
  play_limit?: number | null;
  review_policy?: string;
}

export interface ExamValues {
  title: string;
  type: ExamType;
  isCbt: boolean;
  categoryId: string | null;
  refExam: string;
  playLimit: number | null;
  reviewPolicy: ReviewPolicy;
}

/**
 * The exam form's values for `me`: the exam dialog's rules (shared-api's examSchema, 400 with its message), then what
 * only the server knows: that the category exists, and who sets the type. `current` is the exam being edited
 * (undefined on create): an institute's type is always 'private' on create and unchanged on edit, whatever the body
 * says; an absent play limit or review policy is unchanged (the defaults on create).
 */
export async function examValues(db: Executor, me: AuthUser, body: ExamBody, current?: ExamRow): Promise<ExamValues> {
  const admin = me.role === ROLES.admin;
  const v = await check(examSchema, admin ? body : { ...body, type: undefined });
  let categoryId: string | null = null;
  if (v.category) {
    const [cat] = isId(v.category) ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, v.category)).limit(1) : [];
    if (!cat) throw new HttpError(400, EXAM_MSG.categoryNotFound);
    categoryId = cat.id;
  }
  return {
    title: v.title,
    type: (v.type as ExamType | undefined) ?? (current?.type as ExamType | undefined) ?? 'private',
    isCbt: v.is_cbt,
    categoryId,
    refExam: v.exam ?? '',
    playLimit: v.play_limit === undefined ? (current?.playLimit ?? null) : v.play_limit,
    reviewPolicy: (v.review_policy as ReviewPolicy | undefined) ?? (current?.reviewPolicy as ReviewPolicy | undefined) ?? DEFAULT_REVIEW_POLICY,
  };
}

// ---- the exam routes ------------------------------------------------------------------------------------------

/** 404 unless `instituteId` is an institute that has not been deleted. */
export async function requireInstitute(db: Executor, instituteId: string): Promise<void> {
  if (!isId(instituteId)) throw new HttpError(404, 'Institute Not Found');
  const [inst] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.id, instituteId), eq(users.role, ROLES.institute), isNull(users.deletedAt))).limit(1);
  if (!inst) throw new HttpError(404, 'Institute Not Found');
}

/** Every exam (the admin's list). */
export const allExams = (db: Executor) => listExamJson(db, isNull(exams.deletedAt));

/** The exams `ownerId` created. */
export const examsOf = (db: Executor, ownerId: string) => listExamJson(db, and(isNull(exams.deletedAt), eq(exams.userId, ownerId)));

/** Others' exams an institute may read; an admin sees every exam in its own list. */
export async function sharedExams(db: Executor, me: AuthUser): Promise<ExamJson[]> {
  if (me.role !== ROLES.institute) return [];
  return listExamJson(db, and(isNull(exams.deletedAt), sharedWith(me.id)));
}

/** An institute's exams: the admin's view of any institute, an institute's of itself. */
export async function examsOfInstitute(db: Executor, me: AuthUser, instituteId: string): Promise<ExamJson[]> {
  if (me.role !== ROLES.admin && instituteId !== me.id) throw new HttpError(403, 'Forbidden');
  await requireInstitute(db, instituteId);
  return examsOf(db, instituteId);
}

/** The other side of "Who can see this exam?": the private exams (others') opened to one institute. */
export async function examsGrantedTo(db: Executor, instituteId: string): Promise<ExamJson[]> {
  await requireInstitute(db, instituteId);
  return listExamJson(db, and(isNull(exams.deletedAt), eq(exams.type, 'private'), ne(exams.userId, instituteId), grantedTo(instituteId)));
}

export async function readExam(db: Executor, me: AuthUser, examId: string): Promise<ExamJson> {
  const exam = await loadExamFor(db, me, examId, 'read');
  return examJson(db, exam.id);
}

/** An institute adds exams only with institute_role 1. */
export function assertMayAddExams(me: AuthUser): void {
  if (me.role === ROLES.institute && me.instituteRole !== 1) throw new HttpError(403, EXAM_MSG.cannotAdd);
}

/** A new exam, hidden until it is published. */
export async function createExam(db: Executor, me: AuthUser, body: ExamBody): Promise<ExamJson> {
  const v = await examValues(db, me, body);
  const id = newId();
  await db.insert(exams).values({
    id, title: v.title, type: v.type, isCbt: v.isCbt, status: 0, categoryId: v.categoryId, refExam: v.refExam, playLimit: v.playLimit,
    reviewPolicy: v.reviewPolicy, userId: me.id,
  });
  return examJson(db, id);
}

export async function updateExam(db: Executor, me: AuthUser, examId: string, body: ExamBody): Promise<ExamJson> {
  const current = await loadExamFor(db, me, examId, 'write');
  const v = await examValues(db, me, body, current);
  let status = current.status;
  if (body.status !== undefined && body.status !== current.status) {
    // Available <-> Hiden only for an exam that is available now; a hidden exam becomes available by publishing.
    if (current.status !== 1) throw new HttpError(400, EXAM_MSG.statusOnlyWhenAvailable);
    status = body.status;
  }
  await db.update(exams).set({
    title: v.title, type: v.type, isCbt: v.isCbt, categoryId: v.categoryId, refExam: v.refExam, playLimit: v.playLimit,
    reviewPolicy: v.reviewPolicy, status, updatedAt: new Date(),
  }).where(eq(exams.id, current.id));
  // the limit is part of the exam's download (../attempts/exam-package.ts)
  if (v.playLimit !== current.playLimit) packagesChanged();
  return examJson(db, current.id);
}

/** Deletes the exam and its questions; results keep exam_title, so students' results stay readable after this. */
export async function deleteExam(db: Db, me: AuthUser, examId: string): Promise<{ _id: string }> {
  const exam = await loadExamFor(db, me, examId, 'write');
  await db.transaction(async (tx) => {
    await tx.update(exams).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(exams.id, exam.id));
    await tx.delete(questions).where(eq(questions.examId, exam.id));
    await tx.delete(examInstituteAccess).where(eq(examInstituteAccess.examId, exam.id));
  });
  packagesChanged();
  return { _id: exam.id };
}

/** Publishes an exam whose questions are complete (publishProblem). */
export async function publishExam(db: Db, me: AuthUser, examId: string): Promise<ExamJson> {
  const exam = await loadExamFor(db, me, examId, 'write');
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(questions).where(eq(questions.examId, exam.id));
    const problem = publishProblem(rows);
    if (problem) throw new HttpError(400, problem);
    await tx.update(exams).set({ status: 1, publishedAt: exam.publishedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(exams.id, exam.id));
  });
  return examJson(db, exam.id);
}
