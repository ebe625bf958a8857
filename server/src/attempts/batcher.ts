/**
 * Group commit for the two hot writes of an exam: submit and autosave.
 *
 * Requests that arrive while a batch is being written wait in a queue; each tick takes up to `maxBatch` of them and
 * writes them in ONE transaction with set-based SQL (a handful of statements per batch instead of per request), then
 * settles each request with its own outcome. A request is answered only after the transaction holding its data has
 * committed (durability unchanged); if that transaction fails, every request of the batch fails and nothing of it is
 * written.
 *
 * A submit batch is closeAttempts (close.ts) over the batch's submissions: it settles every item itself (404, 400, the
 * result already written), so a submission has one path. An autosave batch writes the common, valid case; anything
 * else (a question that is not of the exam, an attempt that is not the caller's, closed or past its time) is answered
 * by the one-request autosave in attempts.ts AFTER the batch has committed, so its errors and the lazy close behave
 * as for a single request. Several processes may batch at once: the claim is atomic, so each attempt is closed
 * exactly once; locks are taken in id order (no deadlock between batches), and a batch that still loses a deadlock or
 * a serialization check is retried whole.
 *
 * The queue holds only requests in flight in this process: nothing another process needs.
 */
import { sql } from 'drizzle-orm';
import { jsonb as json, queryRows, type Db, type Executor } from '../db/index.ts';
import type { Result } from '../db/schema.ts';
import type { Config } from '../config.ts';
import type { AuthUser } from '../auth/index.ts';
import { closeAttempts, isOverdue, warmUpClose } from './close.ts';
import { answerRows, examQuestions, inLockOrder, latestAnswers, upsertAnswers, type AnswerInput, type AnswerRow } from './answers.ts';
import { saveAnswers } from './attempts.ts';

type Clock = Pick<Config, 'examDurationSeconds' | 'examGraceSeconds'>;

export { Batcher, batchLogger, type Settled, type BatchInfo, type BatcherOptions, type BatcherStats } from '../batcher.ts';
import { Batcher, batchLogger, type BatcherOptions, type Settled } from '../batcher.ts';

// ---------------------------------------------------------------------------------------------------------------
// helpers

const settle = async <O>(fn: () => Promise<O>): Promise<Settled<O>> => {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
};

function errorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Runs a batch transaction; a deadlock or serialization failure (another process) rolls it back: run it again. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = errorCode(err);
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

/** Options of a batch write. */
export interface BatchHooks {
  /** test hook: called inside the batch transaction after all writes, before COMMIT */
  beforeCommit?: (tx: Executor) => Promise<void> | void;
  /**
   * The database has ONE connection used by this process only (PGlite: one connection, one process per data
   * directory): no other transaction can run while the batch does, so the claim needs no explicitly ordered row locks
   * (a plain UPDATE, cheaper). Never set it on PostgreSQL, where other processes and pooled connections write too.
   */
  exclusive?: boolean;
}

/**
 * Runs the statements of a submit batch once on no rows (close.ts, warmUpClose): the first submission after start-up
 * does not pay for parsing and planning them. Called at start-up; errors are the caller's to log (the server works
 * without it).
 */
export const warmUpBatchers = (db: Db, kind: 'pglite' | 'postgres'): Promise<void> => warmUpClose(db, kind === 'pglite');

// ---------------------------------------------------------------------------------------------------------------
// submit

export interface SubmitItem {
  student: AuthUser;
  examId: string;
  attemptId: string;
  answers?: AnswerInput[];
  /** when the request arrived: the deadline + grace rule is applied at this time */
  now: Date;
}

/**
 * Submits a batch in ONE transaction: closeAttempts (close.ts) over its items, each settled with its own outcome (its
 * result, the result it already had, 404 or 400); the hooks' beforeCommit runs last, then COMMIT.
 */
export async function submitBatch(db: Db, clock: Clock, items: SubmitItem[], hooks: BatchHooks = {}): Promise<Settled<Result>[]> {
  const closed = await withRetry(() => db.transaction(async (tx) => {
    const out = await closeAttempts(tx, items.map((it) => ({
      attemptId: it.attemptId, userId: it.student.id, examId: it.examId, now: it.now, answers: it.answers,
    })), { graceSeconds: clock.examGraceSeconds, exclusive: hooks.exclusive === true });
    await hooks.beforeCommit?.(tx);
    return out;
  }));
  return closed.map((o) => (o.ok ? { ok: true, value: o.value.result } : o));
}

// ---------------------------------------------------------------------------------------------------------------
// autosave

export interface SaveItem {
  studentId: string;
  attemptId: string;
  answers: AnswerInput[];
  now: Date;
}

export interface SaveReply { saved: number; serverNow: string; deadlineAt: string }

/**
 * Autosaves a batch in ONE transaction: the attempts locked FOR SHARE in id order (one SELECT; a submit claiming one
 * of them waits for this commit, as before), the questions of their exams (one SELECT), each item validated BEFORE any
 * write, then ONE upsert of every valid item's answers (one row per attempt and question: a later request of the same
 * attempt wins). Items whose attempt is not the caller's, closed or past deadline + grace, or with a foreign question
 * are answered after the commit by the one-request path (404 / 409 with the lazy close / 400, nothing written).
 */
export async function saveBatch(db: Db, clock: Clock, items: SaveItem[], hooks: BatchHooks = {}): Promise<Settled<SaveReply>[]> {
  const outcomes = new Array<Settled<SaveReply> | undefined>(items.length);
  const fallback: number[] = [];
  const written = await withRetry(() => db.transaction(async (tx) => {
    fallback.length = 0;
    const ids = [...new Set(items.map((i) => i.attemptId))].sort();
    const locked = await queryRows<{ id: string; user_id: string; exam_id: string; status: string; deadline_at: Date | string }>(tx, sql`
      select id, user_id, exam_id, status, deadline_at from attempts
       where id in (select jsonb_array_elements_text(${json(ids)}))
       order by id
       for share`);
    const byId = new Map(locked.map((a) => [a.id, { ...a, deadline_at: new Date(a.deadline_at) }]));
    const open = items.map((it) => {
      const a = byId.get(it.attemptId);
      return a && a.user_id === it.studentId && a.status === 'running' && !isOverdue({ deadlineAt: a.deadline_at }, it.now, clock.examGraceSeconds)
        ? a : undefined;
    });
    const questionsOf = await examQuestions(tx, [...new Set(open.filter((a) => a).map((a) => a!.exam_id))]);
    const known = new Map([...questionsOf].map(([exam, qs]) => [exam, new Set(qs.map((q) => q.id))]));

    const rows = new Map<string, AnswerRow>();
    const replies: { i: number; reply: SaveReply }[] = [];
    items.forEach((it, i) => {
      const a = open[i];
      const latest = a && latestAnswers(it.answers, known.get(a.exam_id));
      if (!a || !latest) { fallback.push(i); return; }
      const at = it.now.toISOString();
      for (const [q, ans] of latest) rows.set(`${a.id} ${q}`, { attempt_id: a.id, question_id: q, answer: ans, at });
      replies.push({ i, reply: { saved: latest.size, serverNow: at, deadlineAt: a.deadline_at.toISOString() } });
    });
    if (rows.size) await tx.execute(upsertAnswers(answerRows(inLockOrder([...rows.values()]))));
    await hooks.beforeCommit?.(tx);
    return replies;
  }));

  for (const { i, reply } of written) outcomes[i] = { ok: true, value: reply };
  await Promise.all(fallback.map(async (i) => {
    const it = items[i]!;
    outcomes[i] = await settle(() => saveAnswers(db, clock, it.studentId, it.attemptId, it.answers, it.now));
  }));
  return outcomes.map((o) => o ?? { ok: false, error: new Error('item left unsettled') });
}

// ---------------------------------------------------------------------------------------------------------------
// one pair of batchers per database handle

export interface AttemptBatchers {
  submit: Batcher<SubmitItem, Result>;
  save: Batcher<SaveItem, SaveReply>;
}

const byDb = new WeakMap<Db, AttemptBatchers>();

/**
 * Default sizes. PGlite: one batch at a time (one connection), up to 200 items (its statements run on this thread: a
 * longer batch holds back the HTTP work of the requests waiting for the next one). PostgreSQL: 3 at a time, up to 500
 * items (the statements run in the database server; fewer, larger batches save round trips: measured 0.5x -> 0.8x
 * the raw insert rate in `npm run bench`).
 */
export function batchOptions(kind: 'pglite' | 'postgres'): BatcherOptions {
  return kind === 'pglite' ? { maxBatch: 200, concurrency: 1 } : { maxBatch: 500, concurrency: 3 };
}

export function attemptBatchers(db: Db, kind: 'pglite' | 'postgres', clock: Clock): AttemptBatchers {
  let b = byDb.get(db);
  if (!b) {
    const opts = batchOptions(kind);
    b = {
      submit: new Batcher((items) => submitBatch(db, clock, items, { exclusive: kind === 'pglite' }), { ...opts, onBatch: batchLogger('submit') }),
      save: new Batcher((items) => saveBatch(db, clock, items), { ...opts, onBatch: batchLogger('save') }),
    };
    byDb.set(db, b);
  }
  return b;
}
