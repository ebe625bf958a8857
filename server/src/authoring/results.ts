/**
 * Results of one exam as the back office sees them: admins and the exam's owner see all, other institutes their own
 * students'. The results list and the question summary.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Result as ResultJson } from 'shared-api/types';
import { ROLES, type AuthUser } from '../auth/index.ts';
import type { Db } from '../db/index.ts';
import { exams, questions, results, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId } from '../ids.ts';
import { pageOfResults } from '../attempts/results.ts';
import { pageRequest, type PageQuery, type Paged } from '../paging.ts';
import { EXAM_MSG, loadExamFor, readableBy } from './exams.ts';
import { questionSummary, type AnalysedAnswer, type QuestionSummaryRow } from './item-analysis.ts';

/** Results of an exam that `me` may see: admins and the exam's owner all, other institutes their own students'. */
function resultsScope(me: AuthUser, examOwnerId: string) {
  if (me.role === ROLES.admin || examOwnerId === me.id) return undefined;
  return or(eq(results.instituteId, me.id), sql`${results.userId} in (select ${users.id} from ${users} where ${users.createdBy} = ${me.id})`);
}

/** One page, newest first; the search matches the student's email. A deleted exam's results stay listed for the admin and its owner. */
export async function examResults(db: Db, me: AuthUser, examId: string, query: PageQuery): Promise<Paged<ResultJson>> {
  if (!isId(examId)) throw new HttpError(404, EXAM_MSG.notFound);
  const [exam] = await db.select().from(exams).where(and(eq(exams.id, examId),
    me.role === ROLES.admin ? undefined : or(eq(exams.userId, me.id), readableBy(me)))).limit(1);
  if (!exam) throw new HttpError(404, EXAM_MSG.notFound);
  return pageOfResults(db, and(eq(results.examId, exam.id), resultsScope(me, exam.userId)), pageRequest(query));
}

/** How the results `me` may see answered each question of the exam. */
export async function examQuestionSummary(db: Db, me: AuthUser, examId: string): Promise<QuestionSummaryRow[]> {
  const exam = await loadExamFor(db, me, examId, 'read');
  const qs = await db.select({
    id: questions.id, questionNumber: questions.questionNumber, type: questions.type, optionType: questions.optionType, answer: questions.answer,
  }).from(questions).where(eq(questions.examId, exam.id));
  const rs = await db.select({ answers: results.answers }).from(results)
    .where(and(eq(results.examId, exam.id), resultsScope(me, exam.userId)));
  return questionSummary(qs, rs.map((r) => r.answers as unknown as AnalysedAnswer[]));
}
