/**
 * A student's attempt at an exam ("report" in the spec's calls): start (counted once), the running exam without its
 * answers, autosave and listening play counts (submit: the submit batch, batcher.ts, closes it with close.ts). The
 * server owns the clock: deadline_at is fixed at start and an attempt accepts changes until deadline + grace; after
 * that it is closed from what was saved (closeIfOverdue, the sweeper).
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../db/index.ts';
import {
  attemptAnswers, attemptPlays, attempts, examAccess, examAccessExams, exams, questions, results, type Attempt, type Result,
} from '../db/schema.ts';
import type { Config } from '../config.ts';
import type { AuthUser } from '../auth/index.ts';
import { decideForStudent } from '../access/student-exams.ts';
import { REASONS } from '../access/rules.ts';
import { httpError } from '../errors.ts';
import { extraSecondsFor, extraTimeRow } from '../people/extra-time.ts';
import { newId } from '../ids.ts';
import { displayName } from '../serializers.ts';
import { closeAttempts, FOREIGN_QUESTION, isOverdue } from './close.ts';
import { answerRows, inLockOrder, upsertAnswers as upsertStatement, type AnswerInput } from './answers.ts';
import { examPackage } from './exam-package.ts';
import { toAttemptJson } from './serialize.ts';
import { parseListeningAndText } from 'shared-api/schemas/question';
import type { ListeningPlay, ListeningStatus, SubmitResponse } from 'shared-api/types';

type Clock = Pick<Config, 'examDurationSeconds' | 'examGraceSeconds'>;

export const TIME_OVER = 'Exam time is over';
export const NO_RUNNING_EXAM = 'No running exam';
export const NO_PLAYS_LEFT = 'No plays left for this audio';
export const NO_SUCH_AUDIO = 'Not a listening audio of this exam';
export const AUDIO_KEYS = ['main', 'option1', 'option2', 'option3', 'option4'] as const;
export type AudioKey = (typeof AUDIO_KEYS)[number];
export type { AnswerInput } from './answers.ts';

const runningOf = (userId: string, examId: string) =>
  and(eq(attempts.userId, userId), eq(attempts.examId, examId), eq(attempts.status, 'running'));

/**
 * Get Started. One transaction: the access decision (the student's access row locked FOR UPDATE on PostgreSQL),
 * resume of a running attempt, or a new attempt counted against the access record. A running attempt is resumed
 * even when no attempt is left (its start used the last one). Two concurrent starts cannot create two attempts:
 * the access row lock serialises them, and the partial unique index attempts_running_uq covers students with no
 * access record.
 */
export async function startAttempt(db: Db, clock: Clock, student: AuthUser, examId: string, now = new Date()): Promise<{ attempt: Attempt; resumed: boolean }> {
  return db.transaction(async (tx) => {
    const { exam, access, decision } = await decideForStudent(tx, student, examId, now, true);
    if (!exam || !decision || exam.status !== 1) throw httpError(404, 'Exam Not Found');
    if (!decision.visible) throw httpError(403, decision.reason ?? REASONS.noAccess);

    const [running] = await tx.select().from(attempts).where(runningOf(student.id, examId)).limit(1);
    if (running) {
      if (!isOverdue(running, now, clock.examGraceSeconds)) return { attempt: running, resumed: true };
      await closeAttempts(tx, [closeItem(running, now)], { graceSeconds: clock.examGraceSeconds });
    }
    if (!decision.startable) throw httpError(403, decision.reason ?? REASONS.noAccess);

    // The student's extra time is applied here, once: the deadline is the attempt's for good. An access period
    // (TIMEFRAME) decides only whether it may start; it never shortens the attempt.
    const seconds = clock.examDurationSeconds + extraSecondsFor(clock.examDurationSeconds, await extraTimeRow(tx, student.id));
    const inserted = await tx.insert(attempts).values({
      id: newId(),
      examId,
      examTitle: exam.title,
      userId: student.id,
      instituteId: student.createdBy ?? null,
      status: 'running',
      startedAt: now,
      deadlineAt: new Date(now.getTime() + seconds * 1000),
    }).onConflictDoNothing({ target: [attempts.userId, attempts.examId], where: sql`status = 'running'` }).returning();
    const attempt = inserted[0];
    if (!attempt) {
      // A concurrent start of the same exam committed first (PostgreSQL): resume it; it was counted there.
      const [other] = await tx.select().from(attempts).where(runningOf(student.id, examId)).limit(1);
      if (!other) throw httpError(409, 'Exam is being started, try again');
      return { attempt: other, resumed: true };
    }
    // Counting happens here, atomically with the attempt (examaccess/increaseCount only reports the counts).
    if (access?.type === 'SELECTEDEXAM') {
      await tx.update(examAccessExams).set({ completedTimes: sql`${examAccessExams.completedTimes} + 1` })
        .where(and(eq(examAccessExams.accessId, access.id), eq(examAccessExams.examId, examId)));
    } else if (access) {
      await tx.update(examAccess).set({ completedTimes: sql`${examAccess.completedTimes} + 1` }).where(eq(examAccess.id, access.id));
    }
    return { attempt, resumed: false };
  });
}

/** The counts of the student's access record for one exam (SELECTEDEXAM: that exam's row). */
export async function accessCounts(db: Db, student: AuthUser, examId: string, now = new Date()) {
  const { exam, access, decision } = await decideForStudent(db, student, examId, now);
  // an exam the student cannot see is indistinguishable from one that does not exist
  if (!exam || !decision?.visible) throw httpError(404, 'Exam Not Found');
  if (access?.type === 'SELECTEDEXAM') {
    const row = access.exams.get(examId);
    return { completed_times: row?.completedTimes ?? 0, total_times: row?.totalTimes ?? 0, remaining: decision.remaining };
  }
  if (access) return { completed_times: access.completedTimes, total_times: access.totalTimes, remaining: decision.remaining };
  // No access record: nothing is limited; report the attempts actually made at this exam.
  const [n] = await db.select({ n: sql<number>`count(*)` }).from(attempts)
    .where(and(eq(attempts.userId, student.id), eq(attempts.examId, examId)));
  return { completed_times: Number(n?.n ?? 0), total_times: null, remaining: decision.remaining };
}

/** The student's attempt by id, or 404 (another student's attempt is indistinguishable from an unknown one). */
async function ownAttempt(db: Executor, studentId: string, attemptId: string, lock = false): Promise<Attempt> {
  const q = db.select().from(attempts).where(and(eq(attempts.id, attemptId), eq(attempts.userId, studentId))).limit(1);
  const [a] = lock ? await q.for('share') : await q;
  if (!a) throw httpError(404, 'Attempt Not Found');
  return a;
}

/** An attempt as an item of closeAttempts (no body: closed from what was saved). */
const closeItem = (a: Attempt, now: Date) => ({ attemptId: a.id, userId: a.userId, examId: a.examId, now });

/** Closes an overdue running attempt (lazily, from the routes); returns true when it is closed now or already was. */
async function closeIfOverdue(db: Db, clock: Clock, a: Attempt, now: Date): Promise<boolean> {
  if (a.status !== 'running') return true;
  if (!isOverdue(a, now, clock.examGraceSeconds)) return false;
  await db.transaction((tx) => closeAttempts(tx, [closeItem(a, now)], { graceSeconds: clock.examGraceSeconds }));
  return true;
}

/** The running exam of the student: attempt, questions WITHOUT answer/answer_details, saved answers, play counts. */
export async function runningExam(db: Db, clock: Clock, studentId: string, examId: string, now = new Date()) {
  const [a] = await db.select().from(attempts).where(runningOf(studentId, examId)).limit(1);
  if (!a || (await closeIfOverdue(db, clock, a, now))) throw httpError(404, NO_RUNNING_EXAM);
  // The exam's package (./exam-package.ts): its answer columns are never selected, its media are the renditions.
  const { questions: examQuestions, playLimit } = await examPackage(db, examId);
  const saved = await db.select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
    .from(attemptAnswers).where(eq(attemptAnswers.attemptId, a.id));
  return {
    attempt: toAttemptJson(a, now),
    questions: examQuestions,
    answers: Object.fromEntries(saved.map((r) => [r.questionId, r.answer])) as Record<string, string>,
    listeningStatus: (a.listeningStatus ?? {}) as ListeningStatus,
    playLimit,
  };
}

/**
 * Validates and upserts answers into a running attempt, inside the caller's transaction: ONE statement that inserts
 * only the questions of the attempt's exam; when it inserted fewer rows than asked, some question is not of this
 * exam: 400, and the caller's transaction rolls back, so nothing is written.
 */
async function upsertAnswers(tx: Executor, a: Attempt, items: AnswerInput[], now: Date): Promise<number> {
  // one row per question (the last choice wins): ON CONFLICT cannot touch one row twice in a statement
  const latest = new Map(items.map((i) => [i.question, i.answer]));
  if (latest.size === 0) return 0;
  const at = now.toISOString();
  const rows = inLockOrder([...latest].map(([q, answer]) => ({ attempt_id: a.id, question_id: q, answer, at })));
  const written = await queryRows<{ question_id: string }>(tx, sql`${upsertStatement(sql`(
      select v.attempt_id, q.id as question_id, v.answer, v.at from ${answerRows(rows)}
        join questions q on q.id = v.question_id and q.exam_id = ${a.examId}::text) s`)}
    returning question_id`);
  if (written.length !== latest.size) throw httpError(400, FOREIGN_QUESTION);
  return written.length;
}

/**
 * Autosave. The attempt row is read FOR SHARE, so a concurrent close (which UPDATEs it) waits for this save and then
 * scores it, or this save waits for the close and sees the attempt is no longer running (409).
 */
export async function saveAnswers(db: Db, clock: Clock, studentId: string, attemptId: string, items: AnswerInput[], now = new Date()) {
  const outcome = await db.transaction(async (tx) => {
    const a = await ownAttempt(tx, studentId, attemptId, true);
    const open = a.status === 'running' && !isOverdue(a, now, clock.examGraceSeconds);
    return { open, attempt: a, saved: open ? await upsertAnswers(tx, a, items, now) : 0 };
  });
  if (!outcome.open) {
    await closeIfOverdue(db, clock, outcome.attempt, now);
    throw httpError(409, TIME_OVER);
  }
  return { saved: outcome.saved, serverNow: now.toISOString(), deadlineAt: outcome.attempt.deadlineAt.toISOString() };
}

/** Whether the question plays this audio: its main audio, or an option's (listening and listening-and-text options). */
function hasAudio(q: { listening: string; optionType: string; option1: string; option2: string; option3: string; option4: string }, audio: AudioKey): boolean {
  if (audio === 'main') return q.listening.trim() !== '';
  const option = q[audio];
  if (q.optionType === 'listening') return option.trim() !== '';
  if (q.optionType === 'listeningandtext') return !!parseListeningAndText(option)?.listening;
  return false;
}

/**
 * Counts one play of a listening audio, in ONE transaction with the attempt's row locked (two devices of the student
 * playing at once are counted one after the other, so neither passes the limit). Idempotent by the play's id: the same
 * play sent again (a retry after a dropped connection) is answered with the counts and not counted twice, even after
 * the attempt has closed. A play beyond the exam's limit is refused (409 with the counts, so the device can take the
 * server's); nothing is written then. Returns the whole status.
 */
export async function recordListening(db: Db, clock: Clock, studentId: string, attemptId: string, play: ListeningPlay, now = new Date()): Promise<ListeningStatus> {
  const outcome = await db.transaction(async (tx) => {
    const [a] = await tx.select().from(attempts).where(and(eq(attempts.id, attemptId), eq(attempts.userId, studentId)))
      .limit(1).for('no key update');
    if (!a) throw httpError(404, 'Attempt Not Found');
    const status = (a.listeningStatus ?? {}) as ListeningStatus;
    const [prior] = await tx.select({ questionId: attemptPlays.questionId, audio: attemptPlays.audio }).from(attemptPlays)
      .where(and(eq(attemptPlays.attemptId, a.id), eq(attemptPlays.playId, play.playId))).limit(1);
    if (prior) {
      if (prior.questionId !== play.question || prior.audio !== play.audio) throw httpError(409, 'This play id was used for another audio');
      return { open: true as const, status };
    }
    if (a.status !== 'running' || isOverdue(a, now, clock.examGraceSeconds)) return { open: false as const, attempt: a };
    const [q] = await tx.select({
      listening: questions.listening, optionType: questions.optionType,
      option1: questions.option1, option2: questions.option2, option3: questions.option3, option4: questions.option4,
    }).from(questions)
      .where(and(eq(questions.id, play.question), eq(questions.examId, a.examId), eq(questions.type, 'Listening'))).limit(1);
    if (!q || !hasAudio(q, play.audio)) throw httpError(400, NO_SUCH_AUDIO);
    const [exam] = await tx.select({ playLimit: exams.playLimit }).from(exams).where(eq(exams.id, a.examId)).limit(1);
    const used = status[play.question]?.[play.audio] ?? 0;
    const limit = exam?.playLimit ?? null;
    if (limit !== null && used >= limit) throw httpError(409, NO_PLAYS_LEFT, { listeningStatus: status, playLimit: limit });
    await tx.insert(attemptPlays).values({ attemptId: a.id, playId: play.playId, questionId: play.question, audio: play.audio, playedAt: now });
    const next: ListeningStatus = { ...status, [play.question]: { ...status[play.question], [play.audio]: used + 1 } };
    await tx.update(attempts).set({ listeningStatus: next }).where(eq(attempts.id, a.id));
    return { open: true as const, status: next };
  });
  if (!outcome.open) {
    await closeIfOverdue(db, clock, outcome.attempt, now);
    throw httpError(409, TIME_OVER);
  }
  return outcome.status;
}

export type SubmitJson = SubmitResponse;

export function toSubmitJson(result: Result, student: Pick<AuthUser, 'firstName' | 'lastName' | 'userUid'>): SubmitJson {
  const total = result.totalQuestions;
  return {
    resultId: result.id,
    score: result.score,
    totalQuestions: total,
    attempted: result.attempted,
    correct: result.score,
    percentage: total > 0 ? ((result.score / total) * 100).toFixed(2) : '0.00',
    name: displayName(student),
    user_uid: student.userUid,
    totalScore: result.totalScore,
    readingScore: result.readingScore,
    listeningScore: result.listeningScore,
  };
}

/** reports/update: links the result to the student's report (attempt); the result must be that attempt's. */
export async function linkResult(db: Db, studentId: string, attemptId: string, resultId: string) {
  const a = await ownAttempt(db, studentId, attemptId).catch(() => { throw httpError(404, 'Report Not Found'); });
  const [r] = await db.select({ id: results.id }).from(results)
    .where(and(eq(results.id, resultId), eq(results.attemptId, a.id), eq(results.userId, studentId))).limit(1);
  if (!r) throw httpError(404, 'Result Not Found');
  if (a.resultId !== r.id) await db.update(attempts).set({ resultId: r.id }).where(eq(attempts.id, a.id));
  return { _id: a.id, result: r.id };
}
