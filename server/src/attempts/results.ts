/**
 * Reading results: a student's list by date range, one page of a back-office results list, and one result with its
 * (now revealed) questions.
 */
import { and, asc, count, desc, eq, gte, lt, min, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db/index.ts';
import { storableDate } from '../input.ts';
import { dayIn, nextDay, storableDayStart } from '../zones/index.ts';
import { questions, results, users } from '../db/schema.ts';
import type { AuthUser } from '../auth/index.ts';
import { ROLES } from '../auth/index.ts';
import { httpError } from '../errors.ts';
import { containsText, pageOf, type PageRequest, type Paged } from '../paging.ts';
import type { ResultDetail, Result as ResultJson } from 'shared-api/types';
import { toQuestionJson, toResultJson } from './serialize.ts';
import { hasLeavesSql, leaveCountSql, leaveMsSql, leaveSummary } from './leaves.ts';
import { itemTypeScores } from './item-type-scores.ts';
import { canRetake, fullReview, reviewPolicies, revealQuestions, revealResult, revealStudentResults, studentReview } from './review.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD (UTC) of a date. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Checks a YYYY-MM-DD day (a real calendar day), or 400. */
export function parseDay(value: string, label: string): string {
  const d = new Date(`${value}T00:00:00.000Z`);
  if (!DATE_RE.test(value) || !storableDate(d) || isoDay(d) !== value) throw httpError(400, `Invalid ${label}`);
  return value;
}

const resultUser = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/**
 * The student's results from startDate to endDate inclusive (days in `zone`: its institute's), newest first.
 * Defaults: startDate = the day of the first result (today when there is none), endDate = today.
 */
export async function listStudentResults(db: Db, studentId: string, range: { startDate?: string; endDate?: string }, zone: string, now = new Date()) {
  let start: string;
  if (range.startDate) start = parseDay(range.startDate, 'startDate');
  else {
    const [first] = await db.select({ at: min(results.createdAt) }).from(results).where(eq(results.userId, studentId));
    start = dayIn(zone, first?.at ? new Date(first.at) : now);
  }
  const end = range.endDate ? parseDay(range.endDate, 'endDate') : dayIn(zone, now);
  if (end < start) throw httpError(400, 'endDate is before startDate');
  const from = storableDayStart(zone, start);
  const to = storableDayStart(zone, nextDay(end));
  const rows = await db.select({ result: results, user: resultUser })
    .from(results)
    .leftJoin(users, eq(users.id, results.userId))
    .where(and(eq(results.userId, studentId), gte(results.createdAt, from), lt(results.createdAt, to)))
    .orderBy(desc(results.createdAt), desc(results.id));
  const list = await revealStudentResults(db, rows.map((r) => toResultJson(r.result, r.user)));
  return { startDate: start, endDate: end, results: list };
}

/** The student of a result in the back-office lists: conditions passed to pageOfResults may use it. */
export const resultStudent = alias(users, 'student');

/** How a back-office list shows results: with the records of leaving the exam (never for a student), only those with some. */
export interface ResultsView { leaves?: boolean; onlyLeft?: boolean }

/**
 * One page of the results matching `where`, newest first (created_at, then id: stable across pages); the search
 * matches the student's email.
 */
export async function pageOfResults(db: Executor, where: SQL | undefined, page: PageRequest, view: ResultsView = {}): Promise<Paged<ResultJson>> {
  const cond = and(where, page.search === undefined ? undefined : containsText(resultStudent.email, page.search),
    view.onlyLeft ? hasLeavesSql(results.attemptId) : undefined);
  const student = { id: resultStudent.id, email: resultStudent.email, firstName: resultStudent.firstName, lastName: resultStudent.lastName };
  const leaves = { count: leaveCountSql(results.attemptId), ms: leaveMsSql(results.attemptId) };
  return pageOf(page,
    async () => (await db.select({ result: results, student, ...(view.leaves ? { leaves } : {}) }).from(results)
      .innerJoin(resultStudent, eq(resultStudent.id, results.userId))
      .where(cond)
      .orderBy(desc(results.createdAt), desc(results.id))
      .limit(page.limit).offset(page.offset))
      .map((r) => {
        const json = toResultJson(r.result, r.student);
        const left = (r as { leaves?: { count: number; ms: number } }).leaves;
        return left ? { ...json, leaves: left } : json;
      }),
    async () => (await db.select({ n: count() }).from(results)
      .innerJoin(resultStudent, eq(resultStudent.id, results.userId))
      .where(cond))[0]?.n ?? 0);
}

/**
 * One result with its exam's questions. Allowed for the owner student, the institute that created the student (or the
 * one the attempt was taken under), and admins; others 403. Institutes and admins see everything; the student what the
 * exam's review policy allows (./review.ts): never the answer keys while they can start another attempt.
 */
export async function resultDetail(db: Db, viewer: AuthUser, resultId: string, now = new Date()): Promise<ResultDetail> {
  const [row] = await db.select({ result: results, user: resultUser, createdBy: users.createdBy })
    .from(results)
    .leftJoin(users, eq(users.id, results.userId))
    .where(eq(results.id, resultId))
    .limit(1);
  if (!row) throw httpError(404, 'Result Not Found');
  const r = row.result;
  const allowed = viewer.role === ROLES.admin
    || (viewer.role === ROLES.student && r.userId === viewer.id)
    || (viewer.role === ROLES.institute && (row.createdBy === viewer.id || r.instituteId === viewer.id));
  if (!allowed) throw httpError(403, 'Forbidden');
  // The exam may have been deleted since: the result stands; questions are whatever is left of it.
  const qs = await db.select().from(questions).where(eq(questions.examId, r.examId)).orderBy(asc(questions.questionNumber));
  const policy = (await reviewPolicies(db, [r.examId])).get(r.examId)!;
  const review = viewer.role === ROLES.student
    ? studentReview(policy, await canRetake(db, viewer, r.examId, now))
    : fullReview(policy);
  const result = revealResult(toResultJson(r, row.user), review.shows);
  // the record of leaving the exam: for the back office only
  if (viewer.role !== ROLES.student) result.leaves = await leaveSummary(db, r.attemptId);
  // the score per item type: the marks summed, so not where the marks are hidden (./item-types.ts)
  const itemTypes = review.shows === 'score' ? null : itemTypeScores([r.answers], new Map(qs.map((q) => [q.id, q.itemType])));
  return { result, questions: revealQuestions(qs.map(toQuestionJson), review.shows), review, itemTypes };
}
