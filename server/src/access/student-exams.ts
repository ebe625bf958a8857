/** Loads the facts the access rules need from the database, for listings and for the start call. */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import { attempts, categories, examAccess, examAccessExams, examInstituteAccess, exams, questions, users } from '../db/schema.ts';
import { decide, type AccessFacts, type AccessType, type Decision, type StudentFacts } from './rules.ts';
import { toExamJson } from '../serializers.ts';
import type { RunningAttemptInfo } from 'shared-api/types';

type StudentLike = { id: string; createdBy: string | null };

export function studentFacts(u: StudentLike): StudentFacts {
  return { id: u.id, instituteId: u.createdBy ?? null };
}

/** The student's access record, or null. `forUpdate` locks it (PostgreSQL) while an attempt is created. */
export async function loadAccess(db: Executor, studentId: string, forUpdate = false): Promise<(AccessFacts & { id: string }) | null> {
  const q = db.select().from(examAccess).where(eq(examAccess.userId, studentId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) return null;
  const rows = await db.select().from(examAccessExams).where(eq(examAccessExams.accessId, row.id));
  return {
    id: row.id,
    type: row.type as AccessType,
    startTime: row.startTime,
    endTime: row.endTime,
    totalTimes: row.totalTimes,
    completedTimes: row.completedTimes,
    exams: new Map(rows.map((r) => [r.examId, { totalTimes: r.totalTimes, completedTimes: r.completedTimes }])),
  };
}

export type ListedExam = ReturnType<typeof toExamJson> & { remaining: number | null; reason: string | null; running: RunningAttemptInfo | null };

/** Published exams the student may see, split into Available (startable) and Other (listed, no start). */
export async function listStudentExams(db: Executor, student: StudentLike, now: Date): Promise<{ available: ListedExam[]; other: ListedExam[] }> {
  const facts = studentFacts(student);
  const inst = facts.instituteId;
  const granted = inst
    ? (await db.select({ examId: examInstituteAccess.examId }).from(examInstituteAccess).where(eq(examInstituteAccess.instituteId, inst))).map((r) => r.examId)
    : [];
  const scope = [inArray(exams.type, ['public', 'free_for_all'])];
  if (inst) scope.push(eq(exams.userId, inst));
  if (granted.length) scope.push(inArray(exams.id, granted));
  const rows = await db
    .select({
      exam: exams,
      category: categories,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      questionCount: sql<number>`(select count(*) from ${questions} where ${questions.examId} = ${exams.id})`,
    })
    .from(exams)
    .leftJoin(categories, eq(categories.id, exams.categoryId))
    .leftJoin(users, eq(users.id, exams.userId))
    .where(and(eq(exams.status, 1), isNull(exams.deletedAt), or(...scope)))
    .orderBy(exams.createdAt);
  const access = await loadAccess(db, student.id);
  const grantedSet = new Set(granted);
  // Exams with a running attempt stay in Available so the student can resume (e.g. after a new login).
  const running = new Map((await db.select({ examId: attempts.examId, deadlineAt: attempts.deadlineAt }).from(attempts)
    .where(and(eq(attempts.userId, student.id), eq(attempts.status, 'running'), gt(attempts.deadlineAt, now)))).map((r) => [r.examId, r.deadlineAt]));
  const available: ListedExam[] = [];
  const other: ListedExam[] = [];
  for (const r of rows) {
    const exam = { id: r.exam.id, type: r.exam.type, status: r.exam.status, ownerId: r.exam.userId, grantedToStudentInstitute: grantedSet.has(r.exam.id) };
    const deadline = running.get(r.exam.id);
    const d: Decision = decide(facts, { ...exam, hasRunningAttempt: !!deadline }, access, now);
    if (!d.visible) continue;
    // A running attempt: when the access would not start a new one now, the list says why this one still goes on.
    const fresh = deadline ? decide(facts, exam, access, now) : null;
    const item = {
      ...toExamJson(r.exam, r.category, r.owner, Number(r.questionCount)), remaining: d.remaining, reason: d.reason,
      running: deadline && fresh ? {
        deadlineAt: deadline.toISOString(),
        secondsLeft: Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000)),
        reason: fresh.startable ? null : fresh.reason,
      } : null,
    };
    (d.startable ? available : other).push(item);
  }
  return { available, other };
}

/** The decision for one exam (used by the start call, inside its transaction). */
export async function decideForStudent(db: Executor, student: StudentLike, examId: string, now: Date, forUpdate = false) {
  const [exam] = await db.select().from(exams).where(and(eq(exams.id, examId), isNull(exams.deletedAt))).limit(1);
  if (!exam) return { exam: null, access: null, decision: null };
  const facts = studentFacts(student);
  let granted = false;
  if (facts.instituteId) {
    const [g] = await db.select().from(examInstituteAccess)
      .where(and(eq(examInstituteAccess.examId, examId), eq(examInstituteAccess.instituteId, facts.instituteId))).limit(1);
    granted = !!g;
  }
  const access = await loadAccess(db, student.id, forUpdate);
  const decision = decide(facts, { id: exam.id, type: exam.type, status: exam.status, ownerId: exam.userId, grantedToStudentInstitute: granted }, access, now);
  return { exam, access, decision };
}
