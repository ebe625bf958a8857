/**
 * The bank's figures (server/src/authoring/bank.ts itemUses), kept in the database per exam and number
 * (src/authoring/bank-figures.ts): a result deleted stops counting, a new one counts at once, and a question added to
 * an exam later changes the totals the results are compared with; after results submitted at once through the group
 * commit, searched meanwhile, and after every other change the figures rest on, they equal the figures computed from
 * scratch; two app instances on one PostgreSQL database (TEST_DATABASE_URL) see the same figures.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase, queryRows } from '../src/db/index.ts';
import { questions, results, users } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { seeded } from '../src/random.ts';
import { itemUses } from '../src/authoring/bank.ts';
import { responsesOf, type AnalysedAnswer } from '../src/authoring/item-analysis.ts';
import { correctedPointBiserial } from '../src/authoring/item-statistics.ts';
import { addQuestion, buildWorld, call, createExam, media, validQuestion, type World } from './authoring-support.ts';
import { fixtures, TEST_DATABASE_URL, type FixtureExam, type Person, type TestApp } from './helpers.ts';

let w: World;
let exam: string;
const q: Record<number, string> = {};
let clock = Date.UTC(2026, 1, 1);

async function put(picks: Record<number, string>) {
  const answers = Object.entries(picks).map(([n, answer]) => ({
    question: `q${n}`, questionNumber: Number(n), type: Number(n) > 20 ? 'Listening' : 'Reading', answer, correct: answer === '1',
  }));
  const id = newId();
  await w.t.db.insert(results).values({
    id, attemptId: newId(), examId: exam, examTitle: 'x', userId: w.student.id, instituteId: w.institute.id,
    score: answers.filter((a) => a.correct).length, totalQuestions: 40, attempted: answers.length, answers, createdAt: new Date(clock += 60_000),
  });
  return id;
}

before(async () => {
  w = await buildWorld();
  exam = (await createExam(w.t, w.institute, { title: 'Figures' })).data._id;
  const m = await media(w.t, w.institute, exam);
  for (const n of [1, 2]) q[n] = (await addQuestion(w.t, w.institute, exam, validQuestion(n, m))).data._id;
});
after(async () => { await w?.t.close(); });

test('kept scoring follows deletions, new results and new questions', async () => {
  const figures = async () => itemUses(w.t.db, undefined, [q[1]!, q[2]!, q[3] ?? 'none']);
  const first = await put({ 1: '1', 2: '2', 3: '1' }); // Q3 does not exist yet
  await put({ 1: '2', 2: '1', 3: '1' });
  let f = await figures();
  assert.equal(f.get(q[1]!)!.n, 2);
  assert.equal(f.get(q[1]!)!.facility, 0.5);

  await w.t.db.delete(results).where(eq(results.id, first));
  f = await figures();
  assert.equal(f.get(q[1]!)!.n, 1, 'a deleted result no longer counts');
  assert.equal(f.get(q[1]!)!.facility, 0);
  assert.equal(f.get(q[2]!)!.facility, 1);

  await put({ 1: '1', 2: '1', 3: '2' });
  f = await figures();
  assert.equal(f.get(q[1]!)!.n, 2, 'a new result counts at once');
  assert.equal(f.get(q[1]!)!.facility, 0.5);
  // the rest totals of Q1 over its two results: Q2 right in both (1, 1): constant, so no point-biserial
  assert.equal(f.get(q[1]!)!.pointBiserial, null);

  // Q3 added now: the kept results' answers to 3 count for it and in the totals
  const m = await media(w.t, w.institute, exam);
  q[3] = (await addQuestion(w.t, w.institute, exam, validQuestion(3, m))).data._id;
  f = await figures();
  assert.equal(f.get(q[3]!)!.n, 2);
  assert.equal(f.get(q[3]!)!.facility, 0.5, 'right in the second result, wrong in the third');
  // Q1's rests now Q2 + Q3: (1 + 1, 1 + 0) = (2, 1), x (0, 1): r = -1
  assert.ok(Math.abs(f.get(q[1]!)!.pointBiserial! - -1) < 1e-12);
});

// ---------- the kept figures against the figures computed from scratch ----------

/**
 * Every item's figures from every result and question as they are now, computed the plain way: per exam, each result
 * in scope scored over the exam's existing numbers (responsesOf), each question's 0/1 and the rest of the total.
 */
async function fromScratch(t: TestApp, institute: string | null, items: readonly string[]) {
  const qs = await t.db.select({ examId: questions.examId, n: questions.questionNumber, id: questions.id, itemId: questions.itemId }).from(questions);
  const rs = await t.db.select().from(results);
  const creator = new Map((await t.db.select({ id: users.id, createdBy: users.createdBy }).from(users)).map((u) => [u.id, u.createdBy]));
  const uses = new Map<string, { x: number[]; rest: number[]; last: number }>();
  for (const examId of new Set(qs.map((r) => r.examId))) {
    const held = qs.filter((r) => r.examId === examId && r.n >= 1 && r.n <= 40);
    const numbers = new Set(held.map((r) => r.n));
    const inScope = rs.filter((r) => r.examId === examId && (institute === null || r.instituteId === institute || creator.get(r.userId) === institute));
    for (const r of inScope) {
      const responses = responsesOf(r.answers as unknown as AnalysedAnswer[], numbers);
      const total = [...numbers].filter((n) => responses.get(n)?.correct).length;
      for (const h of held) {
        const x = responses.get(h.n)?.correct ? 1 : 0;
        const u = uses.get(h.itemId ?? h.id) ?? uses.set(h.itemId ?? h.id, { x: [], rest: [], last: 0 }).get(h.itemId ?? h.id)!;
        u.x.push(x);
        u.rest.push(total - x);
        u.last = Math.max(u.last, r.createdAt.getTime());
      }
    }
  }
  return new Map([...uses].filter(([item]) => items.includes(item)).map(([item, u]) => {
    const correct = u.x.reduce((a, b) => a + b, 0);
    return [item, { n: u.x.length, facility: correct / u.x.length, ...correctedPointBiserial(u.x, u.rest), lastUsed: new Date(u.last).toISOString() }];
  }));
}

/** itemUses of every item that has uses, in the form of fromScratch's. */
async function kept(t: TestApp, institute: string | null, items: string[]) {
  const out = new Map<string, unknown>();
  for (const [item, u] of await itemUses(t.db, institute, items)) {
    if (u.n === 0) continue;
    out.set(item, { n: u.n, facility: u.facility, pointBiserial: u.pointBiserial, pointBiserialReason: u.pointBiserialReason, lastUsed: u.lastUsed?.toISOString() });
  }
  return out;
}

const sorted = (m: Map<string, unknown>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));

describe('figures kept between requests', () => {
  let f: ReturnType<typeof fixtures>;
  let a: FixtureExam;
  let b: string;
  let students: Person[];
  const items = () => [...a.questions.map((x) => x.id), 'none'];
  const rand = seeded(38); // the answers of the submissions below, the same every run

  /** The kept figures equal the figures from scratch for an institute, the other institute and the admin. */
  async function agree(t: TestApp, what: string) {
    for (const scope of [w.institute.id, w.other.id, null]) {
      assert.deepEqual(sorted(await kept(t, scope, items())), sorted(await fromScratch(t, scope, items())), `${what}, scope ${scope ?? 'all'}`);
    }
  }

  /** Each student takes `examId` and submits random answers; all at once (one group-commit batch or a few). */
  const sitAll = (t: TestApp, examId: string, who: Person[]) => Promise.all(who.map(async (s) => {
    const start = await t.app.inject({ method: 'POST', url: `/api/reports/create/${s.id}`, headers: s.h, payload: { exam: examId, user: s.id, institute: null } });
    assert.equal(start.statusCode, 200, start.body);
    const qs = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.examId, examId));
    const answers = qs.filter(() => rand() < 0.9).map((x) => ({ question: x.id, answer: String(1 + Math.floor(rand() * 4)) }));
    const r = await t.app.inject({ method: 'POST', url: `/api/results/create/${examId}/${s.id}`, headers: s.h, payload: { report: start.json()._id, answers } });
    assert.equal(r.statusCode, 200, r.body);
  }));

  before(async () => {
    f = fixtures(w.t);
    // exam A (Reading 1-6, Listening 21-24) and exam B holding copies of four of its items at other numbers
    a = await f.exam({ reading: 6, listening: 4 });
    const [bExam] = [await f.exam({ reading: 0 })];
    b = bExam!.id;
    const [src] = await w.t.db.select().from(questions).where(eq(questions.id, a.questions[0]!.id));
    const copy = (from: number, number: number) => ({ ...src!, id: newId(), examId: b, questionNumber: number, itemId: a.questions[from]!.id,
      type: number > 20 ? 'Listening' : 'Reading', answer: a.questions[from]!.answer });
    await w.t.db.insert(questions).values([copy(0, 3), copy(1, 1), copy(2, 2), copy(7, 21)]);
    students = [
      await f.student(w.institute.id), await f.student(w.institute.id), await f.student(w.institute.id),
      await f.student(w.other.id), await f.student(w.other.id),
    ];
  });

  test('results submitted at once, with searches in between, count once each', async () => {
    await Promise.all([
      sitAll(w.t, a.id, students),
      sitAll(w.t, b, students.slice(0, 4)),
      kept(w.t, w.institute.id, items()),
      kept(w.t, null, items()),
    ]);
    await agree(w.t, 'after the submissions');
    await Promise.all([sitAll(w.t, a.id, students.slice(1)), kept(w.t, w.other.id, items())]);
    await agree(w.t, 'after a second round');
    const [queued] = await queryRows<{ n: number | string }>(w.t.db, sql`select count(*) as n from bank_figures_queue`);
    assert.equal(Number(queued!.n), 0, 'a search leaves nothing queued');
  });

  test('a result deleted or changed, a question added, deleted or moved, a student moved, an exam deleted', async () => {
    const [one, two] = await w.t.db.select().from(results).where(eq(results.examId, a.id)).limit(2);
    await w.t.db.delete(results).where(eq(results.id, one!.id));
    await agree(w.t, 'a result deleted');
    // scored again (no route does it; a direct write may): every answer now right
    await w.t.db.update(results).set({ answers: two!.answers.map((x) => ({ ...x, correct: true })) }).where(eq(results.id, two!.id));
    await agree(w.t, 'a result changed');

    // the exam is published and short of 20 + 20: its questions change here by direct writes, as the triggers see any
    const [src] = await w.t.db.select().from(questions).where(eq(questions.id, a.questions[0]!.id));
    await w.t.db.insert(questions).values({ ...src!, id: newId(), questionNumber: 7 });
    await agree(w.t, 'a question added');
    await w.t.db.delete(questions).where(eq(questions.id, a.questions[1]!.id));
    await agree(w.t, 'a question deleted');
    await w.t.db.update(questions).set({ questionNumber: 9 }).where(eq(questions.id, a.questions[2]!.id));
    await agree(w.t, 'a question moved');

    await w.t.db.update(users).set({ createdBy: w.other.id }).where(eq(users.id, students[0]!.id));
    await agree(w.t, 'a student moved to the other institute');

    const deleted = await call(w.t, w.admin, 'DELETE', `exams/${b}/${w.admin.id}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    await agree(w.t, 'an exam deleted');
  });

  test('two app instances on one PostgreSQL database see the same figures', { skip: TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set (needs PostgreSQL)' }, async () => {
    const [{ schema }] = await queryRows<{ schema: string }>(w.t.db, sql`select current_schema() as schema`) as [{ schema: string }];
    const database = await openDatabase({ dataDir: ':memory:', databaseUrl: TEST_DATABASE_URL }, { searchPath: schema, poolMax: 5 });
    const app = await buildApp({ config: w.t.config, database, logger: false });
    await app.ready();
    const second: TestApp = { app, db: database.db, database, config: w.t.config, seed: w.t.seed, close: async () => { await app.close(); await database.close(); } };
    try {
      const bank = (t: TestApp) => call(t, w.admin, 'GET', `questions/bank/${w.admin.id}?limit=100`);
      // results submitted on both at once, then both searched at once
      await Promise.all([sitAll(w.t, a.id, students.slice(0, 3)), sitAll(second, a.id, students.slice(3))]);
      const [onFirst, onSecond] = await Promise.all([bank(w.t), bank(second)]);
      assert.equal(onFirst.statusCode, 200, onFirst.body);
      assert.deepEqual(onSecond.data, onFirst.data);
      await agree(second, 'on the second instance');
      // a question moved on the second: the first sees it at its next search
      await second.db.update(questions).set({ questionNumber: 10 }).where(eq(questions.id, a.questions[3]!.id));
      assert.deepEqual((await bank(w.t)).data, (await bank(second)).data);
      await agree(w.t, 'on the first instance');
    } finally {
      await second.close();
    }
  });
});
