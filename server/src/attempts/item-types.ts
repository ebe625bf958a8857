/**
 * The score per item type (issue 38 section 4): how results did on each kind of task (shared-api/item-types), weakest
 * first. The rule is ./item-type-scores.ts; here the reads that feed it, each behind the access check of the results it
 * rests on:
 *
 *   one result      | resultDetail (./results.ts): its reader; null for a student when the exam shows the score only
 *   a student's     | whoever may read the student's results list (people/reports.ts resultsOf's rule); a student
 *                   | reading itself counts only results whose exam shows marks (review policy above 'score')
 *   an exam's       | the back office, the results of the exam's results list (authoring/results.ts examResultsScope)
 *
 * The review policy (./review.ts): under 'score' a student sees no per-question marks, and a count per type would give
 * them away (a type with one question is that question's mark), so those results are left out of what a student sees,
 * and counted in `hidden`. Under 'marks' and 'answers' the marks are shown anyway; the counts add nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ItemTypeBreakdown } from 'shared-api/types';
import { ROLES, type AuthUser } from '../auth/index.ts';
import type { Db, Executor } from '../db/index.ts';
import { questions, results } from '../db/schema.ts';
import { examResultsScope } from '../authoring/results.ts';
import { readableStudent } from '../people/reports.ts';
import { reviewPolicies } from './review.ts';
import { itemTypeScores } from './item-type-scores.ts';

/** The item type of each question of these exams, by question id. */
export async function itemTypesOfExams(db: Executor, examIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(examIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: questions.id, itemType: questions.itemType }).from(questions).where(inArray(questions.examId, ids));
  return new Map(rows.map((r) => [r.id, r.itemType]));
}

/**
 * The score per item type across every result of the student `id`, for whoever may read that student's results (else
 * 404, as the results list). The student itself: without the results of exams that show the score only.
 */
export async function studentItemTypes(db: Db, me: AuthUser, id: string): Promise<ItemTypeBreakdown> {
  const target = await readableStudent(db, me, id);
  const rows = await db.select({ examId: results.examId, answers: results.answers }).from(results).where(eq(results.userId, target.id));
  let shown = rows;
  if (me.role === ROLES.student) {
    const policies = await reviewPolicies(db, rows.map((r) => r.examId));
    shown = rows.filter((r) => policies.get(r.examId) !== 'score');
  }
  const typeOf = await itemTypesOfExams(db, shown.map((r) => r.examId));
  return { types: itemTypeScores(shown.map((r) => r.answers), typeOf), results: shown.length, hidden: rows.length - shown.length };
}

/** The score per item type across the results of one exam that `me` sees in its results list (the back office). */
export async function examItemTypes(db: Db, me: AuthUser, examId: string): Promise<ItemTypeBreakdown> {
  const { exam, where } = await examResultsScope(db, me, examId);
  const rows = await db.select({ answers: results.answers }).from(results).where(and(eq(results.examId, exam.id), where));
  const typeOf = await itemTypesOfExams(db, [exam.id]);
  return { types: itemTypeScores(rows.map((r) => r.answers), typeOf), results: rows.length, hidden: 0 };
}
