/** Which question numbers a question of a type may take (Reading 1-20, Listening 21-40, each used once per exam). */
import { LISTENING_RANGE, READING_RANGE, type Question, type QuestionType } from 'shared-api';

export function rangeOf(type: QuestionType): readonly [number, number] {
  return type === 'Reading' ? READING_RANGE : LISTENING_RANGE;
}

/** Numbers of the type's range not used by another question of the exam; on edit the question's own number stays. */
export function availableNumbers(type: QuestionType, questions: Pick<Question, '_id' | 'question_number'>[], ownId?: string): number[] {
  const used = new Set(questions.filter((q) => q._id !== ownId).map((q) => q.question_number));
  const [from, to] = rangeOf(type);
  const out: number[] = [];
  for (let n = from; n <= to; n++) if (!used.has(n)) out.push(n);
  return out;
}

/** Numbers of the type's range with no question yet (for the publish rules). */
export function missingNumbers(type: QuestionType, questions: Pick<Question, 'question_number' | 'type'>[]): number[] {
  const used = new Set(questions.filter((q) => q.type === type).map((q) => q.question_number));
  const [from, to] = rangeOf(type);
  const out: number[] = [];
  for (let n = from; n <= to; n++) if (!used.has(n)) out.push(n);
  return out;
}
