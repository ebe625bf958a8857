/** Oversight queries: the day's attempts with their results, a user's or an institute's results, attempts per institute. */
import { and, asc, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/index.ts';
import { attempts, results, users, type User } from '../db/schema.ts';
import { ROLES, type AuthUser } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { MAX_YEAR, storableDate } from '../input.ts';
import { displayName, displayNameSql } from '../serializers.ts';
import { toResultJson } from '../attempts/serialize.ts';
import { pageOfResults, resultStudent, type ResultsView } from '../attempts/results.ts';
import { hasLeavesSql, leaveCountSql, leaveMsSql } from '../attempts/leaves.ts';
import { revealStudentResults } from '../attempts/review.ts';
import { containsText, pageOf, pageRequest, type PageQuery, type PageRequest, type Paged } from '../paging.ts';
import { canRead, liveUser, userNotFound } from './users.ts';
import { msg } from 'shared-api/checks';
import { instantOf, nextDay, storableDayStart, zoneOf } from '../zones/index.ts';
import type { DayResult, ReportRow, Result as ResultJson } from 'shared-api/types';

export type { DayResult };

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** the last millisecond of 9999: the day after 9999-12-31 stays inside what the database is sent (a 4-digit year) */
const LAST_MS = Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59, 999);

/** The same time a day later (at most the end of 9999). */
export const dayAfter = (d: Date): Date => new Date(Math.min(d.getTime() + DAY_MS, LAST_MS));

/** The start of a day in a zone, inside 1970..9999. */
const dayStart = storableDayStart;

/**
 * A query date: YYYY-MM-DD is that day's start in the viewer's time zone (`zone`); a full ISO time is taken as is.
 * `endOfDay` turns a date-only value into the start of the next day (an inclusive end date).
 */
export function parseQueryDate(value: string | undefined, label: string, zone: string, endOfDay = false): Date | undefined {
  if (value === undefined || value === '') return undefined;
  // a day, or a date-time with its offset (one without would be read in the process's zone)
  const d = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00Z`) : instantOf(value);
  if (!d || !storableDate(d)) throw new HttpError(400, msg.invalid(label));
  if (!DATE_ONLY.test(value)) return d;
  return dayStart(zone, endOfDay ? nextDay(value) : value);
}

const student = alias(users, 'student');
const inst = alias(users, 'inst');

/**
 * One page of the attempts started in [from, to), newest first (started_at, then id), with result, exam, student and
 * institute; `instituteId` limits to that institute's students; the search matches the student's email.
 */
export async function dayResults(db: Executor, from: Date, to: Date, instituteId: string | null, page: PageRequest, onlyLeft = false): Promise<Paged<DayResult>> {
  const conds: SQL[] = [gte(attempts.startedAt, from), lt(attempts.startedAt, to)];
  if (onlyLeft) conds.push(hasLeavesSql(attempts.id));
  if (instituteId) conds.push(eq(student.createdBy, instituteId));
  if (page.search !== undefined) conds.push(containsText(student.email, page.search));
  const where = and(...conds);
  return pageOf(page, async () => {
    const rows = await db
      .select({
        attempt: attempts, result: results, student, inst: { id: inst.id, firstName: inst.firstName, lastName: inst.lastName },
        leaves: { count: leaveCountSql(attempts.id), ms: leaveMsSql(attempts.id) },
      })
      .from(attempts)
      .innerJoin(student, eq(student.id, attempts.userId))
      .leftJoin(results, eq(results.attemptId, attempts.id))
      .leftJoin(inst, and(eq(inst.id, sql`coalesce(${attempts.instituteId}, ${student.createdBy})`), eq(inst.role, ROLES.institute)))
      .where(where)
      .orderBy(desc(attempts.startedAt), desc(attempts.id))
      .limit(page.limit).offset(page.offset);
    return rows.map(({ attempt, result, student: s, inst: i, leaves }) => ({
      _id: attempt.id,
      result: result ? { ...toResultJson(result, s), leaves } : null,
      exam: { _id: attempt.examId, title: attempt.examTitle },
      user: { _id: s.id, email: s.email, firstname: s.firstName, lastname: s.lastName },
      institute: i?.id ? { _id: i.id, name: displayName(i) } : null,
      status: attempt.status,
      createdAt: attempt.startedAt.toISOString(),
    }));
  }, async () => (await db.select({ n: count() }).from(attempts)
    .innerJoin(student, eq(student.id, attempts.userId))
    .where(where))[0]?.n ?? 0);
}

/** One page of a student's results, newest first. */
export function resultsOfStudent(db: Executor, studentId: string, page: PageRequest, view: ResultsView = {}): Promise<Paged<ResultJson>> {
  return pageOfResults(db, eq(results.userId, studentId), page, view);
}

/** One page of the results of an institute's students (deleted students included: results are kept), newest first. */
export function resultsOfInstitute(db: Executor, instituteId: string, page: PageRequest, view: ResultsView = {}): Promise<Paged<ResultJson>> {
  return pageOfResults(db, and(eq(resultStudent.createdBy, instituteId), eq(resultStudent.role, ROLES.student)), page, view);
}

/**
 * One page of the live institutes with the attempts their students started in [from, to) (none counts 0) and the mean
 * scores of those finished (null without any): most first, then by name, then id; the search matches the institute's
 * name.
 */
/** numeric comes back as a string on `pg`, a number on PGlite */
const numberOrNull = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

export async function attemptsPerInstitute(db: Executor, from: Date | undefined, to: Date | undefined, page: PageRequest): Promise<Paged<ReportRow>> {
  const attemptConds: SQL[] = [];
  if (from) attemptConds.push(gte(attempts.startedAt, from));
  if (to) attemptConds.push(lt(attempts.startedAt, to));
  // the mean EPS-TOPIK scores of the attempts' results (finished attempts only: avg skips the running ones' nulls)
  const mean = (column: typeof results.totalScore | typeof results.readingScore | typeof results.listeningScore, alias: string) => sql<string | null>`round(avg(${column}), 1)`.as(alias);
  const counts = db.select({
    inst: student.createdBy, n: count().as('n'),
    total: mean(results.totalScore, 'avg_total'), reading: mean(results.readingScore, 'avg_reading'), listening: mean(results.listeningScore, 'avg_listening'),
  })
    .from(attempts)
    .innerJoin(student, eq(student.id, attempts.userId))
    .leftJoin(results, eq(results.attemptId, attempts.id))
    .where(and(...attemptConds))
    .groupBy(student.createdBy)
    .as('counts');
  const name = displayNameSql(users);
  const where = and(eq(users.role, ROLES.institute), isNull(users.deletedAt),
    page.search === undefined ? undefined : containsText(name, page.search));
  const total = sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number);
  return pageOf(page,
    async () => (await db.select({
      id: users.id, firstName: users.firstName, lastName: users.lastName, total,
      averageScore: counts.total, averageReading: counts.reading, averageListening: counts.listening,
    })
      .from(users)
      .leftJoin(counts, eq(counts.inst, users.id))
      .where(where)
      .orderBy(desc(total), asc(name), asc(users.id))
      .limit(page.limit).offset(page.offset))
      .map((i) => ({
        _id: i.id, name: displayName(i), total: i.total,
        averageScore: numberOrNull(i.averageScore), averageReading: numberOrNull(i.averageReading), averageListening: numberOrNull(i.averageListening),
      })),
    async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
}

// ---- the report routes' queries (?date, ?to; ?startDate, ?endDate), checked -----------------------------------

/** The attempts of one day (or [date, to)): an admin's of everyone, an institute's of its students. */
export async function dayReport(db: Executor, me: AuthUser, query: PageQuery & { date?: string; to?: string; left?: boolean }): Promise<Paged<DayResult>> {
  const zone = await zoneOf(db, me);
  const from = parseQueryDate(query.date, 'Date', zone);
  if (!from) throw new HttpError(400, 'Date cannot be empty.');
  // no end: the rest of that day in the viewer's zone (a full ISO start: 24 hours)
  const to = parseQueryDate(query.to, 'Date', zone) ?? (DATE_ONLY.test(query.date!) ? parseQueryDate(query.date, 'Date', zone, true)! : dayAfter(from));
  return dayResults(db, from, to, me.role === ROLES.admin ? null : me.id, pageRequest(query), query.left === true);
}

/** Attempts per institute between two dates (the end date included). */
export async function instituteReport(db: Executor, me: AuthUser, query: PageQuery & { startDate?: string; endDate?: string }): Promise<Paged<ReportRow>> {
  const zone = await zoneOf(db, me);
  const from = parseQueryDate(query.startDate, 'Start Date', zone);
  const to = parseQueryDate(query.endDate, 'End Date', zone, true); // the end date is included
  if (from && to && to <= from) throw new HttpError(400, 'End Date should be after Start Date');
  return attemptsPerInstitute(db, from, to, pageRequest(query));
}

/** A student whose results `me` may read (resultsOf's rule: an admin, its institute, itself); anyone else 404. */
export async function readableStudent(db: Executor, me: AuthUser, id: string): Promise<User> {
  const target = await liveUser(db, id);
  if (!target || target.role !== ROLES.student || !canRead(me, target)) throw userNotFound();
  return target;
}

/** The results of a user: an institute's students' (admin, the institute itself), a student's (who may read it). */
export async function resultsOf(db: Executor, me: AuthUser, id: string, query: PageQuery & { left?: boolean }): Promise<Paged<ResultJson>> {
  const page = pageRequest(query);
  // the record of leaving the exam: for the back office only (a student reading its own results never gets it)
  const view: ResultsView = me.role === ROLES.student ? {} : { leaves: true, onlyLeft: query.left === true };
  const target = await liveUser(db, id);
  if (!target) throw userNotFound();
  if (target.role === ROLES.institute) {
    if (me.role !== ROLES.admin && me.id !== target.id) throw userNotFound();
    return resultsOfInstitute(db, target.id, page, view);
  }
  if (!canRead(me, target)) throw userNotFound();
  if (target.role !== ROLES.student) return { rows: [], total: 0 };
  const paged = await resultsOfStudent(db, target.id, page, view);
  // a student reading their own results: as their exams' review policies allow
  return me.role === ROLES.student ? { ...paged, rows: await revealStudentResults(db, paged.rows) } : paged;
}
