/**
 * Closing an attempt: claim it, save the answers a submission carries, score it from the stored answers (never the
 * client's score) and write its result. `closeAttempts` is the one function that does it, for a set of attempts in a
 * few statements that each cover the whole set; every caller feeds it its items: the group-commit batch of
 * submissions (batcher.ts), the lazy close of an overdue attempt a request comes across (attempts.ts) and the expiry
 * sweeper (sweeper.ts). Its claim is the only statement that closes an attempt.
 */
import { sql, type SQL } from 'drizzle-orm';
import { jsonb as json, queryRows, type Executor } from '../db/index.ts';
import { attempts, encodeResultAnswers, results, type Attempt, type Result, type ResultAnswer } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { httpError } from '../errors.ts';
import type { Settled } from '../batcher.ts';
import { LISTENING_RANGE, POINTS_PER_QUESTION, READING_RANGE, UNANSWERED } from 'shared-api/constants';
import type { ResultScores } from 'shared-api/types';
import {
  answerRows, examQuestions, inLockOrder, latestAnswers, savedAnswers, upsertAnswers, type AnswerInput, type AnswerRow,
} from './answers.ts';

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
export function scoreAnswers(qs: ScoredQuestion[], saved: Pick<Map<string, string>, 'get'>): Score {
  // one pass (it runs for every submission of an exam-end burst)
  const answers = new Array<ResultAnswer>(qs.length);
  let score = 0;
  let attempted = 0;
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i]!;
    const answer = saved.get(q.id) ?? UNANSWERED;
    const correct = answer !== UNANSWERED && answer === q.answer;
    if (correct) score++;
    if (answer !== UNANSWERED) attempted++;
    answers[i] = { question: q.id, questionNumber: q.questionNumber, type: q.type, answer, correct };
  }
  return { answers, score, attempted, totalQuestions: answers.length, ...scaledScores(answers) };
}

/** True once the attempt is past its deadline plus the grace: it can no longer be changed by the student. */
export function isOverdue(attempt: Pick<Attempt, 'deadlineAt'>, now: Date, graceSeconds: number): boolean {
  return now.getTime() > attempt.deadlineAt.getTime() + graceSeconds * 1000;
}

// ---------------------------------------------------------------------------------------------------------------
// the statements of a close (each covers every item; warmUpClose runs them once on no rows)

/** A result as its row is inserted (answers compact: encodeResultAnswers). */
interface ResultRow {
  id: string; attempt_id: string; exam_id: string; exam_title: string; user_id: string; institute_id: string | null;
  score: number; total_questions: number; attempted: number; answers: string; created_at: string;
  total_score: number; reading_score: number; listening_score: number;
}

const RESULT_COLUMNS = sql.raw(
  'id, attempt_id, exam_id, exam_title, user_id, institute_id, score, total_questions, attempted, answers, created_at, total_score, reading_score, listening_score');

/** The one statement shape that writes results: `source` yields rows with exactly the columns of ResultRow. */
const insertResults = (source: SQL) => sql`insert into results (${RESULT_COLUMNS}) select ${RESULT_COLUMNS} from ${source}`;

/** The claim of one attempt: whose and of which exam it must be, the result id it gets, when and with what body. */
interface ClaimRow {
  id: string; user_id: string; exam_id: string; rid: string; at: string;
  /** past this deadline the attempt closes as 'expired' (deadline + grace before `at`) */
  cutoff: string;
  /** set when the body names a question of another exam: claimed only past the time (the body is then ignored) */
  foreign_question?: true;
  /** a result scored beforehand from a body that answers every question: inserted with the claim when 'submitted' */
  score?: number; total_questions?: number; attempted?: number; answers?: string;
  total_score?: number; reading_score?: number; listening_score?: number;
}
interface Claimed { result_id: string; status: 'submitted' | 'expired'; exam_title: string; institute_id: string | null }

/**
 * THE claim, ONE statement for every attempt of the set: status 'submitted' (or 'expired' past deadline + grace),
 * submitted_at and the result id, only where the attempt is the item's user's, of the item's exam and still running
 * (so two processes, a sweeper and a submit, or two submits can never both close it: the second matches no row); then,
 * for those claimed 'submitted' with a result scored beforehand, the insert of that result. On PostgreSQL the rows are
 * first locked in id order (two sets of two processes cannot deadlock each other); `exclusive` (PGlite: one
 * connection, one process) needs no lock order: nothing else can run meanwhile, and a plain UPDATE does less work.
 */
async function claim(tx: Executor, rows: ClaimRow[], exclusive: boolean): Promise<Claimed[]> {
  const claimable = sql`a.status = 'running' and (v.foreign_question is null or a.deadline_at < v.cutoff)`;
  return queryRows<Claimed>(tx, sql`
      with v as (
        select * from jsonb_to_recordset(${json(rows)}) as v(id text, user_id text, exam_id text, rid text, at timestamptz,
          cutoff timestamptz, foreign_question boolean, score int, total_questions int, attempted int, answers text, total_score int,
          reading_score int, listening_score int)
      )${exclusive ? sql`` : sql`, locked as (
        select a.id from attempts a join v on v.id = a.id and v.user_id = a.user_id and v.exam_id = a.exam_id
         where ${claimable}
         order by a.id
         for no key update of a
      )`}, c as (
        update attempts a
           set status = case when a.deadline_at < v.cutoff then 'expired' else 'submitted' end,
               submitted_at = v.at,
               result_id = v.rid
          from v
         where a.id = v.id and a.user_id = v.user_id and a.exam_id = v.exam_id and ${claimable}
           ${exclusive ? sql`` : sql`and a.id in (select id from locked)`}
        returning a.id, a.status, a.exam_title, a.institute_id, a.result_id
      ), r as (
        ${insertResults(sql`(select c.result_id as id, c.id as attempt_id, v.exam_id, c.exam_title, v.user_id, c.institute_id,
                v.score, v.total_questions, v.attempted, v.answers, v.at as created_at, v.total_score, v.reading_score,
                v.listening_score
           from c join v on v.rid = c.result_id
          where c.status = 'submitted' and v.answers is not null) s`)}
      )
      select result_id, status, exam_title, institute_id from c`);
}

/**
 * ONE statement: upserts the answers of the submissions that changed them and inserts the results of the attempts
 * claimed without one.
 */
async function storeResults(tx: Executor, upserts: AnswerRow[], rows: ResultRow[]): Promise<void> {
  await tx.execute(sql`
        with saved as (${upsertAnswers(answerRows(inLockOrder(upserts)))})
        ${insertResults(sql`jsonb_to_recordset(${json(rows)}) as r(id text, attempt_id text, exam_id text, exam_title text,
          user_id text, institute_id text, score int, total_questions int, attempted int, answers text,
          created_at timestamptz, total_score int, reading_score int, listening_score int)`)}`);
}

/** The attempts not claimed, each with its result if it has one (already closed), or null. */
async function notClaimed(tx: Executor, attemptIds: string[]) {
  const rows = await tx.select({
    id: attempts.id, userId: attempts.userId, examId: attempts.examId, status: attempts.status, result: results,
  })
    .from(attempts)
    .leftJoin(results, sql`${results.attemptId} = ${attempts.id}`)
    .where(sql`${attempts.id} in (select jsonb_array_elements_text(${json(attemptIds)}))`);
  return new Map(rows.map((r) => [r.id, r]));
}

class WarmUpDone extends Error {}

/**
 * Runs every statement of a close once on NO rows, in a transaction that is rolled back (nothing is written):
 * parsing, planning and opening the tables and indexes they touch costs tens of milliseconds the first time in a
 * process (PGlite: catalog caches filled, relation files opened), which the first submission after start-up would
 * otherwise pay.
 */
export async function warmUpClose(db: Executor, exclusive: boolean): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await examQuestions(tx, []);
      await claim(tx, [], exclusive);
      await savedAnswers(tx, []);
      await storeResults(tx, [], []);
      await notClaimed(tx, []);
      throw new WarmUpDone();
    });
  } catch (err) {
    if (!(err instanceof WarmUpDone)) throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// the close

/** One attempt to close, as a caller names it. */
export interface CloseItem {
  attemptId: string;
  /** the attempt must be this user's and of this exam (a submission's caller and path; the sweeper's own row) */
  userId: string;
  examId: string;
  /** when it is closed: submitted_at and the result's time; the deadline + grace rule is applied at this time */
  now: Date;
  /** a submission's answers: saved and scored when it is closed within the time, ignored after it */
  answers?: AnswerInput[];
}

export interface ClosedAttempt {
  result: Result;
  status: 'submitted' | 'expired';
  /** false when the attempt had already been closed (by an earlier submit, another process or the sweeper) */
  closedNow: boolean;
}

export interface CloseOptions {
  graceSeconds: number;
  /**
   * The database has ONE connection used by this process only (PGlite: one connection, one process per data
   * directory): the claim needs no explicitly ordered row locks. Never set it on PostgreSQL, where other processes and
   * pooled connections write too.
   */
  exclusive?: boolean;
}

export const NOT_FOUND = 'Attempt Not Found';
export const FOREIGN_QUESTION = 'Question does not belong to this exam';

/** The items of one attempt: the first one's answers count, every one gets the same outcome. */
interface Group { first: number; all: number[]; latest: Map<string, string> | false; rid: string; score?: Score }

/**
 * Closes a set of attempts inside the caller's transaction and settles each item with its outcome:
 *   1. the questions of the items' exams (one SELECT); each body is checked against its exam BEFORE any write; a body
 *      that answers every question of its exam (the exam-end burst) is scored now (the saved answers cannot change
 *      that score);
 *   2. THE claim (one statement, see `claim`): ownership, exam, 'expired' instead of 'submitted' past deadline +
 *      grace, the result id, and the results scored in step 1 of those claimed within the time. A body naming a
 *      question of another exam is claimed only past the time, where the body is ignored: within it, nothing is
 *      written for it and it gets a 400;
 *   3. the saved answers of every claimed attempt without a result yet (a partial body, no body, or past the time: then
 *      the body is ignored) are read (one SELECT, after the claim, so an autosave it waited for is scored), merged
 *      with the body within the time and scored; ONE statement upserts the body's answers that changed and inserts
 *      these results;
 *   4. the attempts not claimed are read with their results (one SELECT): unknown, someone else's or of another exam:
 *      404; already closed: its result (a second submit gets the first one's); a foreign question within the time: 400.
 * Items of the same attempt, user and exam share one claim: the first one's answers count, every one gets its result.
 * A statement that fails throws (the caller's transaction rolls back); no item is then closed.
 */
export async function closeAttempts(tx: Executor, items: CloseItem[], opts: CloseOptions): Promise<Settled<ClosedAttempt>[]> {
  if (items.length === 0) return [];
  const questionsOf = await examQuestions(tx, [...new Set(items.map((i) => i.examId))]);
  const known = new Map([...questionsOf].map(([exam, qs]) => [exam, new Set(qs.map((q) => q.id))]));

  const groups = new Map<string, Group>();
  items.forEach((it, i) => {
    const key = `${it.attemptId} ${it.userId} ${it.examId}`;
    const g = groups.get(key);
    if (g) g.all.push(i);
    else groups.set(key, { first: i, all: [i], latest: latestAnswers(it.answers, known.get(it.examId)), rid: newId() });
  });

  const rows: ClaimRow[] = [];
  for (const g of groups.values()) {
    const it = items[g.first]!;
    const row: ClaimRow = {
      id: it.attemptId, user_id: it.userId, exam_id: it.examId, rid: g.rid, at: it.now.toISOString(),
      cutoff: new Date(it.now.getTime() - opts.graceSeconds * 1000).toISOString(),
    };
    const qs = questionsOf.get(it.examId) ?? [];
    if (g.latest === false) {
      row.foreign_question = true;
    } else if (g.latest.size >= qs.length) {
      const s = (g.score = scoreAnswers(qs, g.latest));
      Object.assign(row, {
        score: s.score, total_questions: s.totalQuestions, attempted: s.attempted, answers: encodeResultAnswers(s.answers),
        total_score: s.totalScore, reading_score: s.readingScore, listening_score: s.listeningScore,
      });
    }
    rows.push(row);
  }
  const claimed = new Map((await claim(tx, rows, opts.exclusive === true)).map((c) => [c.result_id, c]));

  // the saved answers of the claimed attempts whose result is not written yet; when the body answers every question
  // and was claimed within the time, the result alone records the final answers (attempt_answers is the draft of a
  // running attempt) and the burst's largest read is skipped
  const stored = (g: Group, c: Claimed) => c.status === 'submitted' && g.score !== undefined;
  const unscored = [...groups.values()].filter((g) => { const c = claimed.get(g.rid); return c && !stored(g, c); });
  const savedOf = unscored.length ? await savedAnswers(tx, unscored.map((g) => items[g.first]!.attemptId)) : new Map<string, Map<string, string>>();

  const outcomes = new Array<Settled<ClosedAttempt>>(items.length);
  const upserts: AnswerRow[] = [];
  const resultRows: ResultRow[] = [];
  const unclaimed: Group[] = [];
  for (const g of groups.values()) {
    const c = claimed.get(g.rid);
    if (!c) { unclaimed.push(g); continue; }
    const it = items[g.first]!;
    let s = g.score;
    if (!stored(g, c)) {
      const saved = savedOf.get(it.attemptId) ?? new Map<string, string>();
      if (c.status === 'submitted' && g.latest) {
        // within the time: the body's answers that changed are saved, then the attempt is scored with them
        const at = it.now.toISOString();
        for (const [q, a] of g.latest) {
          if (saved.get(q) !== a) upserts.push({ attempt_id: it.attemptId, question_id: q, answer: a, at });
          saved.set(q, a);
        }
      }
      s = scoreAnswers(questionsOf.get(it.examId) ?? [], saved);
    }
    const result: Result = {
      id: c.result_id, attemptId: it.attemptId, examId: it.examId, examTitle: c.exam_title, userId: it.userId,
      instituteId: c.institute_id, score: s!.score, totalQuestions: s!.totalQuestions, attempted: s!.attempted,
      answers: s!.answers, createdAt: it.now,
      totalScore: s!.totalScore, readingScore: s!.readingScore, listeningScore: s!.listeningScore,
    };
    if (!stored(g, c)) resultRows.push(resultRow(result));
    for (const i of g.all) outcomes[i] = { ok: true, value: { result, status: c.status, closedNow: true } };
  }
  if (resultRows.length) await storeResults(tx, upserts, resultRows);

  if (unclaimed.length) {
    const found = await notClaimed(tx, unclaimed.map((g) => items[g.first]!.attemptId));
    for (const g of unclaimed) {
      const it = items[g.first]!;
      const a = found.get(it.attemptId);
      let outcome: Settled<ClosedAttempt>;
      if (!a || a.userId !== it.userId || a.examId !== it.examId) outcome = { ok: false, error: httpError(404, NOT_FOUND) };
      else if (a.result) outcome = { ok: true, value: { result: a.result, status: a.status as ClosedAttempt['status'], closedNow: false } };
      else if (g.latest === false) outcome = { ok: false, error: httpError(400, FOREIGN_QUESTION) };
      else outcome = { ok: false, error: httpError(404, NOT_FOUND) };
      for (const i of g.all) outcomes[i] = outcome;
    }
  }
  return outcomes;
}

/** The row of a result. */
const resultRow = (r: Result): ResultRow => ({
  id: r.id, attempt_id: r.attemptId, exam_id: r.examId, exam_title: r.examTitle, user_id: r.userId, institute_id: r.instituteId,
  score: r.score, total_questions: r.totalQuestions, attempted: r.attempted, answers: encodeResultAnswers(r.answers),
  created_at: r.createdAt.toISOString(),
  total_score: r.totalScore, reading_score: r.readingScore, listening_score: r.listeningScore,
});
