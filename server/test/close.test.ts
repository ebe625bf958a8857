/**
 * One close for every caller (src/attempts/close.ts): a submission sent alone (the route), a submission in a batch of
 * many (submitBatch), the expiry sweeper and the lazy close of an autosave that comes too late each close equivalent
 * attempts, and the rows they leave (the attempt's state, its result, its score and its saved answers) are the same.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { attemptAnswers, attempts, results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { HttpError } from '../src/errors.ts';
import { submitBatch, type SubmitItem } from '../src/attempts/batcher.ts';
import { sweepExpiredAttempts } from '../src/attempts/sweeper.ts';
import { buildTestApp, fixtures, type FixtureExam, type Person, type TestApp } from './helpers.ts';

let t: TestApp;
let f: ReturnType<typeof fixtures>;
let exam: FixtureExam;
before(async () => {
  t = await buildTestApp();
  f = fixtures(t);
  // Reading and Listening questions: the scaled scores of both parts are compared too
  exam = await f.exam({ reading: 5, listening: 5 });
});
after(async () => { await t?.close(); });

type Answers = { question: string; answer: string }[];
const wrong = (answer: string) => String((Number(answer) % 4) + 1);
/** The i-th question's answer by a rule: right, wrong or unanswered ('0'). */
const pick = (rule: (i: number) => 'right' | 'wrong' | 'none' | 'skip'): Answers => exam.questions.flatMap((q, i) => {
  const r = rule(i);
  if (r === 'skip') return [];
  return [{ question: q.id, answer: r === 'right' ? q.answer : r === 'wrong' ? wrong(q.answer) : '0' }];
});

/** How one equivalent attempt is set up: what was autosaved, when its time ends, what its submission carries. */
interface Case {
  name: string;
  saved: Answers;
  /** seconds from now to the deadline (negative: past it; past the grace too when below -grace) */
  deadlineIn: () => number;
  body: Answers;
}

const pastGrace = () => -(t.config.examGraceSeconds + 120);
const cases = (): Case[] => [
  {
    name: 'past the grace: closed from the saved answers, the body ignored',
    saved: pick((i) => (i % 3 === 0 ? 'right' : i % 3 === 1 ? 'wrong' : 'none')),
    deadlineIn: pastGrace,
    body: pick(() => 'right'),
  },
  { name: 'past the grace, nothing saved', saved: [], deadlineIn: pastGrace, body: pick((i) => (i < 4 ? 'right' : 'skip')) },
  {
    name: 'within the time, a partial body over the saved answers',
    saved: pick((i) => (i < 6 ? 'right' : 'skip')),
    deadlineIn: () => 3600,
    body: pick((i) => (i === 0 || i === 7 ? 'wrong' : i === 2 ? 'right' : 'skip')),
  },
  { name: 'within the time, a body answering every question', saved: pick((i) => (i % 2 ? 'right' : 'skip')), deadlineIn: () => 3600, body: pick((i) => (i % 3 ? 'right' : 'wrong')) },
  {
    name: 'past the deadline, within the grace: the body still counts',
    saved: pick((i) => (i >= 5 ? 'right' : 'skip')),
    deadlineIn: () => -1,
    body: pick((i) => (i < 3 ? 'right' : i === 9 ? 'none' : 'skip')),
  },
];

/** A running attempt of the student at the exam, `deadlineIn` seconds from now. */
async function attempt(s: Person, deadlineIn: number): Promise<string> {
  const id = newId();
  await t.db.insert(attempts).values({
    id, examId: exam.id, examTitle: 'Close exam', userId: s.user.id, instituteId: s.user.createdBy, status: 'running',
    startedAt: new Date(Date.now() - 3_600_000), deadlineAt: new Date(Date.now() + deadlineIn * 1000),
  });
  return id;
}

const autosave = (s: Person, id: string, answers: Answers) =>
  t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/answers/${s.id}`, headers: s.h, payload: { answers } });
const submit = (s: Person, id: string, answers: Answers) =>
  t.app.inject({ method: 'POST', url: `/api/results/create/${exam.id}/${s.id}`, headers: s.h, payload: { report: id, answers } });

/**
 * The stored rows of a closed attempt, without what differs by nature between two attempts (ids, the student, the
 * moment): the attempt's state, its one result, and every saved answer with who wrote it (the autosave or the close).
 */
async function storedRows(s: Person, id: string) {
  const [a] = await t.db.select().from(attempts).where(eq(attempts.id, id));
  const rs = await t.db.select().from(results).where(eq(results.attemptId, id));
  const saved = await t.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, id));
  assert.ok(a, id);
  assert.equal(rs.length, 1, `one result of ${id}`);
  const r = rs[0]!;
  const { id: resultId, attemptId, userId, instituteId, createdAt, ...figures } = r;
  return {
    attempt: {
      status: a.status,
      resultIsLinked: a.resultId === resultId,
      closedAtResultTime: a.submittedAt?.getTime() === createdAt.getTime(),
    },
    result: {
      ...figures,
      ofTheAttempt: attemptId === id && userId === s.id && instituteId === s.user.createdBy,
    },
    answers: Object.fromEntries(saved.sort((x, y) => (x.questionId < y.questionId ? -1 : 1)).map((row) => [
      row.questionId, { answer: row.answer, writtenByTheClose: row.updatedAt.getTime() === a.submittedAt?.getTime() },
    ])),
  };
}

describe('the single submit, the batched submit, the sweeper and the lazy close store the same rows', () => {
  test('for equivalent attempts in every situation of the clock', async () => {
    const all = cases();
    const overdue = (c: Case) => c.deadlineIn() < -t.config.examGraceSeconds;
    // per case: one attempt per caller (the sweeper and the lazy close only close overdue attempts)
    const made = await Promise.all(all.map(async (c) => {
      const callers = overdue(c) ? ['single', 'batch', 'lazy', 'sweeper'] as const : ['single', 'batch'] as const;
      return Promise.all(callers.map(async (caller) => {
        const s = await f.student();
        const id = await attempt(s, 3600);
        if (c.saved.length) assert.equal((await autosave(s, id, c.saved)).statusCode, 200);
        return { caller, s, id };
      }));
    }));
    // the clock moves for every attempt at once
    for (const [k, c] of all.entries()) {
      for (const m of made[k]!) {
        await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() + c.deadlineIn() * 1000) }).where(eq(attempts.id, m.id));
      }
    }

    // a submission sent alone, through the route
    for (const [k, c] of all.entries()) {
      const m = made[k]!.find((x) => x.caller === 'single')!;
      const r = await submit(m.s, m.id, c.body);
      assert.equal(r.statusCode, 200, `${c.name}: ${r.body}`);
    }

    // one batch with every case's submission, among submissions that fail (someone else's attempt, a foreign question)
    const other = await f.exam({ reading: 1 });
    const stranger = await f.student();
    const now = new Date(Date.now() + 1000);
    const batched: SubmitItem[] = all.map((c, k) => {
      const m = made[k]!.find((x) => x.caller === 'batch')!;
      return { student: m.s.user, examId: exam.id, attemptId: m.id, answers: c.body, now };
    });
    const noise: SubmitItem[] = [
      { student: stranger.user, examId: exam.id, attemptId: batched[0]!.attemptId, answers: [], now },
      { student: stranger.user, examId: exam.id, attemptId: await attempt(stranger, 3600), answers: [{ question: other.questions[0]!.id, answer: '1' }], now },
    ];
    const out = await submitBatch(t.db, t.config, [noise[0]!, ...batched, noise[1]!], { exclusive: t.database.kind === 'pglite' });
    out.slice(1, -1).forEach((o, k) => assert.ok(o.ok, `${all[k]!.name}: ${o.ok ? '' : String(o.error)}`));
    assert.deepEqual([out[0], out.at(-1)].map((o) => (o && !o.ok && o.error instanceof HttpError ? o.error.statusCode : o)), [404, 400]);

    // the lazy close: an autosave past the grace is refused and closes the attempt from what was saved
    for (const [k, c] of all.entries()) {
      const m = made[k]!.find((x) => x.caller === 'lazy');
      if (!m) continue;
      const r = await autosave(m.s, m.id, c.body);
      assert.deepEqual([r.statusCode, r.json()], [409, { error: 'Exam time is over' }], c.name);
    }

    // the sweeper closes the rest of the overdue attempts
    const swept = await sweepExpiredAttempts(t.db, t.config.examGraceSeconds, new Date(Date.now() + 1000));
    assert.equal(swept, all.filter(overdue).length);

    for (const [k, c] of all.entries()) {
      const rows = await Promise.all(made[k]!.map(async (m) => ({ caller: m.caller, rows: await storedRows(m.s, m.id) })));
      const [first, ...rest] = rows;
      assert.equal(first!.rows.attempt.status, overdue(c) ? 'expired' : 'submitted', c.name);
      assert.deepEqual(first!.rows.attempt, { status: first!.rows.attempt.status, resultIsLinked: true, closedAtResultTime: true }, c.name);
      assert.equal(first!.rows.result.ofTheAttempt, true, c.name);
      for (const r of rest) assert.deepEqual(r.rows, first!.rows, `${c.name}: ${r.caller} against ${first!.caller}`);
    }
  });

  test('what the rows say is what each case means (the comparison above is not of empty rows)', async () => {
    const s = await f.student();
    const c = cases()[2]!; // within the time, a partial body over the saved answers
    const id = await attempt(s, 3600);
    await autosave(s, id, c.saved);
    const r = await submit(s, id, c.body);
    assert.equal(r.statusCode, 200, r.body);
    const rows = await storedRows(s, id);
    const final = new Map([...c.saved, ...c.body].map((x) => [x.question, x.answer]));
    const right = exam.questions.filter((q) => final.get(q.id) === q.answer);
    assert.equal(rows.result.score, right.length);
    assert.equal(rows.result.attempted, [...final.values()].filter((a) => a !== '0').length);
    assert.equal(rows.result.readingScore, right.filter((q) => q.type === 'Reading').length * 5);
    assert.equal(rows.result.listeningScore, right.filter((q) => q.type === 'Listening').length * 5);
    assert.deepEqual(Object.fromEntries(Object.entries(rows.answers).map(([q, v]) => [q, v.answer])), Object.fromEntries(final));
    // the body's changes are written by the close; an answer the body repeats keeps its autosave
    const changed = new Set(c.body.filter((b) => c.saved.find((x) => x.question === b.question)?.answer !== b.answer).map((b) => b.question));
    for (const [q, v] of Object.entries(rows.answers)) assert.equal(v.writtenByTheClose, changed.has(q), q);
  });
});
