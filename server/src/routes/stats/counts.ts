/** The counts of each role's dashboard: an admin's of everything, an institute's of its own, a student's exams and results. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { ROLES, type AuthUser } from '../../auth/index.ts';
import type { Db } from '../../db/index.ts';
import { exams, results, users } from '../../db/schema.ts';
import { listStudentExams } from '../../access/student-exams.ts';

export async function dashboardCounts(db: Db, me: AuthUser) {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const live = isNull(users.deletedAt);
  if (me.role === ROLES.admin) {
    const [students, institutes, examCount, resultCount] = await Promise.all([
      n(db.select({ n: count() }).from(users).where(and(eq(users.role, ROLES.student), live))),
      n(db.select({ n: count() }).from(users).where(and(eq(users.role, ROLES.institute), live))),
      n(db.select({ n: count() }).from(exams).where(isNull(exams.deletedAt))),
      n(db.select({ n: count() }).from(results)),
    ]);
    return { users: students, institutes, exams: examCount, results: resultCount, availableExams: examCount };
  }
  if (me.role === ROLES.institute) {
    const [students, examCount, resultCount] = await Promise.all([
      n(db.select({ n: count() }).from(users).where(and(eq(users.createdBy, me.id), eq(users.role, ROLES.student), live))),
      n(db.select({ n: count() }).from(exams).where(and(eq(exams.userId, me.id), isNull(exams.deletedAt)))),
      n(db.select({ n: count() }).from(results).where(eq(results.instituteId, me.id))),
    ]);
    return { users: students, institutes: 0, exams: examCount, results: resultCount, availableExams: examCount };
  }
  const [listing, resultCount] = await Promise.all([
    listStudentExams(db, me, new Date()),
    n(db.select({ n: count() }).from(results).where(eq(results.userId, me.id))),
  ]);
  return { users: 0, institutes: 0, exams: listing.available.length + listing.other.length, results: resultCount, availableExams: listing.available.length };
}
