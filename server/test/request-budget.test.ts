/**
 * The per-client request budget (src/request-budget.ts) and what every API response says about caching: one client's
 * flood is answered with 429s and changes nothing, while other users, even behind the same address, go on; a
 * classroom behind one NAT stays within the default budgets; no API response may be kept by a browser's cache.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../src/db/schema.ts';
import { storeMedia } from '../src/media.ts';
import { loadConfig } from '../src/config.ts';
import { REFUSAL_DELAY_MS, perSecond } from '../src/request-budget.ts';
import { hashPassword } from '../src/auth/index.ts';
import { buildTestApp, DEMO_PASSWORD, fixtures, type Person, type TestApp } from './helpers.ts';

const save = (t: TestApp, p: Person, attempt: string, answers: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/answers/${p.id}`, headers: p.h, payload: { answers }, remoteAddress });
const start = async (t: TestApp, p: Person, exam: string) => {
  const r = await t.app.inject({ method: 'POST', url: `/api/reports/create/${p.id}`, headers: p.h, payload: { exam } });
  assert.equal(r.statusCode, 200, r.body);
  return (r.json() as { _id: string })._id;
};

describe('request budget: small budgets, so a test can exceed them', () => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await buildTestApp({ env: { REQUEST_BUDGET: 'on', REQUEST_BUDGET_USER: '20', REQUEST_BUDGET_ADDRESS: '10', REQUEST_BUDGET_FILES: '30' } });
    f = fixtures(t);
  });
  after(async () => { await t?.close(); });

  test('signed out: an address past its budget gets 429 { error } with Retry-After; another address does not', async () => {
    const health = (remoteAddress: string) => t.app.inject({ url: '/api/health', remoteAddress });
    for (let i = 0; i < 10; i++) assert.equal((await health('127.0.0.5')).statusCode, 200);
    const refusedAt = performance.now();
    const r = await health('127.0.0.5');
    assert.equal(r.statusCode, 429);
    // sent late (a client looping on refusals is slowed to one a second per loop), and the other address is not
    assert.ok(performance.now() - refusedAt >= REFUSAL_DELAY_MS - 5, 'the refusal waited');
    assert.match(r.json().error, /^Too many requests\. Please wait \d+ seconds and try again\.$/);
    assert.ok(Number(r.headers['retry-after']) >= 1 && Number(r.headers['retry-after']) <= 60);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal((await health('127.0.0.6')).statusCode, 200, 'another address');
    // a sign-in refused by the budget is not a password check: no failure is counted for it
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: '127.0.0.5', payload: { email: 'student@example.com', password: 'wrong-password' } });
    assert.equal(signin.statusCode, 429);
    assert.deepEqual(await t.db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:127.0.0.5')), []);
  });

  test('signed in: the user is the client, whatever its address; a token that does not verify counts by address', async () => {
    const exam = await f.exam({ reading: 2 });
    const flooder = await f.student();
    const other = await f.student();
    const attempt = await start(t, flooder, exam.id);
    const otherAttempt = await start(t, other, exam.id);
    const q = exam.questions[0]!.id;
    let ok = 1; // the start
    while (ok < 20) {
      assert.equal((await save(t, flooder, attempt, [{ question: q, answer: '1' }], `127.0.1.${ok}`)).statusCode, 200);
      ok++;
    }
    // the 21st request: refused before the handler, so the answer it carries is not written
    const refused = await save(t, flooder, attempt, [{ question: q, answer: '4' }], '127.0.2.1');
    assert.equal(refused.statusCode, 429);
    const running = await t.app.inject({ url: `/api/attempts/running/${exam.id}/${other.id}`, headers: other.h, remoteAddress: '127.0.2.1' });
    assert.equal(running.statusCode, 200, 'another student behind the same address');
    assert.equal((await save(t, other, otherAttempt, [{ question: q, answer: '2' }], '127.0.2.1')).statusCode, 200);
    // a forged token is no user: it counts for its address (and is then refused by the token check)
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ url: `/api/results/user/${flooder.id}`, headers: { authorization: 'Bearer not.a.token' }, remoteAddress: '127.0.3.1' });
      assert.equal(r.statusCode, 401);
    }
    assert.equal((await t.app.inject({ url: `/api/results/user/${flooder.id}`, headers: { authorization: 'Bearer not.a.token' }, remoteAddress: '127.0.3.1' })).statusCode, 429);
  });

  test('files (media, the web apps): their own budget per address, larger than the API\'s', async () => {
    const url = await storeMedia(t.db, Buffer.from('ID3budget-test-bytes'), 'audio/mpeg', 'mp3', null);
    for (let i = 0; i < 30; i++) {
      const r = await t.app.inject({ url, headers: { range: 'bytes=0-3' }, remoteAddress: '127.0.4.1' });
      assert.equal(r.statusCode, 206);
    }
    assert.equal((await t.app.inject({ url, headers: { range: 'bytes=0-3' }, remoteAddress: '127.0.4.1' })).statusCode, 429);
    assert.equal((await t.app.inject({ url: '/api/health', remoteAddress: '127.0.4.1' })).statusCode, 200, 'the API budget is another');
  });
});

describe('request budget: the defaults', () => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await buildTestApp({ env: { REQUEST_BUDGET: 'on' } });
    f = fixtures(t);
  });
  after(async () => { await t?.close(); });

  test('a minute\'s budget is spent no faster than in 10 s (a small one: only the minute counts)', () => {
    assert.deepEqual([600, 1200, 12_000, 20, 10].map(perSecond), [60, 120, 1200, 50, 50]);
  });

  test('config: on unless REQUEST_BUDGET=off; each budget can be set', () => {
    assert.deepEqual(loadConfig({}).requestBudget, { user: 600, address: 1200, files: 12_000 });
    assert.equal(loadConfig({ REQUEST_BUDGET: 'off' }).requestBudget, null);
    assert.deepEqual(loadConfig({ REQUEST_BUDGET_USER: '5', REQUEST_BUDGET_ADDRESS: '6', REQUEST_BUDGET_FILES: '7' }).requestBudget, { user: 5, address: 6, files: 7 });
  });

  test('a classroom of 60 behind one address signs in, starts and answers 40 questions without a 429', async () => {
    const exam = await f.exam({ reading: 20, listening: 20 });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const students = await Promise.all(Array.from({ length: 60 }, () => f.student(undefined, { passwordHash })));
    await Promise.all(students.map(async (s) => {
      const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: '198.51.100.7', payload: { email: s.user.email, password: DEMO_PASSWORD } });
      assert.equal(signin.statusCode, 200, signin.body);
      const attempt = await start(t, s, exam.id);
      // one save per question, as a student who answers one at a time and never waits
      for (const q of exam.questions) assert.equal((await save(t, s, attempt, [{ question: q.id, answer: '1' }], '198.51.100.7')).statusCode, 200);
    }));
  });
});

describe('a flood on a real socket among real traffic', () => {
  let t: TestApp;
  let base: string;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await buildTestApp({ env: { REQUEST_BUDGET: 'on', REQUEST_BUDGET_ADDRESS: '200' } });
    f = fixtures(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(async () => { await t?.close(); });

  test('300 loops of one client get 429s past the budget; 20 students behind the same address save every answer', async () => {
    const exam = await f.exam({ reading: 5 });
    const students = await Promise.all(Array.from({ length: 20 }, () => f.student()));
    const attempts = await Promise.all(students.map((s) => start(t, s, exam.id)));
    const codes = new Map<number, number>();
    // counted, not timed: the flood sends 600 requests (three times the address's budget) however fast this machine
    // answers them, inside one budget window (at most 30 s of the 60 s)
    const until = Date.now() + 30_000;
    let sent = 0;
    const flood = Array.from({ length: 300 }, async () => {
      while (sent < 600 && Date.now() < until) {
        sent += 1;
        const r = await fetch(`${base}/api/health`).catch(() => null);
        if (r) {
          codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
          await r.arrayBuffer();
        }
      }
    });
    const saves = students.map(async (s, i) => {
      for (const q of exam.questions) {
        const r = await fetch(`${base}/api/attempts/${attempts[i]}/answers/${s.id}`, {
          method: 'PUT', headers: { ...s.h, 'content-type': 'application/json' }, body: JSON.stringify({ answers: [{ question: q.id, answer: '3' }] }),
        });
        assert.equal(r.status, 200, await r.text());
      }
    });
    await Promise.all([...flood, ...saves]);
    // the address's budget, no more, and no faster than a tenth of it a second (the flood ran for seconds)
    const served = codes.get(200) ?? 0;
    assert.ok(served >= perSecond(200) && served <= 200, `served ${served}`);
    assert.ok((codes.get(429) ?? 0) > 200, `mostly refused: ${JSON.stringify([...codes])}`);
    assert.deepEqual([...codes.keys()].sort(), [200, 429]);
    for (const [i, s] of students.entries()) {
      const r = await t.app.inject({ url: `/api/attempts/running/${exam.id}/${s.id}`, headers: s.h });
      const answers = (r.json() as { answers?: Record<string, string> }).answers;
      assert.ok(answers && Object.values(answers).filter((a) => a === '3').length === 5, `student ${i}: ${r.body}`);
    }
  });
});

describe('Cache-Control: no API response is kept by a browser', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t?.close(); });

  test('every /api answer (success, refusal, error, not found) carries no-store; media and the apps their own', async () => {
    const f = fixtures(t);
    const s = await f.student();
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: `/api/results/user/${s.id}`, headers: s.h }),
      await t.app.inject({ url: `/api/results/user/${s.id}` }),
      await t.app.inject({ url: `/api/no-such-route/${s.id}`, headers: s.h }),
      await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'x' } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'student@example.com', password: DEMO_PASSWORD } }),
      await t.app.inject({ url: `/api/exams/nothing-here/${s.id}`, headers: s.h }),
    ];
    for (const r of answers) assert.equal(r.headers['cache-control'], 'no-store', `${r.statusCode} ${r.body.slice(0, 80)}`);
    const url = await storeMedia(t.db, Buffer.from('ID3cache-test'), 'audio/mpeg', 'mp3', null);
    assert.equal((await t.app.inject({ url })).headers['cache-control'], 'public, max-age=31536000, immutable');
  });
});
