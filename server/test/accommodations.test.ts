/**
 * Fair delivery (issue 24): a student's extra time (set by the back office, applied to the deadline at Get Started),
 * a TIMEFRAME period never cutting a started attempt short, and the record of leaving the exam (stored with the
 * attempt, shown to institutes and admins only, filterable).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { attemptLeaves, attempts, examAccess } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { sweepExpiredAttempts } from '../src/attempts/sweeper.ts';
import { LEAVES_MAX } from 'shared-api/constants';
import { buildTestApp, fixtures, todayIn, type Person, type TestApp } from './helpers.ts';

let t: TestApp;
let ids: NonNullable<NonNullable<TestApp['seed']>['ids']>;
let f: ReturnType<typeof fixtures>;
const DURATION = 3000;

before(async () => {
  t = await buildTestApp({ configOverrides: { examDurationSeconds: DURATION } });
  ids = t.seed!.ids!;
  f = fixtures(t);
});
after(async () => { await t?.close(); });

const api = {
  setExtra: (by: Person, body: unknown) => t.app.inject({ method: 'PUT', url: `/api/examaccess/extratime/${by.id}`, headers: by.h, payload: body as object }),
  getExtra: (by: Person, studentId?: string) => t.app.inject({ url: `/api/examaccess/extratime/${by.id}${studentId ? `?id=${studentId}` : ''}`, headers: by.h }),
  start: (p: Person, exam: string) => t.app.inject({ method: 'POST', url: `/api/reports/create/${p.id}`, headers: p.h, payload: { exam } }),
  running: (p: Person, exam: string) => t.app.inject({ url: `/api/attempts/running/${exam}/${p.id}`, headers: p.h }),
  save: (p: Person, attempt: string, answers: unknown) => t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/answers/${p.id}`, headers: p.h, payload: { answers } }),
  leaves: (p: Person, attempt: string, body: unknown) => t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/leaves/${p.id}`, headers: p.h, payload: body as object }),
  submit: (p: Person, exam: string, report: string) => t.app.inject({ method: 'POST', url: `/api/results/create/${exam}/${p.id}`, headers: p.h, payload: { report } }),
  result: (p: Person, resultId: string) => t.app.inject({ url: `/api/results/${resultId}/${p.id}`, headers: p.h }),
  myResults: (p: Person) => t.app.inject({ url: `/api/results/user/${p.id}`, headers: p.h }),
  examResults: (p: Person, exam: string, q = '') => t.app.inject({ url: `/api/results/exam/${exam}/${p.id}${q}`, headers: p.h }),
  resultsOf: (p: Person, of: string, q = '') => t.app.inject({ url: `/api/results/of/${of}/${p.id}${q}`, headers: p.h }),
  day: (p: Person, q: string) => t.app.inject({ url: `/api/reports/date/${p.id}${q}`, headers: p.h }),
};

async function startedAttempt(p: Person, exam: string) {
  const r = await api.start(p, exam);
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as { _id: string; startedAt: string; deadlineAt: string };
}
const lengthOf = (a: { startedAt: string; deadlineAt: string }) => (Date.parse(a.deadlineAt) - Date.parse(a.startedAt)) / 1000;

describe('extra time', () => {
  test('an institute sets it for its own student; the deadline at Get Started has it (percent and minutes)', async () => {
    const inst = await f.as(ids.institute);
    const cases: [unknown, number][] = [
      [{ kind: 'percent', value: 25 }, DURATION * 1.25],
      [{ kind: 'percent', value: 50 }, DURATION * 1.5],
      [{ kind: 'percent', value: 100 }, DURATION * 2],
      [{ kind: 'minutes', value: 1 }, DURATION + 60],
      [{ kind: 'minutes', value: 300 }, DURATION + 300 * 60],
      [{ kind: 'none' }, DURATION],
    ];
    for (const [extra, seconds] of cases) {
      const s = await f.student();
      const set = await api.setExtra(inst, { user: s.id, ...(extra as object) });
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(set.json().durationSeconds, DURATION);
      assert.equal(set.json().extraSeconds, seconds - DURATION);
      // the student reads it (the start page), the institute too
      assert.deepEqual((await api.getExtra(s)).json(), set.json());
      assert.deepEqual((await api.getExtra(inst, s.id)).json(), set.json());
      const exam = await f.exam({ reading: 2 });
      const a = await startedAttempt(s, exam.id);
      assert.equal(lengthOf(a), seconds, JSON.stringify(extra));
      // the running exam carries the same deadline (the countdown reads it)
      assert.equal((await api.running(s, exam.id)).json().attempt.deadlineAt, a.deadlineAt);
    }
  });

  test('changing it later does not change a started attempt; none removes it', async () => {
    const inst = await f.as(ids.institute);
    const s = await f.student();
    assert.equal((await api.setExtra(inst, { user: s.id, kind: 'percent', value: 50 })).statusCode, 200);
    const exam = await f.exam({ reading: 2 });
    const a = await startedAttempt(s, exam.id);
    assert.equal((await api.setExtra(inst, { user: s.id, kind: 'none' })).statusCode, 200);
    assert.deepEqual((await api.getExtra(s)).json(), { percent: null, minutes: null, durationSeconds: DURATION, extraSeconds: 0 });
    const resumed = await api.start(s, exam.id);
    assert.equal(resumed.json().resumed, true);
    assert.equal(resumed.json().deadlineAt, a.deadlineAt);
  });

  test('role and ownership: another institute 404, a student 403, an admin any student; the institute itself is not a student', async () => {
    const inst = await f.as(ids.institute);
    const otherInst = await f.person(1, ids.admin);
    const admin = await f.as(ids.admin);
    const s = await f.person(0, ids.institute);
    let r = await api.setExtra(otherInst, { user: s.id, kind: 'percent', value: 25 });
    assert.equal(r.statusCode, 404);
    assert.equal((await api.getExtra(otherInst, s.id)).statusCode, 404);
    r = await api.setExtra(s, { user: s.id, kind: 'percent', value: 25 });
    assert.equal(r.statusCode, 403);
    // another student cannot read it
    const peer = await f.person(0, ids.institute);
    assert.equal((await api.getExtra(peer, s.id)).statusCode, 404);
    assert.equal((await api.getExtra(s)).json().extraSeconds, 0); // nothing was stored by the refused calls
    r = await api.setExtra(admin, { user: s.id, kind: 'minutes', value: 20 });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().extraSeconds, 1200);
    r = await api.setExtra(admin, { user: ids.institute, kind: 'minutes', value: 20 });
    assert.equal(r.statusCode, 400);
    assert.equal((await api.setExtra(inst, { user: newId(), kind: 'minutes', value: 5 })).statusCode, 404);
  });

  test('bad values: 400 { error } and nothing changes', async () => {
    const inst = await f.as(ids.institute);
    const s = await f.person(0, ids.institute);
    assert.equal((await api.setExtra(inst, { user: s.id, kind: 'minutes', value: 30 })).statusCode, 200);
    const bad: unknown[] = [
      { user: s.id, kind: 'percent', value: 30 },
      { user: s.id, kind: 'percent' },
      { user: s.id, kind: 'minutes', value: 0 },
      { user: s.id, kind: 'minutes', value: 301 },
      { user: s.id, kind: 'minutes', value: 1.5 },
      { user: s.id, kind: 'minutes', value: -5 },
      { user: s.id, kind: 'minutes', value: null },
      { user: s.id, kind: 'hours', value: 1 },
      { user: s.id },
      { kind: 'none' },
      { user: s.id, kind: 'minutes', value: 'ten' },
    ];
    for (const body of bad) {
      const r = await api.setExtra(inst, body);
      assert.equal(r.statusCode, 400, JSON.stringify(body));
      assert.equal(typeof r.json().error, 'string');
    }
    assert.equal((await api.getExtra(s)).json().minutes, 30);
  });
});

describe('TIMEFRAME never cuts a started attempt short', () => {
  test('the period ends during the attempt: it keeps its full time (resume, autosave, no sweep) and submits', async () => {
    const s = await f.person(0, ids.institute);
    const now = Date.now();
    await f.access(s.id, 'TIMEFRAME', { startTime: new Date(now - 3600_000), endTime: new Date(now + 60_000) });
    const exam = await f.exam({ reading: 2 });
    const a = await startedAttempt(s, exam.id);
    assert.equal(lengthOf(a), DURATION);
    // the period is over now (as if a minute had passed)
    await t.db.update(examAccess).set({ endTime: new Date(now - 1000) }).where(eq(examAccess.userId, s.id));
    const running = await api.running(s, exam.id);
    assert.equal(running.statusCode, 200);
    assert.equal(running.json().attempt.deadlineAt, a.deadlineAt);
    assert.equal((await api.save(s, a._id, [{ question: exam.questions[0]!.id, answer: '1' }])).statusCode, 200);
    const resumed = await api.start(s, exam.id);
    assert.equal(resumed.statusCode, 200, resumed.body);
    assert.equal(resumed.json().resumed, true);
    assert.equal(resumed.json().deadlineAt, a.deadlineAt);
    // the sweeper closes only attempts past their own deadline
    await sweepExpiredAttempts(t.db, t.config.examGraceSeconds, new Date(now + 120_000));
    assert.equal((await t.db.select().from(attempts).where(eq(attempts.id, a._id)))[0]!.status, 'running');
    const sub = await api.submit(s, exam.id, a._id);
    assert.equal(sub.statusCode, 200, sub.body);
    assert.equal(sub.json().correct, 1);
    // and a new attempt cannot start outside the period
    assert.equal((await api.start(s, exam.id)).statusCode, 403);
  });
});

describe('record of leaving the exam', () => {
  const leave = (id: string, startedAt: Date, durationMs: number, kind = 'hidden') => ({ id, kind, startedAt: startedAt.toISOString(), durationMs });

  test('stored with the attempt, idempotent by id, clamped to the attempt window; shown to the back office only', async () => {
    const s = await f.student();
    const exam = await f.exam({ reading: 2 });
    const a = await startedAttempt(s, exam.id);
    // started ten minutes ago (the records below are in the past)
    const start = Date.now() - 600_000;
    await t.db.update(attempts).set({ startedAt: new Date(start) }).where(eq(attempts.id, a._id));
    let r = await api.leaves(s, a._id, { leaves: [leave('l-1', new Date(start + 1000), 5000), leave('l-2', new Date(start + 10_000), 2500, 'blur')] });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json(), { stored: 2, ignored: 0 });
    // a resend (the answer was lost) and a record from before the start, reaching into the future
    r = await api.leaves(s, a._id, { leaves: [leave('l-1', new Date(start + 1000), 5000), leave('l-3', new Date(start - 60_000), 3_600_000, 'fullscreen')] });
    assert.deepEqual(r.json(), { stored: 1, ignored: 0 });
    const rows = await t.db.select().from(attemptLeaves).where(eq(attemptLeaves.attemptId, a._id));
    assert.equal(rows.length, 3);
    const l3 = rows.find((x) => x.clientId === 'l-3')!;
    assert.equal(l3.startedAt.getTime(), start); // clamped to the start
    assert.ok(l3.durationMs <= Date.now() - start + 5); // and to now
    assert.equal(rows.find((x) => x.clientId === 'l-1')!.durationMs, 5000);

    const sub = await api.submit(s, exam.id, a._id);
    const resultId = sub.json().resultId as string;
    const total = 5000 + 2500 + l3.durationMs;
    // the back office sees how often and how long
    const inst = await f.as(ids.institute);
    const admin = await f.as(ids.admin);
    for (const viewer of [inst, admin]) {
      const d = await api.result(viewer, resultId);
      assert.equal(d.statusCode, 200);
      assert.deepEqual(d.json().result.leaves, { count: 3, ms: total });
    }
    const list = await api.examResults(admin, exam.id);
    assert.deepEqual(list.json()[0].leaves, { count: 3, ms: total });
    assert.deepEqual((await api.resultsOf(inst, s.id)).json()[0].leaves, { count: 3, ms: total });
    const day = todayIn(undefined, new Date(start)); // the day of the attempt's start (the day's list), in the institute's zone
    const dayRow = (await api.day(inst, `?date=${day}&limit=100&search=${s.id}`)).json().find((x: { _id: string }) => x._id === a._id);
    assert.deepEqual(dayRow.result.leaves, { count: 3, ms: total });
    // a student never: not in the result, not in its lists, not in the submit's answer
    assert.ok(!JSON.stringify(sub.json()).includes('leaves'));
    const own = await api.result(s, resultId);
    assert.equal(own.statusCode, 200);
    assert.ok(!('leaves' in own.json().result));
    assert.ok(!JSON.stringify((await api.myResults(s)).json()).includes('leaves'));
    const ownList = await api.resultsOf(s, s.id);
    assert.equal(ownList.statusCode, 200);
    assert.ok(!JSON.stringify(ownList.json()).includes('leaves'));
    assert.ok(!JSON.stringify((await api.running(s, exam.id)).json()).includes('leaves'));
  });

  test('filter: only attempts with records (exam results, a student\'s results, the day), paged', async () => {
    const exam = await f.exam({ reading: 2 });
    const admin = await f.as(ids.admin);
    const inst = await f.as(ids.institute);
    const left: string[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await f.student();
      const a = await startedAttempt(s, exam.id);
      if (i % 2 === 0) {
        assert.equal((await api.leaves(s, a._id, { leaves: [leave(`x${i}`, new Date(Date.parse(a.startedAt)), 100)] })).statusCode, 200);
        left.push(a._id);
      }
      assert.equal((await api.submit(s, exam.id, a._id)).statusCode, 200);
    }
    const all = await api.examResults(admin, exam.id);
    assert.equal(all.json().length, 5);
    const only = await api.examResults(admin, exam.id, '?left=true');
    assert.equal(only.json().length, 3);
    assert.equal(only.headers['x-total-count'], '3');
    assert.ok(only.json().every((r: { leaves: { count: number } }) => r.leaves.count === 1));
    const page2 = await api.examResults(admin, exam.id, '?left=true&limit=2&page=2');
    assert.equal(page2.json().length, 1);
    assert.equal(page2.headers['x-total-count'], '3');
    const inInst = await api.resultsOf(inst, ids.institute, '?left=true&limit=100');
    const mine = inInst.json().filter((r: { exam_id: string }) => r.exam_id === exam.id);
    assert.equal(mine.length, 3);
    const day = todayIn(); // the institute's and admin's zone (Asia/Kathmandu)
    const dayRows = (await api.day(admin, `?date=${day}&left=true&limit=100`)).json() as { _id: string; result: { leaves: { count: number } } | null }[];
    for (const id of left) assert.ok(dayRows.some((r) => r._id === id));
    assert.ok(dayRows.every((r) => r.result === null || r.result.leaves.count > 0));
    const dayAll = (await api.day(admin, `?date=${day}&limit=100`)).json() as { _id: string }[];
    assert.ok(dayAll.length > dayRows.length);
    assert.equal((await api.examResults(admin, exam.id, '?left=maybe')).statusCode, 400);
  });

  test('validation: malformed records 400 and nothing stored; another student 404; after the grace 409', async () => {
    const s = await f.student();
    const exam = await f.exam({ reading: 2 });
    const a = await startedAttempt(s, exam.id);
    const at = new Date(Date.parse(a.startedAt) + 10);
    const bad: unknown[] = [
      {},
      { leaves: 'x' },
      { leaves: [leave('a', at, -1)] },
      { leaves: [leave('a', at, 1.5)] },
      { leaves: [leave('a', at, 25 * 3600 * 1000)] },
      { leaves: [leave('a', at, 10, 'sleep')] },
      { leaves: [{ ...leave('a', at, 10), extra: 1 }] },
      { leaves: [{ id: 'a', kind: 'hidden', durationMs: 10 }] },
      { leaves: [{ ...leave('a', at, 10), startedAt: 'yesterday' }] },
      { leaves: [leave('bad id!', at, 10)] },
      { leaves: [leave('x'.repeat(65), at, 10)] },
      { leaves: Array.from({ length: 101 }, (_, i) => leave(`n${i}`, at, 10)) },
      { leaves: [leave('ok', at, 10), leave('bad', at, -5)] },
    ];
    for (const body of bad) {
      const r = await api.leaves(s, a._id, body);
      assert.equal(r.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(typeof r.json().error, 'string');
    }
    assert.equal((await t.db.select().from(attemptLeaves).where(eq(attemptLeaves.attemptId, a._id))).length, 0);
    const peer = await f.person(0, ids.institute);
    assert.equal((await api.leaves(peer, a._id, { leaves: [leave('p', at, 10)] })).statusCode, 404);
    const inst = await f.as(ids.institute);
    assert.equal((await api.leaves(inst, a._id, { leaves: [leave('p', at, 10)] })).statusCode, 403);
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - (t.config.examGraceSeconds + 5) * 1000) }).where(eq(attempts.id, a._id));
    assert.equal((await api.leaves(s, a._id, { leaves: [leave('late', at, 10)] })).statusCode, 409);
    assert.equal((await t.db.select().from(attemptLeaves).where(eq(attemptLeaves.attemptId, a._id))).length, 0);
  });

  test(`at most ${LEAVES_MAX} records per attempt; the rest are ignored`, async () => {
    const s = await f.student();
    const exam = await f.exam({ reading: 2 });
    const a = await startedAttempt(s, exam.id);
    const at = new Date(Date.parse(a.startedAt));
    let stored = 0;
    let ignored = 0;
    for (let b = 0; b < 6; b++) {
      const r = await api.leaves(s, a._id, { leaves: Array.from({ length: 100 }, (_, i) => leave(`b${b}-${i}`, at, 1)) });
      assert.equal(r.statusCode, 200);
      stored += r.json().stored;
      ignored += r.json().ignored;
    }
    assert.equal(stored, LEAVES_MAX);
    assert.equal(ignored, 600 - LEAVES_MAX);
    assert.equal((await t.db.select().from(attemptLeaves).where(eq(attemptLeaves.attemptId, a._id))).length, LEAVES_MAX);
  });
});
