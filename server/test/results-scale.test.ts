/**
 * Results on the EPS-TOPIK scale (total out of 200, Reading and Listening out of 100, computed and stored when scored,
 * carried by every result API, backfilled by the migration that adds them) and the exam's review policy (what a finished attempt
 * reveals to its student: score | marks | answers, never the answer keys while the student can start another attempt).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Question, Result, ResultDetail } from 'shared-api/types';
import { attempts, examAccess, exams, results } from '../src/db/schema.ts';
import { scaledScores, scoreAnswers, type ScoredQuestion } from '../src/attempts/close.ts';
import { sweepExpiredAttempts } from '../src/attempts/sweeper.ts';
import { buildTestApp, fixtures, TEST_DIR, todayIn, type FixtureExam, type Person, type TestApp } from './helpers.ts';

let t: TestApp;
let ids: NonNullable<NonNullable<TestApp['seed']>['ids']>;
let f: ReturnType<typeof fixtures>;

before(async () => {
  t = await buildTestApp();
  ids = t.seed!.ids!;
  f = fixtures(t);
});
after(async () => { await t?.close(); });

// ---------- fixtures ----------

/** The student's one access, replaced. */
async function grantAccess(studentId: string, type: string, over: { totalTimes?: number; startTime?: Date; endTime?: Date } = {}) {
  await t.db.delete(examAccess).where(eq(examAccess.userId, studentId));
  await f.access(studentId, type, over);
}

/** A published exam owned by the seeded institute: `reading` questions numbered 1.., `listening` numbered 21.. */
const makeExam = (reading: number, listening: number, reviewPolicy?: string) =>
  f.exam({ owner: ids.institute, type: 'private', reading, listening, reviewPolicy });

const wrong = (answer: string) => String((Number(answer) % 4) + 1);

const api = {
  start: (p: Person, exam: string) => t.app.inject({ method: 'POST', url: `/api/reports/create/${p.id}`, headers: p.h, payload: { exam, user: p.id, institute: null } }),
  submit: (p: Person, exam: string, report: string, answers?: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/results/create/${exam}/${p.id}`, headers: p.h, payload: { report, ...(answers ? { answers } : {}) } }),
  save: (p: Person, attempt: string, answers: unknown) => t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/answers/${p.id}`, headers: p.h, payload: { answers } }),
  mine: (p: Person) => t.app.inject({ url: `/api/results/user/${p.id}`, headers: p.h }),
  detail: (p: Person, resultId: string) => t.app.inject({ url: `/api/results/${resultId}/${p.id}`, headers: p.h }),
  of: (p: Person, id: string) => t.app.inject({ url: `/api/results/of/${id}/${p.id}`, headers: p.h }),
  ofExam: (p: Person, exam: string) => t.app.inject({ url: `/api/results/exam/${exam}/${p.id}`, headers: p.h }),
  day: (p: Person) => t.app.inject({ url: `/api/reports/date/${p.id}?date=${todayIn()}&limit=100`, headers: p.h }),
};

async function started(p: Person, exam: string): Promise<string> {
  const r = await api.start(p, exam);
  assert.equal(r.statusCode, 200, r.body);
  return r.json()._id;
}

/** Starts and submits an attempt with these answers (question id -> answer); the submit's response. */
async function sit(p: Person, exam: FixtureExam, chosen: Map<string, string> = new Map()) {
  const id = await started(p, exam.id);
  const r = await api.submit(p, exam.id, id, [...chosen].map(([question, answer]) => ({ question, answer })));
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as { resultId: string; score: number; totalScore: number; readingScore: number; listeningScore: number };
}

const detail = async (p: Person, resultId: string): Promise<ResultDetail> => {
  const r = await api.detail(p, resultId);
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
};
const hasKeys = (qs: Question[]) => qs.length > 0 && qs.every((q) => 'answer' in q && 'answer_details' in q);
const noKeys = (qs: Question[]) => qs.every((q) => !('answer' in q) && !('answer_details' in q));
const hasMarks = (r: Result) => r.answers.every((a) => typeof a.correct === 'boolean');
const noMarks = (r: Result) => r.answers.every((a) => !('correct' in a));

// ---------- the scale ----------

describe('scores on the EPS-TOPIK scale (pure)', () => {
  const exam40: ScoredQuestion[] = Array.from({ length: 40 }, (_, i) => ({
    id: `q${i + 1}`, questionNumber: i + 1, type: i < 20 ? 'Reading' : 'Listening', answer: String((i % 4) + 1),
  }));
  const all = new Map(exam40.map((q) => [q.id, q.answer]));

  test('nothing answered: 0 everywhere', () => {
    const s = scoreAnswers(exam40, new Map());
    assert.deepEqual([s.score, s.attempted, s.totalScore, s.readingScore, s.listeningScore], [0, 0, 0, 0, 0]);
  });

  test('all correct: 200, 100 and 100', () => {
    const s = scoreAnswers(exam40, all);
    assert.deepEqual([s.score, s.attempted, s.totalScore, s.readingScore, s.listeningScore], [40, 40, 200, 100, 100]);
  });

  test('all answered, all wrong: 0 points, 40 attempted', () => {
    const s = scoreAnswers(exam40, new Map(exam40.map((q) => [q.id, wrong(q.answer)])));
    assert.deepEqual([s.score, s.attempted, s.totalScore], [0, 40, 0]);
  });

  test('one section only: Reading all correct is 100 of 200, Listening 0', () => {
    const s = scoreAnswers(exam40, new Map(exam40.slice(0, 20).map((q) => [q.id, q.answer])));
    assert.deepEqual([s.totalScore, s.readingScore, s.listeningScore], [100, 100, 0]);
    const l = scoreAnswers(exam40, new Map(exam40.slice(20).map((q) => [q.id, q.answer])));
    assert.deepEqual([l.totalScore, l.readingScore, l.listeningScore], [100, 0, 100]);
  });

  test('sections by question number (1-20 Reading, 21-40 Listening); numbers outside both score in neither', () => {
    assert.deepEqual(scaledScores([
      { questionNumber: 1, correct: true }, { questionNumber: 20, correct: true }, { questionNumber: 21, correct: true },
      { questionNumber: 40, correct: true }, { questionNumber: 41, correct: true }, { questionNumber: 0, correct: true },
      { questionNumber: 5, correct: false }, { questionNumber: 30 },
    ]), { totalScore: 20, readingScore: 10, listeningScore: 10 });
    // 13 Reading and 7 Listening correct of a full exam
    const chosen = new Map(exam40.map((q, i) => [q.id, (i < 13 || (i >= 20 && i < 27)) ? q.answer : wrong(q.answer)]));
    const s = scoreAnswers(exam40, chosen);
    assert.deepEqual([s.score, s.totalScore, s.readingScore, s.listeningScore], [20, 100, 65, 35]);
  });
});

describe('scores are computed when scored, stored, and carried by every result API', () => {
  test('full body (scored in the batch), partial body and an expired attempt closed by the sweeper', async () => {
    const exam = await makeExam(20, 20);
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL');
    const reading = exam.questions.filter((q) => q.number <= 20);
    const listening = exam.questions.filter((q) => q.number > 20);

    // every question answered: 12 Reading and 7 Listening right
    const full = new Map<string, string>();
    reading.forEach((q, i) => full.set(q.id, i < 12 ? q.answer : wrong(q.answer)));
    listening.forEach((q, i) => full.set(q.id, i < 7 ? q.answer : wrong(q.answer)));
    const a = await sit(s, exam, full);
    assert.deepEqual([a.score, a.totalScore, a.readingScore, a.listeningScore], [19, 95, 60, 35]);

    // a partial body: 3 Listening right, nothing else
    const b = await sit(s, exam, new Map(listening.slice(0, 3).map((q) => [q.id, q.answer])));
    assert.deepEqual([b.score, b.totalScore, b.readingScore, b.listeningScore], [3, 15, 0, 15]);

    // an attempt left open past its deadline: closed by the sweeper from its saved answers (2 Reading right)
    const open = await started(s, exam.id);
    assert.equal((await api.save(s, open, reading.slice(0, 2).map((q) => ({ question: q.id, answer: q.answer })))).statusCode, 200);
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - (t.config.examGraceSeconds + 5) * 1000) }).where(eq(attempts.id, open));
    await sweepExpiredAttempts(t.db, t.config.examGraceSeconds);
    const [closed] = await t.db.select().from(attempts).where(eq(attempts.id, open));
    assert.equal(closed!.status, 'expired');

    const stored = await t.db.select().from(results).where(eq(results.userId, s.id));
    const byId = new Map(stored.map((r) => [r.id, [r.totalScore, r.readingScore, r.listeningScore]]));
    assert.deepEqual(byId.get(a.resultId), [95, 60, 35]);
    assert.deepEqual(byId.get(b.resultId), [15, 0, 15]);
    assert.deepEqual(byId.get(closed!.resultId!), [10, 10, 0]);

    const figures = (r: Result) => [r.totalScore, r.readingScore, r.listeningScore];
    const expected = new Map([...byId].map(([id, f]) => [id, f]));
    const check = (list: Result[], what: string) => {
      const mine = list.filter((r) => expected.has(r._id));
      assert.equal(mine.length, 3, what);
      for (const r of mine) assert.deepEqual(figures(r), expected.get(r._id), what);
    };
    check((await api.mine(s)).json().results, 'student list');
    check((await api.of(s, s.id)).json(), 'a student reading their own results');
    assert.deepEqual(figures((await detail(s, a.resultId)).result), [95, 60, 35]);
    const inst = await f.as(ids.institute);
    const admin = await f.as(ids.admin);
    check((await api.of(inst, s.id)).json(), 'user detail (institute)');
    check((await api.of(admin, ids.institute)).json(), 'institute results (admin)');
    check((await api.ofExam(inst, exam.id)).json(), 'results of the exam');
    check(((await api.day(admin)).json() as { result: Result | null }[]).flatMap((d) => (d.result ? [d.result] : [])), "today's results");
    assert.deepEqual(figures((await detail(admin, b.resultId)).result), [15, 0, 15]);
  });
});

describe('the migration that adds the scores fills them in for older results', () => {
  test('from compact tuples and from the older objects; a result with no answers scores 0', async () => {
    // the migration that added the columns (whatever number it has after merges) carries the backfill
    const dir = path.join(TEST_DIR, '..', 'drizzle');
    const statements = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))
      .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint'));
    assert.ok(statements.some((s) => /ADD COLUMN "reading_score"/.test(s)));
    const backfill = statements.find((s) => /^\s*UPDATE "results" AS r SET "reading_score"/m.test(s));
    assert.ok(backfill, 'a migration has the backfill');
    const tuples = JSON.stringify([['q1', 1, 'R', '2', 1], ['q2', 2, 'R', '3', 0], ['q3', 21, 'L', '1', 1], ['q4', 40, 'L', '4', 1], ['q5', 41, 'L', '4', 1]]);
    const objects = JSON.stringify([
      { question: 'q1', questionNumber: 20, type: 'Reading', answer: '2', correct: true },
      { question: 'q2', questionNumber: 21, type: 'Listening', answer: '0', correct: false },
    ]);
    const rows = [['old-a', tuples], ['old-b', objects], ['old-c', '[]']] as const;
    for (const [id, answers] of rows) {
      await t.db.execute(sql`insert into results (id, attempt_id, exam_id, exam_title, user_id, score, total_questions, attempted, answers)
        values (${id}, ${`att-${id}`}, 'gone', 'Old', 'nobody', 0, 2, 1, ${answers})`);
    }
    await t.db.execute(sql.raw(backfill!));
    const got = await t.db.select().from(results).where(sql`${results.id} in ('old-a', 'old-b', 'old-c')`);
    const figures = Object.fromEntries(got.map((r) => [r.id, [r.totalScore, r.readingScore, r.listeningScore]]));
    assert.deepEqual(figures, { 'old-a': [15, 5, 10], 'old-b': [5, 5, 0], 'old-c': [0, 0, 0] });
  });
});

// ---------- the review policy ----------

describe('review policy: what a student sees of a finished attempt', () => {
  const inst = () => f.as(ids.institute);
  const adminP = () => f.as(ids.admin);

  test('"Score only": no per-question right or wrong and no answer keys, in the detail and in every list', async () => {
    const exam = await makeExam(3, 2, 'score');
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL-X-TIMES', { totalTimes: 1 }); // no retake: only the policy hides
    const r = await sit(s, exam, new Map([[exam.questions[0]!.id, exam.questions[0]!.answer]]));
    assert.equal(r.totalScore, 5, 'the figures are shown');
    const d = await detail(s, r.resultId);
    assert.deepEqual(d.review, { policy: 'score', shows: 'score', canRetake: false });
    assert.ok(noMarks(d.result) && noKeys(d.questions));
    assert.equal(d.questions.length, 5);
    assert.deepEqual(d.result.answers.map((a) => a.answer), ['1', '0', '0', '0', '0'], 'the student\'s own choices stay');
    assert.deepEqual([d.result.score, d.result.totalScore, d.result.readingScore], [1, 5, 5]);
    assert.ok(!JSON.stringify((await api.detail(s, r.resultId)).json()).includes('"correct"'));
    const listed = ((await api.mine(s)).json().results as Result[]).find((x) => x._id === r.resultId)!;
    assert.ok(noMarks(listed));
    const own = ((await api.of(s, s.id)).json() as Result[]).find((x) => x._id === r.resultId)!;
    assert.ok(noMarks(own));
    // institutes and admins see everything
    for (const who of [await inst(), await adminP()]) {
      const full = await detail(who, r.resultId);
      assert.equal(full.review.shows, 'answers');
      assert.ok(hasMarks(full.result) && hasKeys(full.questions));
      assert.ok(hasMarks(((await api.of(who, s.id)).json() as Result[]).find((x) => x._id === r.resultId)!));
    }
  });

  test('"Which questions were right or wrong": marks, never answer keys', async () => {
    const exam = await makeExam(2, 2, 'marks');
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL-X-TIMES', { totalTimes: 1 });
    const r = await sit(s, exam);
    const d = await detail(s, r.resultId);
    assert.deepEqual(d.review, { policy: 'marks', shows: 'marks', canRetake: false });
    assert.ok(hasMarks(d.result) && noKeys(d.questions));
  });

  test('"The correct answers too": keys once no further attempt is possible; marks until then', async () => {
    const exam = await makeExam(2, 2); // the default
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL-X-TIMES', { totalTimes: 1 });
    const r = await sit(s, exam);
    const d = await detail(s, r.resultId);
    assert.deepEqual(d.review, { policy: 'answers', shows: 'answers', canRetake: false });
    assert.ok(hasMarks(d.result) && hasKeys(d.questions));
    assert.ok(d.questions.every((q) => q.answer_details === `because ${q.answer}`));

    // the access changes so that the student may sit it again: hidden again
    await grantAccess(s.id, 'ALL');
    const again = await detail(s, r.resultId);
    assert.deepEqual(again.review, { policy: 'answers', shows: 'marks', canRetake: true });
    assert.ok(hasMarks(again.result) && noKeys(again.questions));
  });

  test('the attack: an empty attempt, read the answers, start again: no answers while another attempt is possible', async () => {
    const exam = await makeExam(20, 20);
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL-X-TIMES', { totalTimes: 2 });
    const first = await sit(s, exam); // submitted empty
    assert.equal(first.totalScore, 0);
    const d1 = await detail(s, first.resultId);
    assert.equal(d1.review.canRetake, true);
    assert.ok(noKeys(d1.questions), 'no answer key after the empty attempt');
    assert.ok(!JSON.stringify(d1).includes('because'), 'no explanation either');
    // the marks of an empty attempt say nothing about the keys
    assert.ok(d1.result.answers.every((a) => a.answer === '0' && a.correct === false));

    // the second (last) attempt starts: while it runs, the first result still hides the keys
    const second = await started(s, exam.id);
    const d2 = await detail(s, first.resultId);
    assert.equal(d2.review.canRetake, true, 'a running attempt counts');
    assert.ok(noKeys(d2.questions));
    const list = (await api.mine(s)).json().results as Result[];
    assert.ok(!JSON.stringify(list).includes('because'));

    // submitted: no attempt left, now the keys are shown (for both results)
    assert.equal((await api.submit(s, exam.id, second)).statusCode, 200);
    const d3 = await detail(s, first.resultId);
    assert.deepEqual(d3.review, { policy: 'answers', shows: 'answers', canRetake: false });
    assert.ok(hasKeys(d3.questions));
    assert.equal((await api.start(s, exam.id)).statusCode, 403);
  });

  test('unlimited access (ALL): the keys are never shown to the student', async () => {
    const exam = await makeExam(2, 2);
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL');
    const r = await sit(s, exam);
    for (let i = 0; i < 2; i++) {
      const d = await detail(s, r.resultId);
      assert.ok(noKeys(d.questions) && d.review.canRetake);
      await sit(s, exam);
    }
  });

  test('a time frame that has not begun counts as a possible attempt; one that is over does not', async () => {
    const exam = await makeExam(2, 2);
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL');
    const r = await sit(s, exam);
    const day = 24 * 3600 * 1000;
    await grantAccess(s.id, 'TIMEFRAME', { startTime: new Date(Date.now() + day), endTime: new Date(Date.now() + 2 * day) });
    const later = await detail(s, r.resultId);
    assert.equal(later.review.canRetake, true);
    assert.ok(noKeys(later.questions));
    await grantAccess(s.id, 'TIMEFRAME', { startTime: new Date(Date.now() - 2 * day), endTime: new Date(Date.now() - day) });
    const over = await detail(s, r.resultId);
    assert.equal(over.review.canRetake, false);
    assert.ok(hasKeys(over.questions));
  });

  test('the exam hidden or deleted: no further attempt, the policy decides', async () => {
    const exam = await makeExam(2, 2);
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL');
    const r = await sit(s, exam);
    assert.ok(noKeys((await detail(s, r.resultId)).questions));
    await t.db.update(exams).set({ status: 0 }).where(eq(exams.id, exam.id));
    assert.ok(hasKeys((await detail(s, r.resultId)).questions));
    await t.db.update(exams).set({ status: 1, reviewPolicy: 'score', deletedAt: new Date() }).where(eq(exams.id, exam.id));
    const gone = await detail(s, r.resultId);
    assert.deepEqual(gone.review, { policy: 'score', shows: 'score', canRetake: false });
    assert.ok(noMarks(gone.result) && noKeys(gone.questions));
  });

  test('other students and other institutes cannot read the result at all', async () => {
    const exam = await makeExam(1, 1, 'answers');
    const s = await f.person(0, ids.institute);
    await grantAccess(s.id, 'ALL-X-TIMES', { totalTimes: 1 });
    const r = await sit(s, exam);
    const other = await f.person(0, ids.institute);
    const otherInst = await f.person(1, ids.admin, { instituteRole: 1 });
    assert.equal((await api.detail(other, r.resultId)).statusCode, 403);
    assert.equal((await api.detail(otherInst, r.resultId)).statusCode, 403);
    assert.equal((await api.of(other, s.id)).statusCode, 404);
    assert.equal((await api.mine(other)).json().results.length, 0);
  });
});

describe('review policy: set by the exam\'s author', () => {
  const create = (who: Person, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/exams/create/${who.id}`, headers: who.h, payload: { title: 'Policy exam', is_cbt: false, ...body } });
  const update = (who: Person, id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/exams/${id}/${who.id}`, headers: who.h, payload: { title: 'Policy exam', is_cbt: false, ...body } });
  const policyOf = async (id: string) => (await t.db.select().from(exams).where(eq(exams.id, id)))[0]!.reviewPolicy;

  test('default on create; chosen; kept when absent on edit; changed; bad values refused with nothing changed', async () => {
    const inst = await f.as(ids.institute);
    const def = await create(inst, {});
    assert.equal(def.statusCode, 200, def.body);
    assert.equal(def.json().review_policy, 'answers');
    const chosen = await create(inst, { review_policy: 'score' });
    assert.equal(chosen.json().review_policy, 'score');
    const id = chosen.json()._id as string;
    assert.equal((await update(inst, id, {})).json().review_policy, 'score', 'absent: unchanged');
    assert.equal((await update(inst, id, { review_policy: 'marks' })).json().review_policy, 'marks');
    for (const bad of ['answers-when-final', '', 'SCORE', 3, null]) {
      const r = await update(inst, id, { title: 'Renamed', review_policy: bad });
      assert.equal(r.statusCode, 400, JSON.stringify(bad));
      assert.ok(typeof r.json().error === 'string');
    }
    assert.equal(await policyOf(id), 'marks');
    assert.equal((await t.db.select().from(exams).where(eq(exams.id, id)))[0]!.title, 'Policy exam');
    assert.equal((await create(inst, { review_policy: 'all' })).statusCode, 400);
    // every exam JSON carries it
    const list = (await t.app.inject({ url: `/api/exams/admin/${ids.admin}`, headers: (await f.as(ids.admin)).h })).json() as { _id: string; review_policy: string }[];
    assert.equal(list.find((e) => e._id === id)?.review_policy, 'marks');
    // a student cannot set it
    const s = await f.person(0, ids.institute);
    assert.equal((await update(s, id, { review_policy: 'answers' })).statusCode, 403);
    assert.equal(await policyOf(id), 'marks');
  });
});
