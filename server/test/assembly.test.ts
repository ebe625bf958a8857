/**
 * Blueprints and "New exam from bank" over HTTP: ownership, the shared rules, the plan of a dry run (nothing written),
 * the hidden exam of copies it creates (publishable, each copy naming its item), seen counts, a short bank.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { EPS_BLUEPRINT } from 'shared-api/item-types';
import { exams, questions, results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { buildWorld, call, createExam, fill, media, range, type World } from './authoring-support.ts';
import { dbFingerprint } from './helpers.ts';

let w: World;
let source: string;
let sourceIds: Map<number, string>;
before(async () => {
  w = await buildWorld();
  source = (await createExam(w.t, w.institute, { title: 'Source' })).data._id;
  await fill(w.t, w.institute, source, await media(w.t, w.institute, source), range(1, 40));
  const qs = await w.t.db.select().from(questions).where(eq(questions.examId, source));
  sourceIds = new Map(qs.map((q) => [q.questionNumber, q.id]));
});
after(async () => { await w?.t.close(); });

const assemble = (who: { id: string; token: string }, body: Record<string, unknown>) => call(w.t, who, 'POST', `exams/assemble/${who.id}`, body);

describe('new exam from bank', () => {
  test('a dry run plans 40 slots from the bank and writes nothing', async () => {
    const before = await dbFingerprint(w.t.db);
    const r = await assemble(w.institute, { title: 'Planned', dryRun: true, seed: 3 });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(await dbFingerprint(w.t.db), before);
    assert.equal(r.data.blueprint.name, 'EPS-TOPIK');
    assert.deepEqual(r.data.unfilled, []);
    assert.equal(r.data.slots.length, 40);
    // one item per type per number here: the types put each item back at its own number's type
    for (const s of r.data.slots) {
      assert.equal(s.itemType, EPS_BLUEPRINT[s.number - 1]);
      assert.equal(EPS_BLUEPRINT[[...sourceIds].find(([, id]) => id === s.item._id)![0] - 1], s.itemType);
      assert.equal(s.item.seen, 0);
      assert.equal(s.item.n, 0);
    }
    assert.equal(new Set(r.data.slots.map((s: { item: { _id: string } }) => s.item._id)).size, 40);
    assert.equal(r.data.forms.disjoint, 1);
    const again = await assemble(w.institute, { title: 'Planned', dryRun: true, seed: 3 });
    assert.deepEqual(again.data, r.data, 'deterministic by seed');
  });

  test('creates a hidden exam of copies naming their items, which publishes', async () => {
    const r = await assemble(w.institute, { title: 'From the bank', seed: 1 });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.data.exam.title, 'From the bank');
    assert.equal(r.data.exam.status, 0);
    const copies = await w.t.db.select().from(questions).where(eq(questions.examId, r.data.exam._id));
    assert.equal(copies.length, 40);
    for (const c of copies) {
      const slot = r.data.plan.slots.find((s: { number: number }) => s.number === c.questionNumber);
      assert.equal(c.itemId, slot.item._id);
      assert.notEqual(c.id, c.itemId);
    }
    const pub = await call(w.t, w.institute, 'PUT', `exams/publish/${r.data.exam._id}/${w.institute.id}`);
    assert.equal(pub.statusCode, 200, pub.body);
    // the bank still has 40 items (copies are not new items)
    const bank = await call(w.t, w.institute, 'GET', `questions/bank/${w.institute.id}?limit=100`);
    assert.equal(bank.data.length, 40);
  });

  test('counts the students who have seen each item', async () => {
    await w.t.db.insert(results).values({
      id: newId(), attemptId: newId(), examId: source, examTitle: 'Source', userId: w.student.id, instituteId: w.institute.id, score: 1,
      totalQuestions: 40, attempted: 1, answers: [{ question: 'x', questionNumber: 1, type: 'Reading', answer: '1', correct: true }],
      createdAt: new Date(Date.UTC(2026, 0, 5)),
    });
    const r = await assemble(w.institute, { title: 'Seen', dryRun: true });
    const slot1 = r.data.slots.find((s: { item: { _id: string } }) => s.item._id === sourceIds.get(1));
    assert.deepEqual([slot1.item.seen, slot1.item.n, slot1.item.p], [1, 1, 1]);
    assert.ok(r.data.slots.every((s: { item: { seen: number } }) => s.item.seen === 1));
  });

  test('a short bank is reported slot by slot; only institutes that may add exams', async () => {
    const exam = (await createExam(w.t, w.other, { title: 'Tiny' })).data._id;
    await fill(w.t, w.other, exam, await media(w.t, w.other, exam), [1]);
    const r = await assemble(w.other, { title: 'Short', dryRun: true });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.data.unfilled.length, 39);
    assert.deepEqual(r.data.unfilled[0], { number: 2, itemType: 'picture_word', reason: 'Every item of this type is already used (1 in the bank, 2 needed)' });
    assert.equal(r.data.unfilled[1].reason, 'No item of this type in the bank');
    assert.equal(r.data.forms.disjoint, 0);
    assert.equal((await assemble(w.noAdd, { title: 'No', dryRun: true })).statusCode, 403);
    assert.equal((await assemble(w.student, { title: 'No', dryRun: true })).statusCode, 403);
    for (const bad of [{ dryRun: true }, { title: 'x', target: 2 }, { title: 'x', seed: -1 }, { title: 'x', blueprint: 'nope' }, { title: 'x', extra: 1 }]) {
      const before = await dbFingerprint(w.t.db);
      const res = await assemble(w.institute, bad);
      assert.equal(res.statusCode, 400, JSON.stringify(bad));
      assert.equal(typeof res.data.error, 'string');
      assert.equal(await dbFingerprint(w.t.db), before);
    }
  });

  test('blueprints: the shared rules, the owner only', async () => {
    const mine = [...EPS_BLUEPRINT];
    mine[0] = 'related_word';
    const bad = [...EPS_BLUEPRINT];
    bad[0] = 'story'; // a Listening type at number 1
    const refused = await call(w.t, w.institute, 'POST', `exams/blueprints/create/${w.institute.id}`, { name: 'Bad', slots: bad });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.data.error, 'A blueprint gives each of the 40 numbers an item type of its section');
    assert.equal((await call(w.t, w.institute, 'POST', `exams/blueprints/create/${w.institute.id}`, { name: ' ', slots: mine })).statusCode, 400);
    const made = await call(w.t, w.institute, 'POST', `exams/blueprints/create/${w.institute.id}`, { name: 'Two related', slots: mine });
    assert.equal(made.statusCode, 200, made.body);
    const list = await call(w.t, w.institute, 'GET', `exams/blueprints/${w.institute.id}`);
    assert.deepEqual(list.data.map((b: { name: string }) => b.name), ['EPS-TOPIK', 'Two related']);
    assert.deepEqual((await call(w.t, w.other, 'GET', `exams/blueprints/${w.other.id}`)).data.map((b: { name: string }) => b.name), ['EPS-TOPIK']);
    assert.equal((await call(w.t, w.other, 'PUT', `exams/blueprints/${made.data._id}/${w.other.id}`, { name: 'Mine now', slots: mine })).statusCode, 404);
    assert.equal((await call(w.t, w.other, 'DELETE', `exams/blueprints/${made.data._id}/${w.other.id}`)).statusCode, 404);
    assert.equal((await assemble(w.other, { title: 'x', blueprint: made.data._id, dryRun: true })).statusCode, 404);

    const plan = await assemble(w.institute, { title: 'By mine', blueprint: made.data._id, dryRun: true });
    assert.equal(plan.data.blueprint.name, 'Two related');
    assert.deepEqual(plan.data.unfilled.map((u: { number: number }) => u.number), [4], 'related_word: 2 items for 3 slots (1, 3, 4), filled in order');
    const renamed = await call(w.t, w.institute, 'PUT', `exams/blueprints/${made.data._id}/${w.institute.id}`, { name: 'Renamed', slots: EPS_BLUEPRINT });
    assert.equal(renamed.statusCode, 200);
    assert.equal((await call(w.t, w.institute, 'DELETE', `exams/blueprints/${made.data._id}/${w.institute.id}`)).statusCode, 200);
    assert.equal((await w.t.db.select().from(exams).where(eq(exams.title, 'By mine'))).length, 0);
  });
});
