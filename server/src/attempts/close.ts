/**
 * Closing an attempt: the one place that scores it (from the stored answers, never the client's score) and writes its
 * result. Submit, the lazy close in the routes and the expiry sweeper all go through `closeAttempt`.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';
import {
  attemptAnswers, attempts, questions, results, type Attempt, type Result, type ResultAnswer,
} from '../db/schema.ts';
import { newId } from '../ids.ts';
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
export function scoreAnswers(examQuestions: ScoredQuestion[], saved: Map<string, string>): Score {
  const answers = examQuestions.map((q): ResultAnswer => {
    const answer = saved.get(q.id) ?? UNANSWERED;
    return { question: q.id, questionNumber: q.questionNumber, type: q.type, answer, correct: answer !== UNANSWERED && answer === q.answer };
  });
  return {
    answers,
    score: answers.filter((a) => a.correct).length,
    attempted: answers.filter((a) => a.answer !== UNANSWERED).length,
    totalQuestions: answers.length,
  };
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

/**
 * Closes a running attempt and writes its result, or returns the result it already has.
 * The claim (UPDATE ... WHERE status = 'running' RETURNING) and the result insert share one transaction, so two
 * processes or sweepers can never both close it: the loser's UPDATE matches no row and it reads the winner's result.
 * Returns null for an unknown attempt.
 */
export async function closeAttempt(db: Executor, attemptId: string, reason: CloseReason, now = new Date()): Promise<ClosedAttempt | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.update(attempts)
      .set({ status: reason, submittedAt: now })
      .where(and(eq(attempts.id, attemptId), eq(attempts.status, 'running')))
      .returning();
    if (!claimed) {
      const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).limit(1);
      if (!attempt) return null;
      const [result] = await tx.select().from(results).where(eq(results.attemptId, attemptId)).limit(1);
      return result ? { attempt, result, closedNow: false } : null;
    }
    const examQuestions = await tx
      .select({ id: questions.id, questionNumber: questions.questionNumber, type: questions.type, answer: questions.answer })
      .from(questions)
      .where(eq(questions.examId, claimed.examId))
      .orderBy(asc(questions.questionNumber));
    const saved = await tx.select({ questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
      .from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
    const s = scoreAnswers(examQuestions, new Map(saved.map((r) => [r.questionId, r.answer])));
    const [result] = await tx.insert(results).values({
      id: newId(),
      attemptId,
      examId: claimed.examId,
      examTitle: claimed.examTitle,
      userId: claimed.userId,
      instituteId: claimed.instituteId,
      score: s.score,
      totalQuestions: s.totalQuestions,
      attempted: s.attempted,
      answers: s.answers,
      createdAt: now,
    }).returning();
    const [attempt] = await tx.update(attempts).set({ resultId: result!.id }).where(eq(attempts.id, attemptId)).returning();
    return { attempt: attempt!, result: result!, closedNow: true };
  });
}
