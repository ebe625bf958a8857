/** Row → JSON shapes for attempts, results and questions (shared-api's types.ts and endpoints/student-exam.ts). */
import type { Attempt as AttemptRow, FieldColumn, Question as QuestionRow, Result as ResultRow } from '../db/schema.ts';
import { valuesOf } from '../db/question-row.ts';
import { fieldsFor, type FieldsFor } from 'shared-api/question-fields';
import type { AltTextKey, Attempt, QuestionFields, Question as QuestionJson, Result as ResultJson, ResultAnswer } from 'shared-api/types';

export type AttemptJson = Attempt;

export function toAttemptJson(row: AttemptRow, now: Date): AttemptJson {
  return {
    _id: row.id,
    exam: row.examId,
    examTitle: row.examTitle,
    status: row.status as AttemptJson['status'],
    startedAt: row.startedAt.toISOString(),
    deadlineAt: row.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    resultId: row.resultId ?? null,
  };
}

const SERVED = fieldsFor('exam');
const ANSWER_KEY = fieldsFor('result');

/**
 * A question row with the fields a student may read while the exam runs (shared-api/question-fields); the answer key's
 * columns are absent when selected for a running attempt (the bank's `itemId` is never served here).
 */
export type QuestionLike = Pick<QuestionRow, 'id' | 'examId' | FieldColumn<FieldsFor<'exam'>>>
  & Partial<Pick<QuestionRow, FieldColumn<FieldsFor<'result'>>>>;

/** A question as the server sends it: always with its alt texts (only older stored copies lack them). */
export type ServedQuestion = QuestionJson & Pick<QuestionFields, AltTextKey>;

export function toQuestionJson(row: QuestionLike): ServedQuestion {
  // Only a finished attempt's questions carry the answer key at all (a running one must not even show it empty).
  return { _id: row.id, exam: row.examId, ...valuesOf(row, SERVED), ...valuesOf(row, ANSWER_KEY) } as ServedQuestion;
}

/** The result's student, as listed (deleted users keep their row, so this is normally found). */
export interface ResultUser { id: string; email: string; firstName: string; lastName: string }

/** A result as the Result type: exam = title (kept after the exam is deleted), exam_id, user summary. */
export function toResultJson(row: ResultRow, user: ResultUser | null): ResultJson {
  return {
    _id: row.id,
    score: row.score,
    total_questions: row.totalQuestions,
    attempted: row.attempted,
    exam: row.examTitle,
    exam_id: row.examId,
    user: user
      ? { _id: user.id, email: user.email, firstname: user.firstName, lastname: user.lastName }
      : { _id: row.userId, email: '', firstname: '', lastname: '' },
    createdAt: row.createdAt.toISOString(),
    answers: (row.answers ?? []) as ResultAnswer[],
    totalScore: row.totalScore,
    readingScore: row.readingScore,
    listeningScore: row.listeningScore,
  };
}
