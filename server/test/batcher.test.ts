/**
 * Group commit (src/attempts/batcher.ts): the queue itself, then submit and autosave batches against the database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): many students in one transaction, an invalid item refused alone,
 * duplicates resolved to one result, a failing transaction rejecting its whole batch with nothing written, and the
 * batched user check of the routes keeping revocation exact.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray, sql } from 'drizzle-orm';
import { attemptAnswers, attempts, examAccess, results, users } from '../src/db/schema.ts';
import { authColumns, cachedAuthUsers, readAuthUsers, type AuthUser, type AuthUserCache } from '../src/auth/index.ts';
import { newId } from '../src/ids.ts';
import { queryRows } from '../src/db/index.ts';
import { HttpError } from '../src/errors.ts';
import {
  attemptBatchers, Batcher, saveBatch, submitBatch, warmUpBatchers, type BatchHooks, type SaveItem, type Settled, type SubmitItem,
} from '../src/attempts/batcher.ts';
import { bearer, buildTestApp, fixtures, type FixtureExam, type Person, type TestApp } from './helpers.ts';

let t: TestApp;
let f: ReturnType<typeof fixtures>;
const clock = () => t.config;

before(async () => { t = await buildTestApp(); f = fixtures(t); });
after(async () => { await t?.close(); });

// ---------- fixtures ----------

/** A running attempt of the student at the exam, `deadlineIn` seconds from now. */
async function attempt(s: Person, e: FixtureExam, deadlineIn = 3600): Promise<string> {
  const id = newId();
  await t.db.insert(attempts).values({
    id, examId: e.id, examTitle: 'Batch exam', userId: s.user.id, instituteId: s.user.createdBy, status: 'running',
    startedAt: new Date(), deadlineAt: new Date(Date.now() + deadlineIn * 1000),
  });
  return id;
}

const attemptRow = async (id: string) => (await t.db.select().from(attempts).where(eq(attempts.id, id)))[0]!;
const resultsOf = async (ids: string[]) => t.db.select().from(results).where(inArray(results.attemptId, ids));
const saved = async (attemptId: string) => Object.fromEntries(
  (await t.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).map((r) => [r.questionId, r.answer]));
const all = (e: FixtureExam, pick: (i: number) => string) => e.questions.map((q, i) => ({ question: q.id, answer: pick(i) }));
const correct = (e: FixtureExam) => all(e, (i) => e.questions[i]!.answer);

function value<O>(o: Settled<O> | undefined): O {
  assert.ok(o?.ok, `expected a value, got ${o && !o.ok ? String(o.error) : 'nothing'}`);
  return o.value;
}
function httpStatus(o: Settled<unknown> | undefined): number | undefined {
  assert.ok(o && !o.ok, 'expected an error');
  return o.error instanceof HttpError ? o.error.statusCode : undefined;
}

// ---------- the queue ----------

describe('Batcher (the queue)', () => {
  test('requests arriving while a batch is written form the next batch; each gets its own outcome, in order', async () => {
    const seen: number[][] = [];
    const b = new Batcher<number, number>(async (items) => {
      seen.push(items);
      await new Promise((r) => setTimeout(r, 20));
      return items.map((i) => (i % 5 === 0 ? { ok: false, error: new Error(`bad ${i}`) } : { ok: true, value: i * 10 }));
    }, { maxBatch: 4, concurrency: 1 });
    const first = b.add(1);
    await new Promise((r) => setImmediate(r)); // the first batch (of 1) is being written
    const rest = Array.from({ length: 9 }, (_, i) => b.add(i + 2));
    const out = await Promise.allSettled([first, ...rest]);
    assert.deepEqual(seen, [[1], [2, 3, 4, 5], [6, 7, 8, 9], [10]]);
    out.forEach((o, i) => {
      const n = i + 1;
      if (n % 5 === 0) assert.equal(o.status === 'rejected' && (o.reason as Error).message, `bad ${n}`);
      else assert.equal(o.status === 'fulfilled' && o.value, n * 10);
    });
    assert.equal(b.stats.largest, 4);
  });

  test('a batch that throws is split: an item that fails alone gets its own error, the others their values', async () => {
    const runs: string[][] = [];
    const b = new Batcher<string, string>(async (items) => {
      runs.push(items);
      if (items.includes('bad')) throw new Error('statement failed');
      return items.map((i) => ({ ok: true, value: i.toUpperCase() }));
    }, { maxBatch: 10, concurrency: 1 });
    const out = await Promise.allSettled(['a', 'b', 'bad', 'c', 'd', 'e'].map((i) => b.add(i)));
    assert.deepEqual(out.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message)),
      ['A', 'B', 'statement failed', 'C', 'D', 'E']);
    assert.deepEqual(runs, [['a', 'b', 'bad', 'c', 'd', 'e'], ['a', 'b', 'bad'], ['a', 'b'], ['bad'], ['c', 'd', 'e']]);
    assert.equal(b.stats.splits, 2);
  });

  test('an error every run repeats (the database is down) rejects every item with it, in about 2n runs; the next batch still runs', async () => {
    let calls = 0;
    let down = true;
    const b = new Batcher<string, string>(async (items) => {
      calls++;
      if (down) throw new Error('connection refused');
      return items.map((i) => ({ ok: true, value: i.toUpperCase() }));
    }, { maxBatch: 10, concurrency: 1 });
    const failed = Promise.allSettled(['a', 'b', 'c', 'd'].map((i) => b.add(i)));
    const out = await failed;
    assert.ok(out.every((o) => o.status === 'rejected' && (o.reason as Error).message === 'connection refused'));
    assert.equal(calls, 7, '4 items: 1 + 2 + 4 runs');
    down = false;
    assert.equal(await b.add('d'), 'D');
  });

  test('at most `concurrency` batches at once', async () => {
    let inFlight = 0;
    let most = 0;
    const b = new Batcher<number, number>(async (items) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight--;
      return items.map((v) => ({ ok: true, value: v }));
    }, { maxBatch: 2, concurrency: 2 });
    const out = await Promise.all(Array.from({ length: 12 }, (_, i) => b.add(i)));
    assert.deepEqual(out, Array.from({ length: 12 }, (_, i) => i));
    assert.equal(most, 2);
  });
});

// ---------- submit ----------

describe('submitBatch', () => {
  test('many students of different exams in one transaction: each scored from its own answers', async () => {
    const e1 = await f.exam({ reading: 4 });
    const e2 = await f.exam({ reading: 6 });
    const items: SubmitItem[] = [];
    const expected: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = await f.student();
      const e = i % 2 ? e2 : e1;
      const id = await attempt(s, e);
      // student i answers the first (i % (n + 1)) questions correctly and the rest wrong
      const k = i % (e.questions.length + 1);
      items.push({ student: s.user, examId: e.id, attemptId: id, answers: all(e, (j) => (j < k ? e.questions[j]!.answer : '0')), now: new Date() });
      expected.push(k);
    }
    // an autosave made earlier is scored together with the body's answers
    await t.db.insert(attemptAnswers).values({ attemptId: items[0]!.attemptId, questionId: e1.questions[3]!.id, answer: e1.questions[3]!.answer });
    items[0]!.answers = [{ question: e1.questions[0]!.id, answer: e1.questions[0]!.answer }];
    expected[0] = 2;

    const out = await submitBatch(t.db, clock(), items);
    const stored = new Map((await resultsOf(items.map((i) => i.attemptId))).map((r) => [r.attemptId, r]));
    items.forEach((it, i) => {
      const r = value(out[i]);
      assert.equal(r.score, expected[i], `item ${i}`);
      assert.equal(r.attemptId, it.attemptId);
      assert.equal(stored.get(it.attemptId)?.id, r.id);
      assert.equal(stored.get(it.attemptId)?.score, expected[i]);
      assert.equal(stored.get(it.attemptId)?.answers.length, (it.examId === e1.id ? e1 : e2).questions.length);
    });
    for (const it of items) {
      const a = await attemptRow(it.attemptId);
      assert.equal(a.status, 'submitted');
      assert.equal(a.resultId, stored.get(it.attemptId)?.id);
    }
    // the body's answers are stored with the autosaved ones
    assert.deepEqual(await saved(items[0]!.attemptId), { [e1.questions[0]!.id]: e1.questions[0]!.answer, [e1.questions[3]!.id]: e1.questions[3]!.answer });
  });

  test('a body that answers every question is scored alone, over different autosaves; a partial one with them', async () => {
    const e = await f.exam({ reading: 4 });
    const [a, b, x] = await Promise.all([f.student(), f.student(), f.student()]);
    const ids = { a: await attempt(a!, e), b: await attempt(b!, e) };
    // both autosaved every question correctly
    for (const id of [ids.a, ids.b]) await t.db.insert(attemptAnswers).values(e.questions.map((q) => ({ attemptId: id, questionId: q.id, answer: q.answer })));
    const wrong = (q: { answer: string }) => String((Number(q.answer) % 4) + 1);
    const out = await submitBatch(t.db, clock(), [
      // a changed every answer before submitting: the body wins
      { student: a!.user, examId: e.id, attemptId: ids.a, answers: e.questions.map((q) => ({ question: q.id, answer: wrong(q) })), now: new Date() },
      // b's partial body is scored with b's autosaves, even with someone else's complete body for b's attempt later in
      // the same batch (refused)
      { student: b!.user, examId: e.id, attemptId: ids.b, answers: [{ question: e.questions[0]!.id, answer: wrong(e.questions[0]!) }], now: new Date() },
      { student: x!.user, examId: e.id, attemptId: ids.b, answers: correct(e), now: new Date() },
    ], { exclusive: t.database.kind === 'pglite' });
    const ra = value(out[0]);
    assert.equal(ra.score, 0);
    assert.deepEqual(ra.answers.map((r) => r.answer), e.questions.map(wrong));
    assert.equal(value(out[1]).score, 3);
    assert.equal(httpStatus(out[2]), 404);
    const stored = new Map((await resultsOf([ids.a, ids.b])).map((r) => [r.attemptId, r]));
    assert.deepEqual(stored.get(ids.a)?.answers, ra.answers);
    assert.deepEqual(stored.get(ids.b)?.answers.map((r) => [r.answer, r.correct]),
      e.questions.map((q, i) => (i === 0 ? [wrong(q), false] : [q.answer, true])));
  });

  const invalidAmongValid = async (options: BatchHooks) => {
    const e = await f.exam({ reading: 4 });
    const other = await f.exam({ reading: 2 });
    const [a, b, c, d, x] = await Promise.all([f.student(), f.student(), f.student(), f.student(), f.student()]);
    const ids = {
      a: await attempt(a!, e), b: await attempt(b!, e), c: await attempt(c!, e), d: await attempt(d!, e, -(t.config.examGraceSeconds + 60)),
    };
    const out = await submitBatch(t.db, clock(), [
      { student: a!.user, examId: e.id, attemptId: ids.a, answers: correct(e), now: new Date() },
      // a question of another exam
      { student: b!.user, examId: e.id, attemptId: ids.b, answers: [...correct(e), { question: other.questions[0]!.id, answer: '1' }], now: new Date() },
      { student: c!.user, examId: e.id, attemptId: ids.c, answers: correct(e), now: new Date() },
      // someone else's attempt
      { student: x!.user, examId: e.id, attemptId: ids.c, answers: correct(e), now: new Date() },
      // past deadline + grace: closed from what was saved, the body's answers ignored
      { student: d!.user, examId: e.id, attemptId: ids.d, answers: correct(e), now: new Date() },
      // unknown attempt
      { student: a!.user, examId: e.id, attemptId: newId(), answers: [], now: new Date() },
    ], options);
    assert.equal(value(out[0]).score, 4);
    assert.equal(httpStatus(out[1]), 400);
    assert.equal(value(out[2]).score, 4);
    assert.equal(httpStatus(out[3]), 404);
    const expired = value(out[4]);
    assert.equal(expired.score, 0);
    assert.equal(expired.attempted, 0);
    assert.equal(httpStatus(out[5]), 404);

    assert.equal((await attemptRow(ids.b)).status, 'running');
    assert.deepEqual(await saved(ids.b), {});
    assert.equal((await resultsOf([ids.b])).length, 0);
    assert.equal((await attemptRow(ids.d)).status, 'expired');
    assert.deepEqual(await saved(ids.d), {});
    // b can still submit correctly afterwards
    const again = await submitBatch(t.db, clock(), [{ student: b!.user, examId: e.id, attemptId: ids.b, answers: correct(e), now: new Date() }], options);
    assert.equal(value(again[0]).score, 4);
  };
  test('an invalid item among valid ones is refused alone (400/404), nothing written for it; an overdue one is closed as expired', async () => {
    await invalidAmongValid({});
  });
  test('the same with the exclusive claim (plain UPDATE, PGlite: one connection, one process)', async (ctx) => {
    if (t.database.kind !== 'pglite') { ctx.skip('PGlite only'); return; }
    await invalidAmongValid({ exclusive: true });
  });

  test('the start-up warm-up runs the batch statements and writes nothing', async () => {
    const e = await f.exam({ reading: 2 });
    const s = await f.student();
    const id = await attempt(s, e);
    const count = async () => (await t.db.select().from(results)).length;
    const before = await count();
    await warmUpBatchers(t.db, t.database.kind);
    await warmUpBatchers(t.db, t.database.kind);
    assert.equal(await count(), before);
    assert.equal((await attemptRow(id)).status, 'running');
    const out = await submitBatch(t.db, clock(), [{ student: s.user, examId: e.id, attemptId: id, answers: correct(e), now: new Date() }],
      { exclusive: t.database.kind === 'pglite' });
    assert.equal(value(out[0]).score, 2);
  });

  test('duplicates in one batch for the same attempt resolve to the same result; a later submit returns it too', async () => {
    const e = await f.exam({ reading: 4 });
    const s = await f.student();
    const id = await attempt(s, e);
    const item = (answers: { question: string; answer: string }[]): SubmitItem => ({ student: s.user, examId: e.id, attemptId: id, answers, now: new Date() });
    const out = await submitBatch(t.db, clock(), [item(correct(e)), item(all(e, () => '0')), item(correct(e))]);
    const [r1, r2, r3] = out.map((o) => value(o));
    assert.equal(r1!.id, r2!.id);
    assert.equal(r1!.id, r3!.id);
    assert.equal(r1!.score, 4);
    assert.equal((await resultsOf([id])).length, 1);
    const later = await submitBatch(t.db, clock(), [item(all(e, () => '1'))]);
    assert.equal(value(later[0]).id, r1!.id);
    assert.equal(value(later[0]).score, 4);
  });

  test('a failing transaction rejects every item of the batch and leaves nothing half-written', async () => {
    const e = await f.exam({ reading: 4 });
    const people = await Promise.all(Array.from({ length: 5 }, () => f.student()));
    const ids = await Promise.all(people.map((p) => attempt(p, e)));
    await expectRejected(submitBatch(t.db, clock(), people.map((p, i) => ({
      student: p.user, examId: e.id, attemptId: ids[i]!, answers: correct(e), now: new Date(),
    })), { beforeCommit: () => { throw new Error('disk full'); } }));
    for (const id of ids) {
      assert.equal((await attemptRow(id)).status, 'running');
      assert.equal((await attemptRow(id)).resultId, null);
      assert.deepEqual(await saved(id), {});
    }
    assert.equal((await resultsOf(ids)).length, 0);

    // through the queue: every request of that batch is rejected
    const b = new Batcher<SubmitItem, unknown>((items) => submitBatch(t.db, clock(), items, { beforeCommit: () => { throw new Error('disk full'); } }), { maxBatch: 50, concurrency: 1 });
    const settled = await Promise.allSettled(people.map((p, i) => b.add({ student: p.user, examId: e.id, attemptId: ids[i]!, answers: correct(e), now: new Date() })));
    assert.ok(settled.every((o) => o.status === 'rejected' && /disk full/.test(String((o.reason as Error).message))));
    assert.equal((await resultsOf(ids)).length, 0);
  });
});

async function expectRejected(p: Promise<unknown>) {
  await assert.rejects(p, /disk full/);
}

// ---------- autosave ----------

describe('saveBatch', () => {
  test('many students in one transaction; one invalid item refused alone; the later save of an attempt wins', async () => {
    const e = await f.exam({ reading: 4 });
    const other = await f.exam({ reading: 2 });
    const people = await Promise.all(Array.from({ length: 10 }, () => f.student()));
    const ids = await Promise.all(people.map((p) => attempt(p, e)));
    const items: SaveItem[] = people.map((p, i) => ({ studentId: p.user.id, attemptId: ids[i]!, answers: [{ question: e.questions[i % 4]!.id, answer: '2' }], now: new Date() }));
    items.push({ studentId: people[1]!.user.id, attemptId: ids[1]!, answers: [{ question: e.questions[1]!.id, answer: '4' }, { question: e.questions[2]!.id, answer: '3' }], now: new Date() });
    items.push({ studentId: people[2]!.user.id, attemptId: ids[2]!, answers: [{ question: e.questions[0]!.id, answer: '1' }, { question: other.questions[0]!.id, answer: '1' }], now: new Date() });
    items.push({ studentId: people[3]!.user.id, attemptId: ids[4]!, answers: [{ question: e.questions[0]!.id, answer: '1' }], now: new Date() });
    const out = await saveBatch(t.db, clock(), items);
    for (let i = 0; i < 10; i++) assert.equal(value(out[i]).saved, 1);
    assert.equal(value(out[10]).saved, 2);
    assert.equal(httpStatus(out[11]), 400);
    assert.equal(httpStatus(out[12]), 404);
    assert.deepEqual(await saved(ids[0]!), { [e.questions[0]!.id]: '2' });
    assert.deepEqual(await saved(ids[1]!), { [e.questions[1]!.id]: '4', [e.questions[2]!.id]: '3' });
    assert.deepEqual(await saved(ids[2]!), { [e.questions[2]!.id]: '2' }); // the invalid item wrote nothing
    assert.deepEqual(await saved(ids[4]!), { [e.questions[0]!.id]: '2' });
  });

  test('past deadline + grace: 409 and the attempt is closed; a failing transaction writes nothing', async () => {
    const e = await f.exam({ reading: 4 });
    const [a, b] = await Promise.all([f.student(), f.student()]);
    const late = await attempt(a!, e, -(t.config.examGraceSeconds + 60));
    const ok = await attempt(b!, e);
    const out = await saveBatch(t.db, clock(), [
      { studentId: a!.user.id, attemptId: late, answers: correct(e), now: new Date() },
      { studentId: b!.user.id, attemptId: ok, answers: correct(e), now: new Date() },
    ]);
    assert.equal(httpStatus(out[0]), 409);
    assert.equal((await attemptRow(late)).status, 'expired');
    assert.equal(value(out[1]).saved, 4);

    const c = await f.student();
    const fresh = await attempt(c, e);
    await expectRejected(saveBatch(t.db, clock(), [
      { studentId: c.user.id, attemptId: fresh, answers: correct(e), now: new Date() },
      { studentId: b!.user.id, attemptId: ok, answers: all(e, () => '0'), now: new Date() },
    ], { beforeCommit: () => { throw new Error('disk full'); } }));
    assert.deepEqual(await saved(fresh), {});
    assert.deepEqual(await saved(ok), Object.fromEntries(correct(e).map((x) => [x.question, x.answer])));
  });
});

// ---------- through HTTP ----------

describe('the routes', () => {
  test('concurrent submissions are grouped; every one is answered with its own result after the commit', async () => {
    const e = await f.exam({ reading: 4 });
    const people = await Promise.all(Array.from({ length: 40 }, () => f.student()));
    const ids = await Promise.all(people.map((p) => attempt(p, e)));
    const b = attemptBatchers(t.db, t.database.kind, t.config).submit;
    const before = { ...b.stats };
    const replies = await Promise.all(people.map((p, i) => t.app.inject({
      method: 'POST', url: `/api/results/create/${e.id}/${p.user.id}`, headers: bearer(p.token),
      payload: { report: ids[i], answers: all(e, (j) => (j <= i % 4 ? e.questions[j]!.answer : '0')) },
    })));
    const stored = new Map((await resultsOf(ids)).map((r) => [r.attemptId, r]));
    replies.forEach((r, i) => {
      assert.equal(r.statusCode, 200, r.body);
      const body = r.json() as { resultId: string; score: number; user_uid: string };
      assert.equal(body.score, (i % 4) + 1);
      assert.equal(body.user_uid, people[i]!.user.userUid);
      assert.equal(stored.get(ids[i]!)?.id, body.resultId);
    });
    assert.equal(b.stats.items - before.items, 40);
    assert.ok(b.stats.batches - before.batches < 40, `40 submissions in ${b.stats.batches - before.batches} batches`);
  });

  test('the batched user read (one JSON text per row) returns exactly what a column select returns', async () => {
    const [a, b] = await Promise.all([f.student(), f.student()]);
    await t.db.update(users).set({ deletedAt: new Date('2026-01-02T03:04:05.678Z'), status: 0, tokenVersion: 3, image: 'é "quoted" \\ \n' })
      .where(eq(users.id, b!.user.id));
    const ids = [a!.user.id, b!.user.id, t.seed!.ids!.admin, newId()];
    const expected = await t.db.select(authColumns).from(users).where(inArray(users.id, ids));
    const got = await readAuthUsers(t.db, ids);
    const byId = (list: AuthUser[]) => [...list].sort((x, y) => (x.id < y.id ? -1 : 1));
    assert.equal(got.length, 3);
    assert.deepStrictEqual(byId(got), byId(expected as AuthUser[]));
    assert.ok(got.every((u) => u.createdAt instanceof Date && !('passwordHash' in u)));
    assert.deepEqual(await readAuthUsers(t.db, []), []);
  });

  test('kept user rows are used while auth_generation is unchanged; every change to users is seen by the next read', async () => {
    const [a, b] = await Promise.all([f.student(), f.student()]);
    const generation = async () => (await queryRows<{ v: string }>(t.db, sql`select value::text as v from auth_generation`))[0]!.v;
    const cache: AuthUserCache = { generation: undefined, rows: new Map() };
    const first = await cachedAuthUsers(t.db, cache, [a!.user.id, b!.user.id, newId()]);
    assert.deepEqual([...first.keys()].sort(), [a!.user.id, b!.user.id].sort());
    assert.equal(cache.generation, await generation());
    assert.equal(cache.rows.size, 2, 'an unknown id is not kept');

    // a change the counter does not see (its trigger disabled for this test only) is not read: the kept row is used
    await t.db.execute(sql`alter table users disable trigger users_auth_generation`);
    try {
      await t.db.update(users).set({ firstName: 'Unseen' }).where(eq(users.id, a!.user.id));
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_auth_generation`);
    }
    assert.equal((await cachedAuthUsers(t.db, cache, [a!.user.id])).get(a!.user.id)?.firstName, a!.user.firstName);

    // a rolled-back change moves nothing
    const g0 = await generation();
    await assert.rejects(t.db.transaction(async (tx) => {
      await tx.update(users).set({ tokenVersion: 99 }).where(eq(users.id, a!.user.id));
      throw new Error('rollback');
    }), /rollback/);
    assert.equal(await generation(), g0);

    // each kind of change bumps the counter in its own transaction; the next read sees the rows as they are now
    await t.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, a!.user.id));
    assert.notEqual(await generation(), g0);
    let now = await cachedAuthUsers(t.db, cache, [a!.user.id, b!.user.id]);
    assert.equal(now.get(a!.user.id)?.tokenVersion, 5);
    assert.equal(now.get(a!.user.id)?.firstName, 'Unseen', 'the kept rows went with the old counter');
    const g1 = await generation();
    const [c] = await Promise.all([f.student()]);
    assert.notEqual(await generation(), g1, 'an insert bumps it');
    const g2 = await generation();
    await t.db.delete(results).where(inArray(results.userId, [b!.user.id]));
    await t.db.delete(attemptAnswers).where(inArray(attemptAnswers.attemptId,
      t.db.select({ id: attempts.id }).from(attempts).where(eq(attempts.userId, b!.user.id))));
    await t.db.delete(attempts).where(eq(attempts.userId, b!.user.id));
    await t.db.delete(examAccess).where(eq(examAccess.userId, b!.user.id));
    await t.db.delete(users).where(eq(users.id, b!.user.id));
    assert.notEqual(await generation(), g2, 'a delete bumps it');
    now = await cachedAuthUsers(t.db, cache, [a!.user.id, b!.user.id, c!.user.id]);
    assert.deepEqual([...now.keys()].sort(), [a!.user.id, c!.user.id].sort());
  });

  test('revocation stays exact with the batched user check: a bumped token_version, a disabled or deleted user get 401', async () => {
    const e = await f.exam({ reading: 2 });
    const [a, b, c, d] = await Promise.all([f.student(), f.student(), f.student(), f.student()]);
    const ids = await Promise.all([a, b, c, d].map((p) => attempt(p!, e)));
    await t.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, a!.user.id));
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, b!.user.id));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, c!.user.id));
    const replies = await Promise.all([a, b, c, d].map((p, i) => t.app.inject({
      method: 'POST', url: `/api/results/create/${e.id}/${p!.user.id}`, headers: bearer(p!.token), payload: { report: ids[i], answers: correct(e) },
    })));
    assert.deepEqual(replies.map((r) => r.statusCode), [401, 401, 401, 200]);
    for (const r of replies.slice(0, 3)) assert.deepEqual(r.json(), { error: 'Unauthorized' });
    assert.equal((await resultsOf(ids.slice(0, 3))).length, 0);
    // autosave too, and a malformed body of a revoked user is still 401 (authentication comes first)
    const save = await t.app.inject({ method: 'PUT', url: `/api/attempts/${ids[0]}/answers/${a!.user.id}`, headers: bearer(a!.token), payload: { answers: 'nope' } });
    assert.equal(save.statusCode, 401);
  });
});

// ---------- isolation: whatever one request carries, it can fail only itself ----------

describe('isolation in group commit', () => {
  /** A raw request: `url` is sent as written (percent-escapes and all), `payload` as JSON text when a string. */
  const send = (method: 'PUT' | 'POST', url: string, token: string, payload: unknown) => t.app.inject({
    method, url, headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

  /**
   * Malformed requests of several kinds, each from a real student of the burst (authenticated, in the same moment as
   * the well-formed ones): NUL and broken UTF-8 in the path, an over-long or non-ASCII id, NUL and an unpaired surrogate
   * in the body, someone else's attempt, an unknown exam.
   */
  function hostile(kind: 'save' | 'submit', s: Person, own: string, other: string, examId: string) {
    const me = s.user.id;
    const body = (answers: string) => kind === 'save' ? `{"answers":${answers}}` : `{"report":"${own}","answers":${answers}}`;
    const path = (id: string) => kind === 'save' ? `/api/attempts/${id}/answers/${me}` : `/api/results/create/${id}/${me}`;
    const method = kind === 'save' ? 'PUT' : 'POST';
    const ok = JSON.stringify([{ question: newId(), answer: '1' }]);
    return [
      send(method, path('%00'), s.token, body('[]')),
      send(method, path(`${own.slice(0, 23)}%00`), s.token, body('[]')),
      send(method, path('%ED%A0%80'), s.token, body('[]')),
      send(method, path('%EF%BC%A1'.repeat(24)), s.token, body('[]')),
      send(method, path('f'.repeat(600)), s.token, body('[]')),
      send(method, path(kind === 'save' ? own : examId), s.token, body('[{"question":"\\u0000","answer":"1"}]')),
      send(method, path(kind === 'save' ? own : examId), s.token, body('[{"question":"\\ud800","answer":"1"}]')),
      send(method, path(kind === 'save' ? own : examId), s.token, kind === 'save' ? `{"answers":[],"x":"\\u0000"}` : `{"report":"${own}\\u0000"}`),
      send(method, path(kind === 'save' ? other : examId), s.token, kind === 'save' ? body('[]') : `{"report":"${other}","answers":[]}`),
      send(method, path(kind === 'save' ? own : newId()), s.token, body(ok)),
    ];
  }

  for (const kind of ['save', 'submit'] as const) {
    test(`a burst of 36 ${kind === 'save' ? 'autosaves' : 'submissions'} mixed with 40 malformed ones: every well-formed one is stored and answered 200`, async () => {
      const e = await f.exam({ reading: 4 });
      const people = await Promise.all(Array.from({ length: 36 }, () => f.student()));
      const ids = await Promise.all(people.map((p) => attempt(p, e)));
      const b = attemptBatchers(t.db, t.database.kind, t.config)[kind];
      const before = { ...b.stats };
      const answersOf = (i: number) => all(e, (j) => (j <= i % 4 ? e.questions[j]!.answer : '0'));
      const good = people.map((p, i) => kind === 'save'
        ? send('PUT', `/api/attempts/${ids[i]}/answers/${p.user.id}`, p.token, { answers: answersOf(i) })
        : send('POST', `/api/results/create/${e.id}/${p.user.id}`, p.token, { report: ids[i], answers: answersOf(i) }));
      // the malformed ones interleaved with the good ones, from 4 of the same students
      const bad = [0, 9, 18, 27].flatMap((i) => hostile(kind, people[i]!, ids[i]!, ids[i + 1]!, e.id));
      const replies = await Promise.all([...good, ...bad]);

      replies.slice(0, good.length).forEach((r, i) => assert.equal(r.statusCode, 200, `well-formed ${kind} ${i}: ${r.body}`));
      replies.slice(good.length).forEach((r, i) => {
        assert.ok(r.statusCode >= 400 && r.statusCode < 500, `malformed ${kind} ${i % 10}: ${r.statusCode} ${r.body}`);
        assert.equal(typeof (r.json() as { error?: unknown }).error, 'string', r.body);
        assert.deepEqual(Object.keys(r.json() as object), ['error'], r.body);
      });
      if (kind === 'save') {
        for (const [i, id] of ids.entries()) {
          assert.deepEqual(await saved(id), Object.fromEntries(answersOf(i).map((a) => [a.question, a.answer])), `autosave ${i} stored`);
        }
      } else {
        const stored = new Map((await resultsOf(ids)).map((r) => [r.attemptId, r]));
        replies.slice(0, good.length).forEach((r, i) => {
          assert.equal(stored.get(ids[i]!)?.id, (r.json() as { resultId: string }).resultId, `result ${i} stored`);
          assert.equal(stored.get(ids[i]!)?.score, (i % 4) + 1);
        });
      }
      assert.ok(b.stats.batches - before.batches < good.length, `grouped: ${b.stats.batches - before.batches} batches`);
    });
  }

  test('a batch whose statement fails is split until the item that fails is alone: every other item is stored', async () => {
    const e = await f.exam({ reading: 4 });
    const people = await Promise.all(Array.from({ length: 30 }, () => f.student()));
    const ids = await Promise.all(people.map((p) => attempt(p, e)));
    const submit = new Batcher<SubmitItem, unknown>((items) => submitBatch(t.db, clock(), items), { maxBatch: 100, concurrency: 1 });
    const save = new Batcher<SaveItem, unknown>((items) => saveBatch(t.db, clock(), items), { maxBatch: 100, concurrency: 1 });
    // items that reach the database unchecked (no route in front): a NUL in an id makes the batch's statement fail
    const poison = (i: number): SubmitItem => ({ student: people[i]!.user, examId: `${e.id}\u0000`, attemptId: `${ids[i]}\u0000`, answers: [], now: new Date() });
    const savePoison = (i: number): SaveItem => ({ studentId: people[i]!.user.id, attemptId: `x\u0000${i}`, answers: [], now: new Date() });
    const saves = await Promise.allSettled([
      ...people.slice(0, 15).map((p, i) => save.add({ studentId: p.user.id, attemptId: ids[i]!, answers: correct(e), now: new Date() })),
      save.add(savePoison(1)), save.add(savePoison(2)),
    ]);
    saves.slice(0, 15).forEach((o, i) => assert.equal(o.status, 'fulfilled', `autosave ${i}: ${o.status === 'rejected' ? String(o.reason) : ''}`));
    assert.ok(saves.slice(15).every((o) => o.status === 'rejected'));
    const out = await Promise.allSettled([
      ...people.map((p, i) => submit.add({ student: p.user, examId: e.id, attemptId: ids[i]!, answers: correct(e), now: new Date() })),
      submit.add(poison(3)), submit.add(poison(17)), submit.add(poison(29)),
    ]);
    out.slice(0, 30).forEach((o, i) => assert.equal(o.status, 'fulfilled', `submit ${i}: ${o.status === 'rejected' ? String(o.reason) : ''}`));
    assert.ok(out.slice(30).every((o) => o.status === 'rejected'));
    assert.equal((await resultsOf(ids)).length, 30);
    assert.ok(submit.stats.splits > 0 && save.stats.splits > 0, 'the failing batches were split');
  });
});
