/**
 * Results of one exam as the back office sees them: admins and the exam's owner see all, other institutes their own
 * students'. The results list; the question summary (item analysis) over an institute's own students' results.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { ItemAnalysis, Result as ResultJson } from 'shared-api/types';
import { ROLES, type AuthUser } from '../auth/index.ts';
import type { Db } from '../db/index.ts';
import { exams, questions, results, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId } from '../ids.ts';
import { pageOfResults } from '../attempts/results.ts';
import { pageRequest, type PageQuery, type Paged } from '../paging.ts';
import { EXAM_MSG, loadExamFor, readableBy } from './exams.ts';
import { itemAnalysis, type AnalysedAnswer, type QuestionSummaryRow } from './item-analysis.ts';

/** Results of an exam that `me` may see: admins and the exam's owner all, other institutes their own students'. */
function resultsScope(me: AuthUser, examOwnerId: string) {
  if (me.role === ROLES.admin || examOwnerId === me.id) return undefined;
  return studentsOf(me.id);
}

/**
 * The exam whose results list `me` may open (404 otherwise; a deleted exam stays open to the admin and its owner) and
 * which of its results `me` sees there (also the score per item type's, ../attempts/item-types.ts).
 */
export async function examResultsScope(db: Db, me: AuthUser, examId: string) {
  if (!isId(examId)) throw new HttpError(404, EXAM_MSG.notFound);
  const [exam] = await db.select().from(exams).where(and(eq(exams.id, examId),
    me.role === ROLES.admin ? undefined : or(eq(exams.userId, me.id), readableBy(me)))).limit(1);
  if (!exam) throw new HttpError(404, EXAM_MSG.notFound);
  return { exam, where: resultsScope(me, exam.userId) };
}

/** One page, newest first; the search matches the student's email. */
export async function examResults(db: Db, me: AuthUser, examId: string, query: PageQuery & { left?: boolean }): Promise<Paged<ResultJson>> {
  const { exam, where } = await examResultsScope(db, me, examId);
  return pageOfResults(db, and(eq(results.examId, exam.id), where), pageRequest(query),
    { leaves: true, onlyLeft: query.left === true });
}

/** Results of the students of one institute: enrolled by it, or taken while it was their institute. */
function studentsOf(instituteId: string) {
  return or(eq(results.instituteId, instituteId), sql`${results.userId} in (select ${users.id} from ${users} where ${users.createdBy} = ${instituteId})`);
}

export const ANALYSIS_MSG = {
  noInstitute: 'Institute not found',
  notYours: 'Institutes see only their own students\' results',
} as const;

/**
 * Whose results the Question Summary of an exam rests on: an institute always its own students' (also on its own
 * exams); an admin all, or one institute's students' with `institute`.
 */
export async function analysisScope(db: Db, me: AuthUser, institute: string | undefined) {
  if (me.role !== ROLES.admin) {
    if (institute !== undefined && institute !== me.id) throw new HttpError(403, ANALYSIS_MSG.notYours);
    return { where: studentsOf(me.id), institute: me.id };
  }
  if (institute === undefined) return { where: undefined, institute: null };
  const [found] = isId(institute)
    ? await db.select({ id: users.id }).from(users).where(and(eq(users.id, institute), eq(users.role, ROLES.institute))).limit(1)
    : [];
  if (!found) throw new HttpError(400, ANALYSIS_MSG.noInstitute);
  return { where: studentsOf(found.id), institute: found.id };
}

/** The Question Summary with item analysis over the results `me` may see (oldest first: ties at the 27% cuts). */
export async function examItemAnalysis(db: Db, me: AuthUser, examId: string, institute?: string): Promise<ItemAnalysis> {
  const exam = await loadExamFor(db, me, examId, 'read');
  const scope = await analysisScope(db, me, institute);
  const qs = await db.select({
    id: questions.id, questionNumber: questions.questionNumber, type: questions.type, optionType: questions.optionType, answer: questions.answer,
  }).from(questions).where(eq(questions.examId, exam.id));
  const rs = await db.select({ answers: results.answers }).from(results)
    .where(and(eq(results.examId, exam.id), scope.where)).orderBy(asc(results.createdAt), asc(results.id));
  return itemAnalysis(qs, rs.map((r) => r.answers as unknown as AnalysedAnswer[]), scope.institute);
}

/** How the results `me` may see answered each question of the exam: the rows of the item analysis (the original array). */
export async function examQuestionSummary(db: Db, me: AuthUser, examId: string, institute?: string): Promise<QuestionSummaryRow[]> {
  return (await examItemAnalysis(db, me, examId, institute)).questions;
}
