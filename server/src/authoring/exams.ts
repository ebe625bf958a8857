/**
 * Who may read and change an exam in the back office, the exam form's rules, and exam listings as Exam JSON.
 * Admins read and change every exam; an institute changes only its own and reads, besides its own, published
 * public/free exams of others and published private exams an admin opened to it.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Exam as ExamJson, ExamType } from 'shared-api/types';
import { EXAM_TYPES } from 'shared-api/constants';
import type { AuthUser } from '../auth/index.ts';
import { ROLES } from '../auth/index.ts';
import type { Executor } from '../db/index.ts';
import { categories, examInstituteAccess, exams, questions, users, type Exam as ExamRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId } from '../ids.ts';
import { toExamJson } from '../serializers.ts';

export const EXAM_MSG = {
  notFound: 'Exam Not Found',
  cannotAdd: 'You cannot add exams',
  categoryRequired: 'Category is required',
  categoryNotFound: 'Category Not Found',
  referenceRequired: 'Reference exam is required',
  onlyPrivateShared: 'Only private exams can be shared',
  statusOnlyWhenAvailable: 'Status can only be changed once the exam is published',
} as const;

export const TITLE_MAX = 200;
export const REFERENCE_MAX = 200;

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
}

export interface ExamValues {
  title: string;
  type: ExamType;
  isCbt: boolean;
  categoryId: string | null;
  refExam: string;
}

/**
 * Validates the exam form for `me`. `current` is the exam being edited (undefined on create): an institute's type is
 * always 'private' on create and unchanged on edit, whatever the body says.
 */
export async function examValues(db: Executor, me: AuthUser, body: ExamBody, current?: ExamRow): Promise<ExamValues> {
  const title = (body.title ?? '').trim();
  if (!title) throw new HttpError(400, 'Title cannot be empty.');
  if (title.length > TITLE_MAX) throw new HttpError(400, `Title should be less than ${TITLE_MAX} characters.`);

  let type: ExamType = (current?.type as ExamType | undefined) ?? 'private';
  if (me.role === ROLES.admin && body.type !== undefined) {
    if (!(EXAM_TYPES as readonly string[]).includes(body.type)) throw new HttpError(400, ' Invalid Type.');
    type = body.type as ExamType;
  }

  const isCbt = body.is_cbt;
  const categoryRaw = (body.category ?? '').trim();
  const refExam = (body.exam ?? '').trim();
  if (refExam.length > REFERENCE_MAX) throw new HttpError(400, `Reference exam should be less than ${REFERENCE_MAX} characters.`);
  if (isCbt && !categoryRaw) throw new HttpError(400, EXAM_MSG.categoryRequired);
  let categoryId: string | null = null;
  if (categoryRaw) {
    const [cat] = isId(categoryRaw) ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryRaw)).limit(1) : [];
    if (!cat) throw new HttpError(400, EXAM_MSG.categoryNotFound);
    categoryId = cat.id;
  }
  if (isCbt && !refExam) throw new HttpError(400, EXAM_MSG.referenceRequired);
  return { title, type, isCbt, categoryId, refExam };
}
