/**
 * What a finished attempt reveals to its student: the exam's review policy (shared-api constants REVIEW_POLICIES),
 * enforced on every student-facing result (the results list, one result, the back-office list a student may call on
 * themself). Institutes and admins always see everything.
 *
 *   policy    | the student sees
 *   ----------|----------------------------------------------------------------------------------------------
 *   score     | the figures only (count correct, attempted, total and section scores); no per-question marks
 *   marks     | also which questions were right or wrong (each answer's `correct`)
 *   answers   | also the correct answers (questions' answer, answer_details), once the student cannot start
 *             | another attempt of the exam (access/rules.ts canStartAnother); until then what `marks` shows
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_REVIEW_POLICY } from 'shared-api/constants';
import { fieldsFor } from 'shared-api/question-fields';
import type { Question, Result, ResultReview, ReviewPolicy } from 'shared-api/types';
import { canStartAnother } from '../access/rules.ts';
import { decideForStudent } from '../access/student-exams.ts';
import type { Executor } from '../db/index.ts';
import { attempts, exams } from '../db/schema.ts';

const policyOf = (value: string | undefined): ReviewPolicy =>
  value === 'score' || value === 'marks' || value === 'answers' ? value : DEFAULT_REVIEW_POLICY;

/** The review policies of these exams (deleted ones included: their results stay readable); unknown ids get the default. */
export async function reviewPolicies(db: Executor, examIds: string[]): Promise<Map<string, ReviewPolicy>> {
  const ids = [...new Set(examIds)];
  const rows = ids.length
    ? await db.select({ id: exams.id, policy: exams.reviewPolicy }).from(exams).where(inArray(exams.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, policyOf(r.policy)]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? DEFAULT_REVIEW_POLICY]));
}

/**
 * Whether the student can still start (or resume) an attempt of the exam: a running attempt, or the access rules'
 * decision (the one the start call uses) allows a new one now or later by time alone. A deleted exam: no.
 */
export async function canRetake(db: Executor, student: { id: string; createdBy: string | null }, examId: string, now: Date): Promise<boolean> {
  const [running] = await db.select({ id: attempts.id }).from(attempts)
    .where(and(eq(attempts.userId, student.id), eq(attempts.examId, examId), eq(attempts.status, 'running'))).limit(1);
  if (running) return true;
  const { decision, access } = await decideForStudent(db, student, examId, now);
  return !!decision && canStartAnother(decision, access, now);
}

/** What a student is shown of a result of an exam with this policy. */
export function studentReview(policy: ReviewPolicy, retake: boolean): ResultReview {
  return { policy, shows: policy === 'answers' && retake ? 'marks' : policy, canRetake: retake };
}

/** Everything (institutes and admins). */
export const fullReview = (policy: ReviewPolicy): ResultReview => ({ policy, shows: 'answers', canRetake: false });

/** A result as `shows` allows: without each answer's `correct` under 'score'. */
export function revealResult(result: Result, shows: ReviewPolicy): Result {
  if (shows !== 'score') return result;
  return { ...result, answers: result.answers.map(({ correct: _hidden, ...rest }) => rest) };
}

const ANSWER_KEY: readonly string[] = fieldsFor('result');

/** Questions as `shows` allows: the answer key (shared-api/question-fields: answers and explanations) only under 'answers'. */
export function revealQuestions(questions: Question[], shows: ReviewPolicy): Question[] {
  if (shows === 'answers') return questions;
  return questions.map((q) => Object.fromEntries(Object.entries(q).filter(([k]) => !ANSWER_KEY.includes(k))) as Question);
}

/** A student's own results as their exams' policies allow (lists: no answer keys there, only the marks). */
export async function revealStudentResults(db: Executor, list: Result[]): Promise<Result[]> {
  if (!list.length) return list;
  const policies = await reviewPolicies(db, list.map((r) => r.exam_id));
  return list.map((r) => revealResult(r, policies.get(r.exam_id)!));
}
