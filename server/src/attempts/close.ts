/**
 * Closing an attempt: the one place that scores it (from the stored answers, never the client's score) and writes its
 * result. Submit, the lazy close in the routes and the expiry sweeper all go through `closeAttempt`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import {
  attemptAnswers, attempts, encodeResultAnswers, questions, results, type Attempt, type Result, type ResultAnswer,
} from '../db/schema.ts';
import { newId } from '../ids.ts';
import { httpError } from '../errors.ts';
import { UNANSWERED } from '../../../shared-api/src/constants.ts';

export type CloseReason = 'submitted' | 'expired';

export interface ScoredQuestion { id: string; questionNumber: number; type: string; answer: string }

export interface Score {
  answers: ResultAnswer[];
  /** number of correct answers */
  score: number;
  /** answers other than '0' */
  attempted: number;
  totalQuestions: number;
}

/** Scores every question of the exam (unanswered ones as '0'); pure. */
export function scoreAnswers(examQuestions: ScoredQuestion[], saved: Pick<Map<string, string>, 'get'>): Score {
  // one pass (it runs for every submission of an exam-end burst)
  const answers = new Array<ResultAnswer>(examQuestions.length);
  let score = 0;
  let attempted = 0;
  for (let i = 0; i < examQuestions.length; i++) {
    const q = examQuestions[i]!;
    const answer = saved.get(q.id) ?? UNANSWERED;
    const correct = answer !== UNANSWERED && answer === q.answer;
    if (correct) score++;
    if (answer !== UNANSWERED) attempted++;
    answers[i] = { question: q.id, questionNumber: q.questionNumber, type: q.type, answer, correct };
  }
  return { answers, score, attempted, totalQuestions: answers.length };
}

export interface ClosedAttempt {
  attempt: Attempt;
  result: Result;
  /** false when the attempt had already been closed (by an earlier submit, another process or the sweeper) */
  closedNow: boolean;
}

/** True once the attempt is past its deadline plus the grace: it can no longer be changed by the student. */
export function isOverdue(attempt: Pick<Attempt, 'deadlineAt'>, now: Date, graceSeconds: number): boolean {
  return now.getTime() > attempt.deadlineAt.getTime() + graceSeconds * 1000;
}

/** The exam's questions with the attempt's saved answers, in question order (one query). */
async function questionsWithSaved(tx: Executor, examId: string, attemptId: string) {
  return tx
    .select({
      id: questions.id, questionNumber: questions.questionNumber, type: questions.type, answer: questions.answer,
      saved: attemptAnswers.answer,
    })
    .from(questions)
    .leftJoin(attemptAnswers, and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questions.id)))
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.questionNumber));
}

/**
 * Scores a just-claimed attempt and inserts its result, inside the claiming transaction; `claimed` already carries the
 * result id (set by the claim), so the attempt needs no second UPDATE.
 * With `items` (a submit within the time): they must all be questions of the exam (else 400, and the caller's
 * transaction rolls back the claim too); they are scored over the saved answers and upserted into attempt_answers in
 * the same statement that inserts the result.
 * Reads the saved answers in a statement AFTER the claim: under READ COMMITTED each statement sees what committed
 * before it, so an autosave the claim had to wait for (it holds the attempt FOR SHARE) is scored; and no autosave can
 * change them after the claim (they see the attempt closed).
 */
export async function writeResult(tx: Executor, claimed: Attempt, now: Date, items?: { question: string; answer: string }[]): Promise<Result> {
  const rows = await questionsWithSaved(tx, claimed.examId, claimed.id);
  const saved = new Map<string, string>();
  for (const r of rows) if (r.saved !== null) saved.set(r.id, r.saved);
  // one row per question (the last choice wins): ON CONFLICT cannot touch one row twice in a statement
  const latest = new Map((items ?? []).map((i) => [i.question, i.answer]));
  if (latest.size) {
    const known = new Set(rows.map((r) => r.id));
    for (const q of latest.keys()) if (!known.has(q)) throw httpError(400, 'Question does not belong to this exam');
    for (const [q, a] of latest) saved.set(q, a);
  }
  const s = scoreAnswers(rows, saved);
  const result: Result = {
    id: claimed.resultId!,
    attemptId: claimed.id,
    examId: claimed.examId,
    examTitle: claimed.examTitle,
    userId: claimed.userId,
    instituteId: claimed.instituteId,
    score: s.score,
    totalQuestions: s.totalQuestions,
    attempted: s.attempted,
    answers: s.answers,
    createdAt: now,
  };
  const at = now.toISOString();
  const upsert = latest.size
    ? sql`with saved as (
        insert into attempt_answers (attempt_id, question_id, answer, updated_at)
        values ${sql.join([...latest].map(([q, a]) => sql`(${claimed.id}, ${q}, ${a}, ${at}::timestamptz)`), sql`, `)}
        on conflict (attempt_id, question_id) do update set answer = excluded.answer, updated_at = excluded.updated_at)
      `
    : sql``;
  await tx.execute(sql`${upsert}insert into results
      (id, attempt_id, exam_id, exam_title, user_id, institute_id, score, total_questions, attempted, answers, created_at)
    values (${result.id}, ${result.attemptId}, ${result.examId}, ${result.examTitle}, ${result.userId}, ${result.instituteId},
      ${result.score}, ${result.totalQuestions}, ${result.attempted}, ${encodeResultAnswers(result.answers)}, ${at}::timestamptz)`);
  return result;
}

/** The attempt (and its result) when it was not claimed: already closed, or unknown (null). */
export async function alreadyClosed(tx: Executor, attemptId: string): Promise<ClosedAttempt | null> {
  const [row] = await tx.select({ attempt: attempts, result: results })
    .from(attempts)
    .leftJoin(results, eq(results.attemptId, attempts.id))
    .where(eq(attempts.id, attemptId))
    .limit(1);
  return row?.result ? { attempt: row.attempt, result: row.result, closedNow: false } : null;
}

/**
 * Closes a running attempt and writes its result, or returns the result it already has.
 * The claim (UPDATE ... WHERE status = 'running' RETURNING, which also fixes the result id) and the result insert
 * share one transaction, so two processes or sweepers can never both close it: the loser's UPDATE matches no row and
 * it reads the winner's result. Returns null for an unknown attempt.
 */
export async function closeAttempt(db: Executor, attemptId: string, reason: CloseReason, now = new Date()): Promise<ClosedAttempt | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.update(attempts)
      .set({ status: reason, submittedAt: now, resultId: newId() })
      .where(and(eq(attempts.id, attemptId), eq(attempts.status, 'running')))
      .returning();
    if (!claimed) return alreadyClosed(tx, attemptId);
    const result = await writeResult(tx, claimed, now);
    return { attempt: claimed, result, closedNow: true };
  });
}
