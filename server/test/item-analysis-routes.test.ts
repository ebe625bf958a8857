/**
 * Question Summary with item analysis over HTTP: whose results the figures rest on (an institute its own students',
 * also on its own exam; an admin all or one institute's), the ?institute choice and its bad input, and roles.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { buildWorld, call, createExam, fill, media, type Actor, type World } from './authoring-support.ts';

let w: World;
let own: string; // an exam of the institute, 2 questions (1 and 21)
before(async () => {
  w = await buildWorld();
  own = (await createExam(w.t, w.institute, { title: 'Own exam' })).data._id;
  await fill(w.t, w.institute, own, await media(w.t, w.institute, own), [1, 21]);
});
after(async () => { await w?.t.close(); });

let clock = Date.UTC(2026, 0, 1);
/** A stored result; `picks` maps question number to the chosen option, `key` to the correct one. */
async function put(examId: string, student: Actor, instituteId: string, picks: Record<number, string>, key: Record<number, string>) {
  const answers = Object.entries(picks).map(([n, answer]) => ({
    question: `q${n}`, questionNumber: Number(n), type: Number(n) > 20 ? 'Listening' : 'Reading', answer, correct: answer === key[Number(n)],
  }));
  await w.t.db.insert(results).values({
    id: newId(), attemptId: newId(), examId, examTitle: 'x', userId: student.id, instituteId, score: answers.filter((a) => a.correct).length,
    totalQuestions: 40, attempted: answers.filter((a) => a.answer !== '0').length, answers, createdAt: new Date(clock += 1000),
  });
}

const analysis = (who: Actor, examId: string, query = '') => call(w.t, who, 'GET', `questions/analysis/${examId}/${who.id}${query}`);

describe('item analysis routes', () => {
  // the demo (mini) exam: Q1 key '1', Q21 key '2'; the institute's student 3 results, the other institute's 2
  const key = { 1: '1', 21: '2' };
  before(async () => {
    await put(w.demoExam, w.student, w.institute.id, { 1: '1', 21: '2' }, key); // 2
    await put(w.demoExam, w.student, w.institute.id, { 1: '1', 21: '3' }, key); // 1
    await put(w.demoExam, w.student, w.institute.id, { 1: '4', 21: '0' }, key); // 0
    await put(w.demoExam, w.otherStudent, w.other.id, { 1: '2', 21: '2' }, key); // 1
    await put(w.demoExam, w.otherStudent, w.other.id, { 1: '2', 21: '2' }, key); // 1
  });

  test('an institute sees the figures of its own students only', async () => {
    const r = await analysis(w.institute, w.demoExam);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.data.results, 3);
    assert.equal(r.data.institute, w.institute.id);
    assert.equal(r.data.note, 'Based on 3 results; figures under 30 results are unreliable');
    const q1 = r.data.questions[0];
    // Q1: right, right, wrong -> p = 2/3; totals 2, 1, 0; Q1 rest (Q21) = 1, 0, 0 -> r = (3·1 - 2·1)/sqrt((6-4)(3-1)) = 0.5
    assert.equal(q1.facility, 2 / 3);
    assert.equal(q1.pointBiserial, 0.5);
    assert.equal(q1.discrimination, 1, 'g = ceil(0.81) = 1: upper (total 2) right, lower (total 0) wrong');
    assert.deepEqual(q1.distractors.map((d: { count: number }) => d.count), [2, 0, 0, 1, 0]);
    // exam: totals 2, 1, 0: mean 1, σ² = 2/3; Σpq = 2/3·1/3 + 1/3·2/3 = 4/9; KR-20 = 2·(1 - (4/9)/(2/3)) = 2/3
    assert.equal(r.data.exam.mean, 1);
    assert.ok(Math.abs(r.data.exam.sd - Math.sqrt(2 / 3)) < 1e-12);
    assert.ok(Math.abs(r.data.exam.kr20 - 2 / 3) < 1e-12);
    assert.deepEqual(r.data.sections.map((s: { label: string; questions: number; results: number }) => [s.label, s.questions, s.results]),
      [['Reading', 1, 3], ['Listening', 1, 3]]);
    assert.equal(r.data.questions[20].unanswered, 1);
    const same = await analysis(w.institute, w.demoExam, `?institute=${w.institute.id}`);
    assert.equal(same.data.results, 3, 'naming itself is allowed');
  });

  test('an admin sees all students, or one institute\'s', async () => {
    const all = await analysis(w.admin, w.demoExam);
    assert.equal(all.statusCode, 200);
    assert.equal(all.data.results, 5);
    assert.equal(all.data.institute, null);
    assert.equal(all.data.questions[0].correct, 2);
    const other = await analysis(w.admin, w.demoExam, `?institute=${w.other.id}`);
    assert.equal(other.data.results, 2);
    assert.equal(other.data.institute, w.other.id);
    assert.equal(other.data.questions[0].facility, 0);
    assert.deepEqual(other.data.questions[0].flags.map((f: { code: string }) => f.code), ['hard', 'weak-distractor']);
    assert.equal(other.data.questions[20].facility, 1);
    assert.equal(other.data.questions[20].pointBiserialReason, 'Every result answered it correctly (no variance)');
    assert.equal(other.data.exam.kr20, null);
    const inst = await analysis(w.admin, w.demoExam, `?institute=${w.institute.id}`);
    assert.equal(inst.data.results, 3);
    assert.equal(inst.data.questions[0].pointBiserial, 0.5);
    const none = await analysis(w.admin, w.demoExam, `?institute=${w.noAdd.id}`);
    assert.equal(none.data.results, 0);
    assert.equal(none.data.note, 'No results yet');
  });

  test('bad ?institute: 400 with a message; another institute\'s: 403', async () => {
    for (const q of ['?institute=nope', '?institute=', `?institute=${'x'.repeat(500)}`, `?institute=${newId()}`, `?institute=${w.student.id}`, `?institute=${w.admin.id}`]) {
      const r = await analysis(w.admin, w.demoExam, q);
      assert.equal(r.statusCode, 400, q);
      assert.equal(typeof r.data.error, 'string', q);
    }
    assert.equal((await analysis(w.admin, w.demoExam, `?institute=${newId()}`)).data.error, 'Institute not found');
    const r = await analysis(w.institute, w.demoExam, `?institute=${w.other.id}`);
    assert.equal(r.statusCode, 403);
    assert.equal(r.data.error, 'Institutes see only their own students\' results');
    const s = await call(w.t, w.institute, 'GET', `questions/summary/${w.demoExam}/${w.institute.id}?institute=${w.other.id}`);
    assert.equal(s.statusCode, 403, 'the original summary route takes the same choice');
  });

  test('students may not read it; nobody reads an exam they cannot see', async () => {
    assert.equal((await analysis(w.student, w.demoExam)).statusCode, 403);
    assert.equal((await call(w.t, w.student, 'GET', `questions/summary/${w.demoExam}/${w.student.id}`)).statusCode, 403);
    assert.equal((await analysis(w.other, own)).statusCode, 404, 'a private exam of another institute');
    assert.equal((await analysis(w.institute, newId())).statusCode, 404);
    assert.equal((await call(w.t, w.institute, 'GET', `questions/analysis/${w.demoExam}/${w.admin.id}`)).statusCode, 403, 'someone else\'s path');
  });

  test('on its own exam an institute still sees only its own students; the admin sees every result', async () => {
    const ownKey = { 1: '1', 21: '1' };
    await put(own, w.student, w.institute.id, { 1: '1', 21: '1' }, ownKey);
    await put(own, w.otherStudent, w.other.id, { 1: '3', 21: '0' }, ownKey);
    const mine = await analysis(w.institute, own);
    assert.equal(mine.data.results, 1);
    assert.equal(mine.data.note, 'Based on 1 result; figures under 30 results are unreliable');
    assert.equal(mine.data.questions[0].discriminationReason, 'Needs at least 2 results');
    assert.equal((await analysis(w.admin, own)).data.results, 2);
    // the original route: the rows alone (an array of 40), with the new fields
    const rows = await call(w.t, w.institute, 'GET', `questions/summary/${own}/${w.institute.id}`);
    assert.equal(rows.data.length, 40);
    assert.equal(rows.data[0].answered, 1);
    assert.equal(rows.data[0].facility, 1);
    assert.equal(rows.data[1].exists, false);
  });
});
