/** GET /api/stats/:userId — real counts for each role's dashboard. */
import type { FastifyInstance } from 'fastify';
import { and, count, eq, isNull } from 'drizzle-orm';
import { exams, results, users } from '../db/schema.ts';
import { authenticate, requireSelf, ROLES } from '../auth/index.ts';
import { listStudentExams } from '../access/student-exams.ts';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', authenticate);

  app.get<{ Params: { userId: string } }>('/:userId', { preValidation: requireSelf('userId') }, async (request) => {
    const me = request.user;
    const db = app.db;
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
  });
}
