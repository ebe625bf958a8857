/**
 * Closing an attempt: the one place that scores it (from the stored answers, never the client's score) and writes its
 * result. Submit, the lazy close in the routes and the expiry sweeper all go through `closeAttempt`.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { jsonb as json, type Executor } from '../db/index.ts';
import {
  attemptAnswers, attempts, encodeResultAnswers, questions, results, type Attempt, type Result, type ResultAnswer,
} from '../db/schema.ts';
import { newId } from '../ids.ts';
import { httpError } from '../errors.ts';
import { LISTENING_RANGE, POINTS_PER_QUESTION, READING_RANGE, UNANSWERED } from 'shared-api/constants';
import type { ResultScores } from 'shared-api/types';

export type CloseReason = 'submitted' | 'expired';

export interface ScoredQuestion { id: string; questionNumber: number; type: string; answer: string }

export interface Score extends ResultScores {
  answers: ResultAnswer[];
  /** number of correct answers */
  score: number;
  /** answers other than '0' */
  attempted: number;
  totalQuestions: number;
}

const inRange = (n: number, [lo, hi]: readonly [number, number]) => n >= lo && n <= hi;

/**
 * The EPS-TOPIK scale of a list of per-question marks: POINTS_PER_QUESTION for each correct question, Reading =
 * questions READING_RANGE, Listening = LISTENING_RANGE (by question number, as the real exam numbers them; a question
 * outside both ranges scores in neither); total = their sum. Pure.
 */
export function scaledScores(marks: Iterable<{ questionNumber: number; correct?: boolean }>): ResultScores {
  let reading = 0;
  let listening = 0;
  for (const m of marks) {
    if (!m.correct) continue;
    if (inRange(m.questionNumber, READING_RANGE)) reading++;
    else if (inRange(m.questionNumber, LISTENING_RANGE)) listening++;
  }
  const readingScore = reading * POINTS_PER_QUESTION;
  const listeningScore = listening * POINTS_PER_QUESTION;
  return { totalScore: readingScore + listeningScore, readingScore, listeningScore };
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
  return { answers, score, attempted, totalQuestions: answers.length, ...scaledScores(answers) };
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

/** An answer to save with a result (a submit's body), one row of attempt_answers. */
export interface UpsertRow { attempt_id: string; question_id: string; answer: string; at: string }
/** A result as its row is inserted (answers compact: encodeResultAnswers). */
export interface ResultRow {
  id: string; attempt_id: string; exam_id: string; exam_title: string; user_id: string; institute_id: string | null;
  score: number; total_questions: number; attempted: number; answers: string; created_at: string;
  total_score: number; reading_score: number; listening_score: number;
}

const RESULT_COLUMNS = sql.raw(
  'id, attempt_id, exam_id, exam_title, user_id, institute_id, score, total_questions, attempted, answers, created_at, total_score, reading_score, listening_score');
/** The types of RESULT_COLUMNS after the first six (text), for jsonb_to_recordset. */
const RESULT_FIGURE_TYPES = sql.raw(
  'score int, total_questions int, attempted int, answers text, created_at timestamptz, total_score int, reading_score int, listening_score int');

/**
 * The one statement shape that writes results: `insert into results (<columns>) select <columns> from <source>`, where
 * `source` yields rows with exactly the columns of ResultRow. storeResults uses it for rows scored here; the submit
 * batch for the results it claims and stores in one statement (batcher.ts, claimAndStore).
 */
export const insertResults = (source: SQL) => sql`insert into results (${RESULT_COLUMNS}) select ${RESULT_COLUMNS} from ${source}`;

/**
 * ONE statement: upserts the answers that changed (in (attempt, question) order: no deadlock between two writers) and
 * inserts the results. Every result of a closed attempt is written here or by claimAndStore, through insertResults.
 */
export async function storeResults(tx: Executor, upserts: UpsertRow[], rows: ResultRow[]): Promise<void> {
  await tx.execute(sql`
        with saved as (
          insert into attempt_answers (attempt_id, question_id, answer, updated_at)
          select attempt_id, question_id, answer, at
            from jsonb_to_recordset(${json(upserts)}) as v(attempt_id text, question_id text, answer text, at timestamptz)
          on conflict (attempt_id, question_id) do update set answer = excluded.answer, updated_at = excluded.updated_at
        )
        ${insertResults(sql`jsonb_to_recordset(${json(rows)}) as r(id text, attempt_id text, exam_id text, exam_title text,
          user_id text, institute_id text, ${RESULT_FIGURE_TYPES})`)}`);
}

/** The row of a result. */
export const resultRow = (r: Result): ResultRow => ({
  id: r.id, attempt_id: r.attemptId, exam_id: r.examId, exam_title: r.examTitle, user_id: r.userId, institute_id: r.instituteId,
  score: r.score, total_questions: r.totalQuestions, attempted: r.attempted, answers: encodeResultAnswers(r.answers),
  created_at: r.createdAt.toISOString(),
  total_score: r.totalScore, reading_score: r.readingScore, listening_score: r.listeningScore,
});

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
    totalScore: s.totalScore,
    readingScore: s.readingScore,
    listeningScore: s.listeningScore,
  };
  const at = now.toISOString();
  const upserts = [...latest].map(([q, a]) => ({ attempt_id: claimed.id, question_id: q, answer: a, at }))
    .sort((x, y) => (x.question_id < y.question_id ? -1 : x.question_id > y.question_id ? 1 : 0));
  await storeResults(tx, upserts, [resultRow(result)]);
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
