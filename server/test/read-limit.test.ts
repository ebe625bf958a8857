/**
 * Back-office reads take turns (src/read-limit.ts): however many institutes and admins load the lists that grow with
 * the data at once, the exam's own requests (sign-in, the exam list, starting, autosave, submit) never queue behind
 * them, every list is limited, and a full queue is a 503 { error } with Retry-After rather than a reply minutes later.
 * A probe route registered for the test holds the limiter, so the assertions depend on order, not on timing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, buildTestApp, tokenFor, type TestApp } from './helpers.ts';
import { READ_BUSY_MESSAGE, READ_QUEUE_MAX, WRITES_QUIET_MS, readConcurrency } from '../src/read-limit.ts';
import { attemptBatchers } from '../src/attempts/batcher.ts';

let t: TestApp;
let ids: { admin: string; institute: string; student: string; exam: string };
let tok: { admin: string; institute: string; student: string };
/** the probe's handlers wait for this; release() lets every one that is holding or waiting finish */
let gate: { promise: Promise<void>; release(): void };
const probe = { active: 0, maxActive: 0 };
const cpuReads = { done: 0, savesAnswered: 0 };
const newGate = () => {
  let release!: () => void;
  const promise = new Promise<void>((r) => { release = r; });
  return { promise, release };
};

before(async () => {
  gate = newGate();
  t = await buildTestApp({
    beforeReady: async (app) => {
      app.get('/api/test-probe', { config: { heavyRead: true } }, async () => {
        await gate.promise;
        return { ok: true };
      });
      // counts how many of its handlers run at once; each spans a few turns of the event loop, as a query does
      app.get('/api/test-probe-count', { config: { heavyRead: true } }, async () => {
        probe.active++;
        probe.maxActive = Math.max(probe.maxActive, probe.active);
        for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 1));
        probe.active--;
        return { ok: true };
      });
      // a read as PGlite does one: CPU in this thread, then resolved in microtasks only (no I/O, no timer)
      app.get('/api/test-probe-cpu', { config: { heavyRead: true } }, async () => {
        const until = performance.now() + 2;
        while (performance.now() < until) { /* the query's work */ }
        for (let i = 0; i < 3; i++) await Promise.resolve();
        cpuReads.done++;
        return { ok: true };
      });
      // notes what the exam's writes were doing when the read started
      app.get('/api/test-probe-writes', { config: { heavyRead: true } }, async () => {
        const w = attemptBatchers(app.db, app.database.kind, app.config);
        return { quiet: Math.min(w.save.quietFor(), w.submit.quietFor()), saveBatches: w.save.stats.batches, savesAnswered: cpuReads.savesAnswered };
      });
      // an exam request that is not limited: notes how many CPU reads were done before it was handled
      app.get('/api/test-plain', async () => ({ readsBefore: cpuReads.done }));
    },
  });
  const s = t.seed!.ids!;
  ids = { admin: s.admin, institute: s.institute, student: s.student, exam: s.exam! };
  tok = {
    admin: await tokenFor(t.app, 'admin@example.com'),
    institute: await tokenFor(t.app, 'institute@example.com'),
    student: await tokenFor(t.app, 'student@example.com'),
  };
});
after(async () => { gate?.release(); await t?.close(); });

const call = (method: 'GET' | 'POST' | 'PUT', path: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${path}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as never }) });

/** lets in-flight injected requests run until they block (on the limiter or the gate) */
const settle = async () => { for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r)); };

/** every list that grows with the data, as admin (and two as the institute) */
const lists = () => [
  [`results/of/${ids.institute}/${ids.admin}`, tok.admin], [`results/exam/${ids.exam}/${ids.admin}`, tok.admin],
  [`users/getAllUsers/${ids.admin}`, tok.admin], [`users/getSelfCreatedUsers/${ids.admin}`, tok.admin],
  [`users/noInstitute/${ids.admin}`, tok.admin], [`users/ofInstitute/${ids.institute}/${ids.admin}`, tok.admin],
  [`users/getAllInstitutes/${ids.admin}`, tok.admin], [`reports/date/${ids.admin}?date=2030-02-01`, tok.admin],
  [`reports/getReport/${ids.admin}?startDate=2030-02-01&endDate=2030-02-02`, tok.admin],
  [`questions/summary/${ids.exam}/${ids.admin}`, tok.admin], [`questions/analysis/${ids.exam}/${ids.admin}`, tok.admin],
  [`users/institute/${ids.institute}`, tok.institute], [`results/of/${ids.institute}/${ids.institute}`, tok.institute],
] as const;

describe('back-office reads take turns', () => {
  test('at most readConcurrency() at once; the rest wait their turn and all are answered', async () => {
    const n = readConcurrency(t.database);
    const replies = await Promise.all(Array.from({ length: 30 }, () => call('GET', 'test-probe-count', tok.admin)));
    assert.ok(replies.every((r) => r.statusCode === 200));
    assert.equal(probe.maxActive, n, `${n} at once, never more`);
    // the real lists, many at once, as the back office of a busy platform asks them: all answered
    const lists24 = await Promise.all(Array.from({ length: 24 }, (_, i) => {
      const [path, token] = lists()[i % lists().length]!;
      return call('GET', path, token);
    }));
    for (const r of lists24) assert.equal(r.statusCode, 200, r.body);
    assert.equal(t.app.heavyReads.activeCount + t.app.heavyReads.pendingCount, 0);
  });

  test('while the lists are held up, the exam goes on: sign-in, the exam list, start, load, autosave and submit', async () => {
    gate = newGate();
    const n = readConcurrency(t.database);
    // the probe takes every slot, then each list waits behind it
    const held = Array.from({ length: n }, () => call('GET', 'test-probe', tok.admin));
    await settle();
    let answered = 0;
    const waiting = lists().map(([path, token]) => call('GET', path, token).then((r) => { answered++; return r; }));
    await settle();
    assert.equal(t.app.heavyReads.activeCount, n);
    assert.equal(answered, 0, 'no list is answered while the limiter is held: every one of them is limited');

    assert.equal((await call('GET', 'health')).statusCode, 200);
    const signin = await call('POST', 'auth/signin', undefined, { email: 'student@example.com', password: 'password123' });
    assert.equal(signin.statusCode, 200, signin.body);
    const start = await call('POST', `reports/create/${ids.student}`, tok.student, { exam: ids.exam });
    assert.equal(start.statusCode, 200, start.body);
    const attempt = start.json()._id as string;
    const load = await call('GET', `attempts/running/${ids.exam}/${ids.student}`, tok.student);
    assert.equal(load.statusCode, 200, load.body);
    const answers = (load.json().questions as { _id: string }[]).map((q) => ({ question: q._id, answer: '1' }));
    const save = await call('PUT', `attempts/${attempt}/answers/${ids.student}`, tok.student, { answers: answers.slice(0, 5) });
    assert.equal(save.statusCode, 200, save.body);
    const submit = await call('POST', `results/create/${ids.exam}/${ids.student}`, tok.student, { report: attempt, answers });
    assert.equal(submit.statusCode, 200, submit.body);
    assert.equal(answered, 0, 'the lists still wait');

    gate.release();
    for (const r of await Promise.all([...held, ...waiting])) assert.equal(r.statusCode, 200, r.body);
    // the list read after its turn sees the submission made while it waited
    const mine = await call('GET', `results/of/${ids.student}/${ids.admin}`, tok.admin);
    assert.ok((mine.json() as { _id: string }[]).some((r) => r._id === submit.json().resultId));
  });

  test('reads that never wait for I/O (PGlite) still leave a turn of the event loop to every other request', async (c) => {
    if (readConcurrency(t.database) > 8) return c.skip('a pool this large is never full of these');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    assert.ok(address && typeof address === 'object');
    const base = `http://127.0.0.1:${address.port}/api`;
    const get = (path: string) => fetch(`${base}/${path}`, { headers: bearer(tok.admin) });
    gate = newGate();
    const n = readConcurrency(t.database);
    cpuReads.done = 0;
    // the probe holds every slot while 40 CPU-only reads queue behind it, each on its own connection
    const held = Array.from({ length: n }, () => get('test-probe'));
    const reads = Array.from({ length: 40 }, () => get('test-probe-cpu'));
    for (let i = 0; i < 500 && t.app.heavyReads.pendingCount < 40; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(t.app.heavyReads.pendingCount, 40);
    // the queue starts to drain, and a student's request comes in on a new connection
    gate.release();
    const plain = await get('test-plain');
    assert.equal(plain.status, 200);
    const { readsBefore } = await plain.json() as { readsBefore: number };
    assert.ok(readsBefore < 10, `the request was handled after ${readsBefore} of the 40 queued reads (all of them: starved)`);
    for (const r of await Promise.all([...held, ...reads])) assert.equal(r.status, 200);
    assert.equal(cpuReads.done, 40);
  });

  test('on PGlite a read waits for a lull in the students\' autosaves and submissions', async (c) => {
    if (t.database.raw.kind !== 'pglite') return c.skip('on PostgreSQL reads run in the database server, beside the writes');
    const writes = attemptBatchers(t.app.db, t.database.kind, t.app.config);
    const start = await call('POST', `reports/create/${ids.student}`, tok.student, { exam: ids.exam });
    assert.equal(start.statusCode, 200, start.body);
    const attempt = start.json()._id as string;
    const load = await call('GET', `attempts/running/${ids.exam}/${ids.student}`, tok.student);
    const questions = (load.json().questions as { _id: string }[]).map((q) => q._id);
    const batchesBefore = writes.save.stats.batches;
    cpuReads.savesAnswered = 0;
    const saves = Array.from({ length: 80 }, (_, i) => call('PUT', `attempts/${attempt}/answers/${ids.student}`, tok.student,
      { answers: [{ question: questions[i % questions.length]!, answer: String(1 + (i % 4)) }] })
      .then((r) => { cpuReads.savesAnswered++; return r; }));
    // the autosaves are in the batcher: then a back-office read comes in
    for (let i = 0; i < 1000 && writes.save.quietFor() > 0; i++) await new Promise((r) => setImmediate(r));
    assert.equal(writes.save.quietFor(), 0, 'the autosaves reached the batcher');
    const read = await call('GET', 'test-probe-writes', tok.admin);
    assert.equal(read.statusCode, 200);
    const seen = read.json() as { quiet: number; saveBatches: number; savesAnswered: number };
    assert.ok(seen.saveBatches > batchesBefore, 'the autosaves were written first');
    assert.equal(seen.savesAnswered, 80, 'every autosave was answered before the read started');
    assert.ok(seen.quiet >= WRITES_QUIET_MS, `the read started after a lull of ${WRITES_QUIET_MS} ms (saw ${seen.quiet.toFixed(1)} ms)`);
    for (const r of await Promise.all(saves)) assert.equal(r.statusCode, 200, r.body);
  });

  test(`a full queue (${READ_QUEUE_MAX} waiting) is answered 503 { error } with Retry-After, and the queue drains`, async () => {
    gate = newGate();
    const n = readConcurrency(t.database);
    const queued = Array.from({ length: n + READ_QUEUE_MAX }, () => call('GET', 'test-probe', tok.admin));
    await settle();
    assert.equal(t.app.heavyReads.pendingCount, READ_QUEUE_MAX);
    const busy = await call('GET', `users/getAllUsers/${ids.admin}`, tok.admin);
    assert.equal(busy.statusCode, 503);
    assert.deepEqual(busy.json(), { error: READ_BUSY_MESSAGE });
    assert.equal(busy.headers['retry-after'], '5');
    gate.release();
    const replies = await Promise.all(queued);
    assert.ok(replies.every((r) => r.statusCode === 200));
    assert.equal(t.app.heavyReads.pendingCount, 0);
    assert.equal((await call('GET', `users/getAllUsers/${ids.admin}`, tok.admin)).statusCode, 200);
  });
});
