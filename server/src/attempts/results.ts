/**
 * Reading results: a student's list by date range, one page of a back-office results list, and one result with its
 * (now revealed) questions.
 */
import { and, asc, count, desc, eq, gte, lt, min, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db/index.ts';
import { storableDate } from '../input.ts';
import { questions, results, users } from '../db/schema.ts';
import type { AuthUser } from '../auth/index.ts';
import { ROLES } from '../auth/index.ts';
import { httpError } from '../errors.ts';
import { containsText, pageOf, type PageRequest, type Paged } from '../paging.ts';
import type { Result as ResultJson } from 'shared-api/types';
import { toQuestionJson, toResultJson } from './serialize.ts';

const DAY_MS = 24 * 3600 * 1000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD (UTC) of a date. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Parses YYYY-MM-DD as the start of that UTC day, or 400. */
export function parseDay(value: string, label: string): Date {
  const d = new Date(`${value}T00:00:00.000Z`);
  if (!DATE_RE.test(value) || !storableDate(d) || isoDay(d) !== value) throw httpError(400, `Invalid ${label}`);
  return d;
}

const resultUser = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/**
 * The student's results from startDate to endDate inclusive (UTC days), newest first. Defaults: startDate = the day of
 * the first result (today when there is none), endDate = today.
 */
export async function listStudentResults(db: Db, studentId: string, range: { startDate?: string; endDate?: string }, now = new Date()) {
  let start: Date;
  if (range.startDate) start = parseDay(range.startDate, 'startDate');
  else {
    const [first] = await db.select({ at: min(results.createdAt) }).from(results).where(eq(results.userId, studentId));
    start = parseDay(isoDay(first?.at ? new Date(first.at) : now), 'startDate');
  }
  const end = range.endDate ? parseDay(range.endDate, 'endDate') : parseDay(isoDay(now), 'endDate');
  if (end.getTime() < start.getTime()) throw httpError(400, 'endDate is before startDate');
  const rows = await db.select({ result: results, user: resultUser })
    .from(results)
    .leftJoin(users, eq(users.id, results.userId))
    .where(and(eq(results.userId, studentId), gte(results.createdAt, start), lt(results.createdAt, new Date(end.getTime() + DAY_MS))))
    .orderBy(desc(results.createdAt), desc(results.id));
  return { startDate: isoDay(start), endDate: isoDay(end), results: rows.map((r) => toResultJson(r.result, r.user)) };
}

/** The student of a result in the back-office lists: conditions passed to pageOfResults may use it. */
export const resultStudent = alias(users, 'student');

/**
 * One page of the results matching `where`, newest first (created_at, then id: stable across pages); the search
 * matches the student's email.
 */
export async function pageOfResults(db: Executor, where: SQL | undefined, page: PageRequest): Promise<Paged<ResultJson>> {
  const cond = and(where, page.search === undefined ? undefined : containsText(resultStudent.email, page.search));
  const student = { id: resultStudent.id, email: resultStudent.email, firstName: resultStudent.firstName, lastName: resultStudent.lastName };
  return pageOf(page,
    async () => (await db.select({ result: results, student }).from(results)
      .innerJoin(resultStudent, eq(resultStudent.id, results.userId))
      .where(cond)
      .orderBy(desc(results.createdAt), desc(results.id))
      .limit(page.limit).offset(page.offset))
      .map((r) => toResultJson(r.result, r.student)),
    async () => (await db.select({ n: count() }).from(results)
      .innerJoin(resultStudent, eq(resultStudent.id, results.userId))
      .where(cond))[0]?.n ?? 0);
}

/**
 * One result with its exam's questions, answers revealed (the attempt is finished). Allowed for the owner student,
 * the institute that created the student (or the one the attempt was taken under), and admins; others 403.
 */
export async function resultDetail(db: Db, viewer: AuthUser, resultId: string) {
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
  return { result: toResultJson(r, row.user), questions: qs.map(toQuestionJson) };
}
