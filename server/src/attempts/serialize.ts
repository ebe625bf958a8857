/** Row → JSON shapes for attempts, results and questions (shared-api's types.ts and endpoints/student-exam.ts). */
import type { Attempt as AttemptRow, Question as QuestionRow, Result as ResultRow } from '../db/schema.ts';
import type {
  AltTextKey, Attempt, OptionType, QuestionFields, Question as QuestionJson, QuestionType, Result as ResultJson, ResultAnswer,
} from 'shared-api/types';

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

/** A question row; `answer`/`answerDetails` are absent when selected for a running attempt. */
export type QuestionLike = Omit<QuestionRow, 'answer' | 'answerDetails' | 'itemId' | 'createdAt' | 'updatedAt'>
  & Partial<Pick<QuestionRow, 'answer' | 'answerDetails'>>;

/** A question as the server sends it: always with its alt texts (only older stored copies lack them). */
export type ServedQuestion = QuestionJson & Pick<QuestionFields, AltTextKey>;

export function toQuestionJson(row: QuestionLike): ServedQuestion {
  const q: ServedQuestion = {
    _id: row.id,
    exam: row.examId,
    type: row.type as QuestionType,
    question_number: row.questionNumber,
    main_heading: row.mainHeading,
    main_heading_image: row.mainHeadingImage,
    heading: row.heading,
    description: row.description,
    description_image: row.descriptionImage,
    description_boxed: row.descriptionBoxed,
    option_type: row.optionType as OptionType,
    option1: row.option1,
    option2: row.option2,
    option3: row.option3,
    option4: row.option4,
    listening: row.listening,
    main_heading_alt: row.mainHeadingAlt,
    description_alt: row.descriptionAlt,
    option1_alt: row.option1Alt,
    option2_alt: row.option2Alt,
    option3_alt: row.option3Alt,
    option4_alt: row.option4Alt,
  };
  // Only a finished attempt's questions carry these keys at all (a running one must not even show them empty).
  if (row.answer !== undefined) q.answer = row.answer;
  if (row.answerDetails !== undefined) q.answer_details = row.answerDetails;
  return q;
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
