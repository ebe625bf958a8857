/**
 * A student's answers on their way into the database, for the autosave and the close alike: the questions of the exam
 * they must belong to, one answer per question, and the one statement shape that writes them into attempt_answers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { jsonb as json, queryRows, type Executor } from '../db/index.ts';

export interface AnswerInput { question: string; answer: string }

/** A question of an exam with its answer (for scoring). */
export interface ExamQuestion { id: string; examId: string; questionNumber: number; type: string; answer: string }

/** The questions of these exams (with their answers, for scoring), in question order, by exam (one SELECT). */
export async function examQuestions(tx: Executor, examIds: string[]): Promise<Map<string, ExamQuestion[]>> {
  const rows = await queryRows<{ id: string; exam_id: string; question_number: number; type: string; answer: string }>(tx, sql`
    select id, exam_id, question_number, type, answer from questions
     where exam_id in (select jsonb_array_elements_text(${json(examIds)}))
     order by exam_id, question_number`);
  const byExam = new Map<string, ExamQuestion[]>();
  for (const r of rows) {
    let list = byExam.get(r.exam_id);
    if (!list) byExam.set(r.exam_id, (list = []));
    list.push({ id: r.id, examId: r.exam_id, questionNumber: Number(r.question_number), type: r.type, answer: r.answer });
  }
  return byExam;
}

/**
 * One answer per question (the last choice wins: ON CONFLICT cannot touch one row twice in a statement); false when
 * some question is not one of `known` (the exam's).
 */
export function latestAnswers(items: AnswerInput[] | undefined, known: Set<string> | undefined): Map<string, string> | false {
  const latest = new Map<string, string>();
  for (const i of items ?? []) {
    if (!known?.has(i.question)) return false;
    latest.set(i.question, i.answer);
  }
  return latest;
}

/** One row of attempt_answers as a statement receives it. */
export interface AnswerRow { attempt_id: string; question_id: string; answer: string; at: string }

/** Answer rows as one jsonb parameter, a row source `v` with the columns of AnswerRow. */
export const answerRows = (rows: AnswerRow[]): SQL =>
  sql`jsonb_to_recordset(${json(rows)}) as v(attempt_id text, question_id text, answer text, at timestamptz)`;

/**
 * The one statement that writes answers: `source` yields the columns of AnswerRow, one row per (attempt, question),
 * in (attempt, question) order (two writers then lock rows in the same order: no deadlock).
 */
export const upsertAnswers = (source: SQL): SQL => sql`
  insert into attempt_answers (attempt_id, question_id, answer, updated_at)
  select attempt_id, question_id, answer, at from ${source}
  on conflict (attempt_id, question_id) do update set answer = excluded.answer, updated_at = excluded.updated_at`;

/** Sorts answer rows by (attempt, question), the order upsertAnswers wants. */
export function inLockOrder<R extends { attempt_id: string; question_id: string }>(rows: R[]): R[] {
  const key = (r: R) => `${r.attempt_id} ${r.question_id}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The saved answers of these attempts, by attempt (one SELECT, one JSON object per attempt). */
export async function savedAnswers(tx: Executor, attemptIds: string[]): Promise<Map<string, Map<string, string>>> {
  const rows = await queryRows<{ attempt_id: string; saved: string | Record<string, string> }>(tx, sql`
        select attempt_id, json_object_agg(question_id, answer)::text as saved from attempt_answers
         where attempt_id in (select jsonb_array_elements_text(${json(attemptIds)}))
         group by attempt_id`);
  const byAttempt = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const obj = (typeof r.saved === 'string' ? JSON.parse(r.saved) : r.saved) as Record<string, string>;
    const m = new Map<string, string>();
    for (const q in obj) m.set(q, obj[q]!);
    byAttempt.set(r.attempt_id, m);
  }
  return byAttempt;
}
