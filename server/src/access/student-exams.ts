/** Loads the facts the access rules need from the database, for listings and for the start call. */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import { attempts, categories, examAccess, examAccessExams, examInstituteAccess, exams, questions, users } from '../db/schema.ts';
import { decide, type AccessFacts, type AccessType, type Decision, type StudentFacts } from './rules.ts';
import { toExamJson } from '../serializers.ts';
import type { RunningAttemptInfo } from 'shared-api/types';

type StudentLike = { id: string; createdBy: string | null };

export function studentFacts(u: StudentLike): StudentFacts {
  return { id: u.id, instituteId: u.createdBy ?? null };
}

/** The rows of a SELECTEDEXAM access, read with the access record itself (one query, not two). */
const accessExamsJson = sql<{ examId: string; totalTimes: number; completedTimes: number }[]>`coalesce((
  select json_agg(json_build_object('examId', ${examAccessExams.examId}, 'totalTimes', ${examAccessExams.totalTimes},
    'completedTimes', ${examAccessExams.completedTimes}))
    from ${examAccessExams} where ${examAccessExams.accessId} = ${examAccess.id}), '[]'::json)`;

/** The student's access record, or null. `forUpdate` locks it (PostgreSQL) while an attempt is created. */
export async function loadAccess(db: Executor, studentId: string, forUpdate = false): Promise<(AccessFacts & { id: string }) | null> {
  const q = db.select({ row: examAccess, exams: accessExamsJson }).from(examAccess).where(eq(examAccess.userId, studentId)).limit(1);
  const [found] = forUpdate ? await q.for('update', { of: examAccess }) : await q;
  if (!found) return null;
  const { row } = found;
  // PGlite and node-postgres both parse json columns; a driver that hands back text is parsed here
  const rows = (typeof found.exams === 'string' ? JSON.parse(found.exams) : found.exams) as { examId: string; totalTimes: number; completedTimes: number }[];
  return {
    id: row.id,
    type: row.type as AccessType,
    startTime: row.startTime,
    endTime: row.endTime,
    totalTimes: row.totalTimes,
    completedTimes: row.completedTimes,
    exams: new Map(rows.map((r) => [r.examId, { totalTimes: Number(r.totalTimes), completedTimes: Number(r.completedTimes) }])),
  };
}

export type ListedExam = ReturnType<typeof toExamJson> & { remaining: number | null; reason: string | null; running: RunningAttemptInfo | null };

/** Published exams the student may see, split into Available (startable) and Other (listed, no start). */
export async function listStudentExams(db: Executor, student: StudentLike, now: Date): Promise<{ available: ListedExam[]; other: ListedExam[] }> {
  const facts = studentFacts(student);
  const inst = facts.instituteId;
  // One query for the exams, whether each is granted to the student's institute, and the student's running attempt at
  // each (exams with a running attempt stay in Available so the student can resume, e.g. after a new login).
  const grantedSql = inst
    ? sql<boolean>`exists(select 1 from ${examInstituteAccess} where ${examInstituteAccess.examId} = ${exams.id} and ${examInstituteAccess.instituteId} = ${inst})`
    : sql<boolean>`false`;
  const scope = [inArray(exams.type, ['public', 'free_for_all'])];
  if (inst) scope.push(eq(exams.userId, inst), grantedSql);
  const rows = await db
    .select({
      exam: exams,
      category: categories,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      questionCount: sql<number>`(select count(*) from ${questions} where ${questions.examId} = ${exams.id})`,
      granted: grantedSql,
      runningDeadline: sql<Date | null>`(select ${attempts.deadlineAt} from ${attempts} where ${attempts.userId} = ${student.id}
        and ${attempts.examId} = ${exams.id} and ${attempts.status} = 'running' and ${attempts.deadlineAt} > ${now.toISOString()}::timestamptz limit 1)`.mapWith(attempts.deadlineAt),
    })
    .from(exams)
    .leftJoin(categories, eq(categories.id, exams.categoryId))
    .leftJoin(users, eq(users.id, exams.userId))
    .where(and(eq(exams.status, 1), isNull(exams.deletedAt), or(...scope)))
    .orderBy(exams.createdAt);
  const access = await loadAccess(db, student.id);
  const available: ListedExam[] = [];
  const other: ListedExam[] = [];
  for (const r of rows) {
    const exam = { id: r.exam.id, type: r.exam.type, status: r.exam.status, ownerId: r.exam.userId, grantedToStudentInstitute: !!r.granted };
    const deadline = r.runningDeadline;
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
  const facts = studentFacts(student);
  // the exam and whether it is granted to the student's institute, in one query
  const granted = facts.instituteId
    ? sql<boolean>`exists(select 1 from ${examInstituteAccess} where ${examInstituteAccess.examId} = ${exams.id} and ${examInstituteAccess.instituteId} = ${facts.instituteId})`
    : sql<boolean>`false`;
  const [found] = await db.select({ exam: exams, granted }).from(exams).where(and(eq(exams.id, examId), isNull(exams.deletedAt))).limit(1);
  if (!found) return { exam: null, access: null, decision: null };
  const { exam } = found;
  const access = await loadAccess(db, student.id, forUpdate);
  const decision = decide(facts, { id: exam.id, type: exam.type, status: exam.status, ownerId: exam.userId, grantedToStudentInstitute: !!found.granted }, access, now);
  return { exam, access, decision };
}
