/**
 * The score per item type: the rule (counts, the type an answer takes, weakest first) and its three readers over HTTP
 * (one result, a student's results, an exam's results), with whose results each may count and the review policy's
 * "score only", which no count may get round.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { questions, results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { itemTypeScores, type ScoredAnswer } from '../src/attempts/item-type-scores.ts';
import { buildWorld, call, createExam, fill, media, type Actor, type World } from './authoring-support.ts';

const answer = (question: string, questionNumber: number, correct: boolean | undefined): ScoredAnswer =>
  ({ question, questionNumber, type: questionNumber > 20 ? 'Listening' : 'Reading', ...(correct === undefined ? {} : { correct }) });

describe('itemTypeScores', () => {
  test('counts each result\'s answers per type: right only when correct is true', () => {
    const typeOf = new Map([['a', 'picture_word'], ['b', 'picture_word'], ['c', 'story']]);
    const scores = itemTypeScores([
      [answer('a', 1, true), answer('b', 2, false), answer('c', 38, true)],
      [answer('a', 1, true), answer('b', 2, undefined), answer('c', 38, false)],
    ], typeOf);
    assert.deepEqual(scores, [
      { itemType: 'picture_word', section: 'Reading', correct: 2, total: 4 },
      { itemType: 'story', section: 'Listening', correct: 1, total: 2 },
    ]);
  });

  test('a question\'s type now, its number\'s when the question is gone, none outside 1-40', () => {
    // 'x' was question 25 (picture to answer in the blueprint) but its author made it 'story'; 'gone' is deleted
    const scores = itemTypeScores([[answer('x', 25, true), answer('gone', 25, false), answer('gone2', 41, true)]], new Map([['x', 'story']]));
    assert.deepEqual(scores, [
      { itemType: 'picture_answer', section: 'Listening', correct: 0, total: 1 },
      { itemType: 'story', section: 'Listening', correct: 1, total: 1 },
    ]);
  });

  test('weakest first: the lowest share right, then more questions, then the blueprint\'s order', () => {
    const set: ScoredAnswer[] = [];
    const typeOf = new Map<string, string>();
    const add = (type: string, n: number, right: number, of: number) => {
      for (let i = 0; i < of; i++) {
        const id = `${type}-${i}`;
        typeOf.set(id, type);
        set.push(answer(id, n, i < right));
      }
    };
    add('story', 38, 3, 4); // 0.75
    add('topic', 15, 1, 2); // 0.5
    add('fill_blank', 5, 2, 4); // 0.5, more questions than topic
    add('related_word', 3, 1, 2); // 0.5, as topic but earlier in the blueprint
    add('picture_answer', 25, 0, 1); // 0
    add('what_you_heard', 21, 2, 2); // 1
    assert.deepEqual(itemTypeScores([set], typeOf).map((s) => s.itemType),
      ['picture_answer', 'fill_blank', 'related_word', 'topic', 'story', 'what_you_heard']);
  });

  test('no results: no rows', () => {
    assert.deepEqual(itemTypeScores([], new Map()), []);
    assert.deepEqual(itemTypeScores([[]], new Map()), []);
  });
});

let w: World;
/** the institute's exams, questions 1, 2 and 21: `marks` (which were right shown), `scoreOnly` ('score') */
let marks: string;
let scoreOnly: string;
const qids = new Map<string, Map<number, string>>();
let clock = Date.UTC(2026, 0, 1);

/** A stored result of `student` on `examId`: `right` lists the question numbers answered correctly (others wrong). */
async function put(examId: string, student: Actor, instituteId: string, right: number[]): Promise<string> {
  const answers = [...qids.get(examId)!].map(([n, id]) => ({
    question: id, questionNumber: n, type: n > 20 ? 'Listening' : 'Reading', answer: right.includes(n) ? '1' : '2', correct: right.includes(n),
  }));
  const id = newId();
  await w.t.db.insert(results).values({
    id, attemptId: newId(), examId, examTitle: 'x', userId: student.id, instituteId, score: right.length,
    totalQuestions: answers.length, attempted: answers.length, answers, createdAt: new Date(clock += 1000),
  });
  return id;
}

const get = (who: Actor, path: string) => call(w.t, who, 'GET', `${path}/${who.id}`);
const rows = (data: { types: { itemType: string; correct: number; total: number }[] }) => data.types.map((t) => `${t.itemType} ${t.correct}/${t.total}`);

describe('item types over HTTP', () => {
  let ownResult: string;
  let scoreOnlyResult: string;
  before(async () => {
    w = await buildWorld();
    marks = (await createExam(w.t, w.institute, { title: 'Marks', review_policy: 'marks' })).data._id;
    scoreOnly = (await createExam(w.t, w.institute, { title: 'Score only', review_policy: 'score' })).data._id;
    for (const exam of [marks, scoreOnly]) {
      await fill(w.t, w.institute, exam, await media(w.t, w.institute, exam), [1, 2, 21]);
      const qs = await w.t.db.select().from(questions).where(eq(questions.examId, exam));
      qids.set(exam, new Map(qs.map((q) => [q.questionNumber, q.id])));
    }
    // question 2 of `marks` is a related-word item now (its number's type is picture to word)
    await w.t.db.update(questions).set({ itemType: 'related_word' }).where(eq(questions.id, qids.get(marks)!.get(2)!));
    ownResult = await put(marks, w.student, w.institute.id, [1, 21]);
    await put(marks, w.student, w.institute.id, [2]);
    scoreOnlyResult = await put(scoreOnly, w.student, w.institute.id, [1, 2]);
    await put(marks, w.otherStudent, w.other.id, [1, 2, 21]);
  });
  after(async () => { await w?.t.close(); });

  test('a student sees its own results per type, weakest first, without the exams that show the score only', async () => {
    const r = await get(w.student, `results/item-types/user/${w.student.id}`);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.data.results, 2);
    assert.equal(r.data.hidden, 1);
    // equal shares and counts: the blueprint's order
    assert.deepEqual(rows(r.data), ['picture_word 1/2', 'related_word 1/2', 'what_you_heard 1/2']);
    assert.deepEqual(r.data.types[1], { itemType: 'related_word', section: 'Reading', correct: 1, total: 2 });
  });

  test('its institute and the admin see every result of the student; another institute and student do not', async () => {
    const inst = await get(w.institute, `results/item-types/user/${w.student.id}`);
    assert.equal(inst.statusCode, 200, inst.body);
    assert.equal(inst.data.results, 3);
    assert.equal(inst.data.hidden, 0);
    // the score-only exam's result (1 and 2 right, both picture to word there; 21 wrong) counts here
    assert.deepEqual(rows(inst.data), ['what_you_heard 1/3', 'related_word 1/2', 'picture_word 3/4']);
    const admin = await get(w.admin, `results/item-types/user/${w.student.id}`);
    assert.deepEqual(admin.data, inst.data);
    for (const who of [w.other, w.otherStudent]) {
      const r = await get(who, `results/item-types/user/${w.student.id}`);
      assert.equal(r.statusCode, 404, r.body);
      assert.deepEqual(r.data, { error: 'User Not Found' });
    }
    // not a student: nothing to count
    assert.equal((await get(w.admin, `results/item-types/user/${w.institute.id}`)).statusCode, 404);
    assert.equal((await get(w.admin, `results/item-types/user/${newId()}`)).statusCode, 404);
    assert.equal((await get(w.admin, 'results/item-types/user/not-an-id')).statusCode, 400);
  });

  test('a student of another institute, and one with no results', async () => {
    const r = await get(w.otherStudent, `results/item-types/user/${w.otherStudent.id}`);
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.data, { types: [{ itemType: 'picture_word', section: 'Reading', correct: 1, total: 1 }, { itemType: 'related_word', section: 'Reading', correct: 1, total: 1 }, { itemType: 'what_you_heard', section: 'Listening', correct: 1, total: 1 }], results: 1, hidden: 0 });
    const none = await get(w.admin, `results/item-types/user/${w.t.seed!.ids!.newStudent}`);
    assert.equal(none.statusCode, 200);
    assert.deepEqual(none.data, { types: [], results: 0, hidden: 0 });
  });

  test('one result carries its own per type, except for a student when the exam shows the score only', async () => {
    const own = await get(w.student, `results/${ownResult}`);
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(own.data.itemTypes.map((t: { itemType: string; correct: number; total: number }) => `${t.itemType} ${t.correct}/${t.total}`),
      ['related_word 0/1', 'picture_word 1/1', 'what_you_heard 1/1']);
    const hidden = await get(w.student, `results/${scoreOnlyResult}`);
    assert.equal(hidden.statusCode, 200);
    assert.equal(hidden.data.review.shows, 'score');
    assert.equal(hidden.data.itemTypes, null);
    const inst = await get(w.institute, `results/${scoreOnlyResult}`);
    assert.equal(inst.data.itemTypes.length, 2);
  });

  test('an exam\'s results per type: the results its results list shows the viewer', async () => {
    const owner = await get(w.institute, `results/item-types/exam/${marks}`);
    assert.equal(owner.statusCode, 200, owner.body);
    assert.equal(owner.data.results, 3, 'the owner sees every result of its exam');
    assert.deepEqual(rows(owner.data), ['picture_word 2/3', 'related_word 2/3', 'what_you_heard 2/3']);
    const admin = await get(w.admin, `results/item-types/exam/${marks}`);
    assert.deepEqual(admin.data, owner.data);
    // another institute cannot open this private exam's results list at all
    const other = await get(w.other, `results/item-types/exam/${marks}`);
    assert.equal(other.statusCode, 404);
    // on the admin's public demo exam an institute sees its own students' results only: none here
    const demo = await get(w.other, `results/item-types/exam/${w.demoExam}`);
    assert.equal(demo.statusCode, 200, demo.body);
    assert.deepEqual(demo.data, { types: [], results: 0, hidden: 0 });
    assert.equal((await get(w.student, `results/item-types/exam/${marks}`)).statusCode, 403);
    assert.equal((await get(w.institute, `results/item-types/exam/${newId()}`)).statusCode, 404);
    assert.equal((await get(w.institute, 'results/item-types/exam/nope')).statusCode, 400);
  });

  test('the path ends with the acting user: another user\'s id is refused', async () => {
    const r = await call(w.t, w.student, 'GET', `results/item-types/user/${w.student.id}/${w.institute.id}`);
    assert.equal(r.statusCode, 403);
    const e = await call(w.t, w.institute, 'GET', `results/item-types/exam/${marks}/${w.admin.id}`);
    assert.equal(e.statusCode, 403);
  });
});
