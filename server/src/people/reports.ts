/** Oversight queries: the day's attempts with their results, a user's or an institute's results, attempts per institute. */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/index.ts';
import { attempts, results, users } from '../db/schema.ts';
import { ROLES } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { storableDate } from '../input.ts';
import { displayName } from '../serializers.ts';
import { toResultJson } from '../attempts/serialize.ts';
import { msg } from '../../../shared-api/src/checks.ts';
import type { DayResult, Report, Result as ResultJson } from '../../../shared-api/src/types.ts';

export type { DayResult };


const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A query date: YYYY-MM-DD is that day's start (UTC); a full ISO time is taken as is (a browser may send its local midnight).
 * `endOfDay` turns a date-only value into the start of the next day (an inclusive end date).
 */
export function parseQueryDate(value: string | undefined, label: string, endOfDay = false): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const d = new Date(value);
  if (!storableDate(d)) throw new HttpError(400, msg.invalid(label));
  return endOfDay && DATE_ONLY.test(value) ? new Date(d.getTime() + DAY_MS) : d;
}

const student = alias(users, 'student');
const inst = alias(users, 'inst');

/** Attempts started in [from, to) with result, exam, student and institute; `instituteId` limits to that institute's students. */
export async function dayResults(db: Executor, from: Date, to: Date, instituteId: string | null): Promise<DayResult[]> {
  const conds: SQL[] = [gte(attempts.startedAt, from), lt(attempts.startedAt, to)];
  if (instituteId) conds.push(eq(student.createdBy, instituteId));
  const rows = await db
    .select({ attempt: attempts, result: results, student, inst: { id: inst.id, firstName: inst.firstName, lastName: inst.lastName } })
    .from(attempts)
    .innerJoin(student, eq(student.id, attempts.userId))
    .leftJoin(results, eq(results.attemptId, attempts.id))
    .leftJoin(inst, and(eq(inst.id, sql`coalesce(${attempts.instituteId}, ${student.createdBy})`), eq(inst.role, ROLES.institute)))
    .where(and(...conds))
    .orderBy(desc(attempts.startedAt))
    .limit(5000);
  return rows.map(({ attempt, result, student: s, inst: i }) => ({
    _id: attempt.id,
    result: result ? toResultJson(result, s) : null,
    exam: { _id: attempt.examId, title: attempt.examTitle },
    user: { _id: s.id, email: s.email, firstname: s.firstName, lastname: s.lastName },
    institute: i?.id ? { _id: i.id, name: displayName(i) } : null,
    status: attempt.status,
    createdAt: attempt.startedAt.toISOString(),
  }));
}

/** Results of one student, newest first. */
export async function resultsOfStudent(db: Executor, studentId: string): Promise<ResultJson[]> {
  const rows = await db.select({ result: results, student }).from(results)
    .innerJoin(student, eq(student.id, results.userId))
    .where(eq(results.userId, studentId))
    .orderBy(desc(results.createdAt));
  return rows.map((r) => toResultJson(r.result, r.student));
}

/** Results of an institute's students (deleted students included: results are kept for the record), newest first. */
export async function resultsOfInstitute(db: Executor, instituteId: string): Promise<ResultJson[]> {
  const rows = await db.select({ result: results, student }).from(results)
    .innerJoin(student, eq(student.id, results.userId))
    .where(and(eq(student.createdBy, instituteId), eq(student.role, ROLES.student)))
    .orderBy(desc(results.createdAt));
  return rows.map((r) => toResultJson(r.result, r.student));
}

/** Attempts started in [from, to) by each live institute's students; institutes with none count 0; most first. */
export async function attemptsPerInstitute(db: Executor, from: Date | undefined, to: Date | undefined): Promise<Report['reports']> {
  const institutes = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users)
    .where(and(eq(users.role, ROLES.institute), isNull(users.deletedAt)));
  if (institutes.length === 0) return [];
  const conds: SQL[] = [inArray(student.createdBy, institutes.map((i) => i.id))];
  if (from) conds.push(gte(attempts.startedAt, from));
  if (to) conds.push(lt(attempts.startedAt, to));
  const counts = await db.select({ inst: student.createdBy, n: sql<number | string>`count(*)` })
    .from(attempts)
    .innerJoin(student, eq(student.id, attempts.userId))
    .where(and(...conds))
    .groupBy(student.createdBy);
  const byInstitute = new Map(counts.map((c) => [c.inst, Number(c.n)]));
  return institutes
    .map((i) => ({ _id: i.id, name: displayName(i), total: byInstitute.get(i.id) ?? 0 }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}
