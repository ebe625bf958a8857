/**
 * The bank's figures (server/src/authoring/bank.ts itemUses) keep each result's scoring by result id: a result deleted
 * after it was read stops counting, a new one counts at once, and a question added to an exam later changes the
 * totals the results are compared with (the kept scoring is per number, the exam's numbers are read each time).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { itemUses } from '../src/authoring/bank.ts';
import { addQuestion, buildWorld, createExam, media, validQuestion, type World } from './authoring-support.ts';

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
