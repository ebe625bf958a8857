/**
 * Setting a student's exam access (the User Access dialog). Saving replaces the access in one transaction, keeping the
 * completed counts that still apply so re-saving cannot reset a limit. What an access allows is decided only by
 * access/rules.ts (`decide`), also used here to refuse exams the student could never see.
 */
import { storableDate } from '../input.ts';
import { DEFAULT_TIME_ZONE, dayIn, instantOf, nextDay, storableDayStart, zoneOf } from '../zones/index.ts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/index.ts';
import { examAccess, examAccessExams, examInstituteAccess, exams, type User } from '../db/schema.ts';
import { decide, type AccessFacts, type AccessType } from '../access/rules.ts';
import { loadAccess, studentFacts } from '../access/student-exams.ts';
import { newId } from '../ids.ts';
import { ROLES, type AuthUser } from '../auth/index.ts';
import { managedUser, readableUser, userNotFound } from './users.ts';
import { HttpError } from '../errors.ts';
import { msg } from 'shared-api/checks';
import { accessSchema } from 'shared-api/schemas/exam-access';
import { checkSync } from '../validate.ts';
import type { ExamAccess as ExamAccessJson } from 'shared-api/types';

export const EXAM_NOT_AVAILABLE = 'Exam is not available to this user';

export interface AccessBody {
  user: string;
  type?: string;
  startTime?: string | null;
  endTime?: string | null;
  total_times?: number | null;
  exams?: { exam?: string; total_times?: number | null }[];
}

export interface AccessPlan {
  type: AccessType;
  startTime: Date | null;
  endTime: Date | null;
  totalTimes: number | null;
  exams: { examId: string; totalTimes: number }[];
}

/**
 * The day (YYYY-MM-DD) of a date or date-time string in a zone: a date is that day, a date-time the zone's day at
 * that instant; null when unreadable or out of range (input.ts).
 */
function dayOf(value: string, zone: string): string | null {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = day ? new Date(`${value}T00:00:00Z`) : instantOf(value);
  if (!d || !storableDate(d) || (day && d.toISOString().slice(0, 10) !== value)) return null;
  return day ? value : dayIn(zone, d);
}

/**
 * Checks the body with the User Access dialog's rules (shared-api/schemas/exam-access: the fields each type needs,
 * spec section 4) and returns what will be stored: whole days in `zone` (the student's institute's) for a time frame,
 * from the first instant of the From Date to the last millisecond of the To Date.
 */
export function planAccess(body: AccessBody, zone: string = DEFAULT_TIME_ZONE): AccessPlan {
  const v = checkSync(accessSchema, body);
  const plan: AccessPlan = { type: v.type as AccessType, startTime: null, endTime: null, totalTimes: null, exams: [] };
  switch (plan.type) {
    case 'SELECTEDEXAM':
      plan.exams = (v.exams ?? []).map((r) => ({ examId: r.exam, totalTimes: r.total_times }));
      break;
    case 'TIMEFRAME': {
      const from = dayOf(v.startTime!, zone);
      if (!from) throw new HttpError(400, msg.invalid('From Date'));
      const to = dayOf(v.endTime!, zone);
      if (!to) throw new HttpError(400, msg.invalid('To Date'));
      plan.startTime = storableDayStart(zone, from);
      plan.endTime = new Date(storableDayStart(zone, nextDay(to)).getTime() - 1); // the To Date is included to its last millisecond
      break;
    }
    case 'ALL-X-TIMES':
      plan.totalTimes = v.total_times as number;
      break;
    default:
      break;
  }
  return plan;
}

/** Refuses exams that do not exist or that the student could not see even with this access (rules module). */
async function assertExamsVisible(db: Executor, student: User, plan: AccessPlan, now: Date): Promise<void> {
  if (plan.exams.length === 0) return;
  const ids = plan.exams.map((e) => e.examId);
  const rows = await db.select().from(exams).where(and(inArray(exams.id, ids), isNull(exams.deletedAt)));
  const facts = studentFacts(student);
  const granted = facts.instituteId
    ? new Set((await db.select({ examId: examInstituteAccess.examId }).from(examInstituteAccess)
      .where(and(eq(examInstituteAccess.instituteId, facts.instituteId), inArray(examInstituteAccess.examId, ids)))).map((g) => g.examId))
    : new Set<string>();
  const proposed: AccessFacts = {
    type: plan.type, startTime: null, endTime: null, totalTimes: null, completedTimes: 0,
    exams: new Map(plan.exams.map((e) => [e.examId, { totalTimes: e.totalTimes, completedTimes: 0 }])),
  };
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const exam = byId.get(id);
    const visible = exam && decide(facts, {
      id: exam.id, type: exam.type, status: exam.status, ownerId: exam.userId, grantedToStudentInstitute: granted.has(exam.id),
    }, proposed, now).visible;
    if (!visible) throw new HttpError(400, EXAM_NOT_AVAILABLE);
  }
}

/** Replaces the student's access. Keeps completed counts of exam rows that remain, and of the access when its type stays. */
export async function saveAccess(db: Db, student: User, plan: AccessPlan, createdBy: string, now = new Date()): Promise<void> {
  await assertExamsVisible(db, student, plan, now);
  await db.transaction(async (tx) => {
    // make sure a row exists, then lock it: the exam start locks the same row while it counts an attempt
    await tx.insert(examAccess).values({ id: newId(), userId: student.id, type: plan.type, createdBy })
      .onConflictDoNothing({ target: examAccess.userId });
    const old = await loadAccess(tx, student.id, true);
    if (!old) throw new Error('exam access row vanished');
    const completedTimes = old.type === plan.type ? old.completedTimes : 0;
    await tx.update(examAccess).set({
      type: plan.type, startTime: plan.startTime, endTime: plan.endTime, totalTimes: plan.totalTimes,
      completedTimes, createdBy, createdAt: now,
    }).where(eq(examAccess.id, old.id));
    await tx.delete(examAccessExams).where(eq(examAccessExams.accessId, old.id));
    if (plan.exams.length > 0) {
      await tx.insert(examAccessExams).values(plan.exams.map((e) => ({
        accessId: old.id, examId: e.examId, totalTimes: e.totalTimes, completedTimes: old.exams.get(e.examId)?.completedTimes ?? 0,
      })));
    }
  });
}

/**
 * The student's access as ExamAccess JSON (exam rows with titles), or null; with the time zone its TIMEFRAME days are
 * in (the student's institute's), so that anyone viewing it reads the days it was saved as.
 */
export async function accessJson(db: Executor, student: User): Promise<ExamAccessJson | null> {
  const [row] = await db.select().from(examAccess).where(eq(examAccess.userId, student.id)).limit(1);
  if (!row) return null;
  const rows = await db.select({ row: examAccessExams, title: exams.title }).from(examAccessExams)
    .leftJoin(exams, eq(exams.id, examAccessExams.examId))
    .where(eq(examAccessExams.accessId, row.id));
  return {
    _id: row.id,
    type: row.type as AccessType,
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    total_times: row.totalTimes,
    completed_times: row.completedTimes,
    exams: rows.map((r) => ({
      exam: { _id: r.row.examId, title: r.title ?? '' },
      total_times: r.row.totalTimes,
      completed_times: r.row.completedTimes,
    })),
    user: row.userId,
    timeZone: await zoneOf(db, student),
  };
}

// ---- the exam-access routes -----------------------------------------------------------------------------------

/** The access of `studentId` (default: the caller), if the caller may read that user. */
export async function accessOf(db: Executor, me: AuthUser, studentId: string | undefined): Promise<ExamAccessJson | null> {
  const target = await readableUser(db, me, studentId ?? me.id);
  if (target.role !== ROLES.student) throw userNotFound();
  return accessJson(db, target);
}

/** Replaces the access of a student the caller manages. */
export async function setAccess(db: Db, me: AuthUser, body: AccessBody): Promise<ExamAccessJson | null> {
  const target = await managedUser(db, me, body.user);
  if (target.role !== ROLES.student) throw new HttpError(400, 'Exam access can be set only for students');
  await saveAccess(db, target, planAccess(body, await zoneOf(db, target)), me.id);
  return accessJson(db, target);
}
