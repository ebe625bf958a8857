/**
 * The question bank over HTTP (docs/question-bank.md): whose items and whose results, paging, search (Korean text),
 * the filters, figures gathered across every exam holding a copy of an item, and "Add from bank" (copy semantics,
 * ownership, free number in the item's section, nothing written on a refusal).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER } from 'shared-api/constants';
import { questions, results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { addQuestion, buildWorld, call, createExam, media, validQuestion, type Actor, type World } from './authoring-support.ts';
import { dbFingerprint } from './helpers.ts';

let w: World;
let m: { image: string; audio: string };
let examA: string; // the institute's: Q1 (사과), Q2 (학교), Q21
let examC: string; // the institute's: empty until items are copied in
let examD: string; // the institute's: Q22, never sat
let otherExam: string; // the other institute's: Q1 (사과)
const q: Record<string, string> = {};

let clock = Date.UTC(2026, 0, 10);
/** A stored result of `examId`; `picks`: number -> option ('1' is every key here). */
async function put(examId: string, student: Actor, instituteId: string, picks: Record<number, string>) {
  const answers = Object.entries(picks).map(([n, answer]) => ({
    question: `q${n}`, questionNumber: Number(n), type: Number(n) > 20 ? 'Listening' : 'Reading', answer, correct: answer === '1',
  }));
  await w.t.db.insert(results).values({
    id: newId(), attemptId: newId(), examId, examTitle: 'x', userId: student.id, instituteId, score: answers.filter((a) => a.correct).length,
    totalQuestions: 40, attempted: answers.length, answers, createdAt: new Date(clock += 60_000),
  });
}

const bank = (who: Actor, query = '') => call(w.t, who, 'GET', `questions/bank/${who.id}${query}`);
const copy = (who: Actor, body: Record<string, unknown>) => call(w.t, who, 'POST', `questions/bank/copy/${who.id}`, body);
const headings = (r: { data: { question: { main_heading: string } }[] }) => r.data.map((i) => i.question.main_heading).sort();

before(async () => {
  w = await buildWorld();
  examA = (await createExam(w.t, w.institute, { title: 'Bank A' })).data._id;
  examC = (await createExam(w.t, w.institute, { title: 'Bank C' })).data._id;
  examD = (await createExam(w.t, w.institute, { title: 'Bank D' })).data._id;
  otherExam = (await createExam(w.t, w.other, { title: 'Other' })).data._id;
  m = await media(w.t, w.institute, examA);
  const add = async (who: Actor, exam: string, n: number, heading: string) => {
    const r = await addQuestion(w.t, who, exam, validQuestion(n, m, { main_heading: heading }));
    assert.equal(r.statusCode, 200, r.body);
    return r.data._id as string;
  };
  q.a1 = await add(w.institute, examA, 1, '사과를 먹습니다');
  q.a2 = await add(w.institute, examA, 2, '학교에 갑니다');
  q.a21 = await add(w.institute, examA, 21, 'Listen: 무엇을 들었습니까?');
  q.d22 = await add(w.institute, examD, 22, 'Never sat');
  q.other1 = await add(w.other, otherExam, 1, '사과 (other institute)');
});
after(async () => { await w?.t.close(); });

describe('question bank', () => {
  test('an institute sees its own items, paged, with the total in X-Total-Count', async () => {
    const r = await bank(w.institute);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers[TOTAL_COUNT_HEADER.toLowerCase()], '4');
    assert.deepEqual(headings(r), ['Listen: 무엇을 들었습니까?', 'Never sat', '사과를 먹습니다', '학교에 갑니다']);
    const p1 = await bank(w.institute, '?limit=3&page=1');
    const p2 = await bank(w.institute, '?limit=3&page=2');
    assert.equal(p1.data.length, 3);
    assert.equal(p2.data.length, 1);
    assert.equal(p2.headers[TOTAL_COUNT_HEADER.toLowerCase()], '4');
    assert.deepEqual(new Set([...p1.data, ...p2.data].map((i: { _id: string }) => i._id)), new Set([q.a1, q.a2, q.a21, q.d22]));
    const other = await bank(w.other);
    assert.deepEqual(headings(other), ['사과 (other institute)']);
    const admin = await bank(w.admin, `?institute=${w.other.id}`);
    assert.deepEqual(headings(admin), ['사과 (other institute)']);
    assert.ok(Number((await bank(w.admin)).headers[TOTAL_COUNT_HEADER.toLowerCase()]) >= 5, 'the admin: every question');
  });

  test('searches question text on the server, Korean too, and filters by section and item type', async () => {
    assert.deepEqual(headings(await bank(w.institute, `?search=${encodeURIComponent('사과')}`)), ['사과를 먹습니다']);
    assert.deepEqual(headings(await bank(w.institute, `?search=${encodeURIComponent('NEVER')}`)), ['Never sat']);
    assert.deepEqual(headings(await bank(w.institute, '?search=three')).length, 4, 'options are searched');
    assert.deepEqual(headings(await bank(w.institute, `?search=${encodeURIComponent('%')}`)), [], 'no pattern characters');
    assert.deepEqual(headings(await bank(w.institute, '?section=Listening')), ['Listen: 무엇을 들었습니까?', 'Never sat']);
    assert.deepEqual(headings(await bank(w.institute, '?type=what_you_heard')), ['Listen: 무엇을 들었습니까?', 'Never sat']);
    assert.deepEqual(headings(await bank(w.institute, '?type=picture_word&section=Reading')), ['사과를 먹습니다', '학교에 갑니다']);
    for (const bad of ['?section=Writing', '?type=nope', '?difficulty=tough', '?notUsedSince=2026-13-01', '?limit=0', '?institute=x']) {
      const r = await bank(w.institute, bad);
      assert.equal(r.statusCode, 400, bad);
      assert.equal(typeof r.data.error, 'string');
    }
  });

  test('"Add from bank" copies an item into a free number of its section; the copy is its own row', async () => {
    const before = await dbFingerprint(w.t.db);
    const refusals: [Actor, Record<string, unknown>, number][] = [
      [w.institute, { examId: examC, itemId: q.a1, questionNumber: 21 }, 400], // Reading item into Listening
      [w.institute, { examId: examA, itemId: q.a21, questionNumber: 21 }, 409], // number used
      [w.institute, { examId: examC, itemId: q.other1, questionNumber: 1 }, 404], // another institute's item
      [w.institute, { examId: otherExam, itemId: q.a1, questionNumber: 2 }, 404], // another institute's exam
      [w.other, { examId: otherExam, itemId: q.a1, questionNumber: 2 }, 404],
      [w.student, { examId: examC, itemId: q.a1, questionNumber: 1 }, 403],
      [w.institute, { examId: examC, itemId: q.a1, questionNumber: 1, extra: 1 }, 400],
      [w.institute, { examId: examC, itemId: q.a1 }, 400],
    ];
    for (const [who, body, status] of refusals) {
      const r = await copy(who, body);
      assert.equal(r.statusCode, status, `${JSON.stringify(body)}: ${r.body}`);
      assert.equal(typeof r.data.error, 'string');
    }
    assert.equal(await dbFingerprint(w.t.db), before, 'a refusal writes nothing');

    const c3 = await copy(w.institute, { examId: examC, itemId: q.a1, questionNumber: 3 });
    assert.equal(c3.statusCode, 200, c3.body);
    assert.equal(c3.data.question_number, 3);
    assert.equal(c3.data.main_heading, '사과를 먹습니다');
    const c22 = await copy(w.institute, { examId: examC, itemId: q.a21, questionNumber: 22 });
    assert.equal(c22.statusCode, 200, c22.body);
    assert.equal(c22.data.listening, m.audio, 'the media are the same files');
    const [row] = await w.t.db.select().from(questions).where(eq(questions.id, c3.data._id));
    assert.equal(row!.itemId, q.a1);
    assert.equal(row!.examId, examC);
    // every copy names the item itself
    const c4 = await copy(w.institute, { examId: examD, itemId: q.a1, questionNumber: 4 });
    const [row4] = await w.t.db.select().from(questions).where(eq(questions.id, c4.data._id));
    assert.equal(row4!.itemId, q.a1);
    await call(w.t, w.institute, 'DELETE', `questions/${c4.data._id}/${w.institute.id}`);

    // editing the copy never changes the original
    const edit = await call(w.t, w.institute, 'PUT', `questions/new/${examC}/${c3.data._id}/${w.institute.id}`, { main_heading: '바나나' });
    assert.equal(edit.statusCode, 200, edit.body);
    const [orig] = await w.t.db.select().from(questions).where(eq(questions.id, q.a1));
    assert.equal(orig!.mainHeading, '사과를 먹습니다');

    // one row per item: the bank still has 4 items; the item lists both exams
    const r = await bank(w.institute);
    assert.equal(r.headers[TOTAL_COUNT_HEADER.toLowerCase()], '4');
    const a1 = r.data.find((i: { _id: string }) => i._id === q.a1);
    assert.deepEqual(a1.exams.map((e: { title: string }) => e.title), ['Bank A', 'Bank C']);
    assert.equal(a1.question.main_heading, '사과를 먹습니다', 'the item shows its own first question');
    // the admin may copy any item into any exam
    const byAdmin = await copy(w.admin, { examId: otherExam, itemId: q.a2, questionNumber: 2 });
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    await call(w.t, w.admin, 'DELETE', `questions/${byAdmin.data._id}/${w.admin.id}`);
  });

  test('figures gather every result of every exam holding a copy, in the caller\'s scope', async () => {
    // exam A (Q1, Q2, Q21), the institute's student
    await put(examA, w.student, w.institute.id, { 1: '1', 2: '2', 21: '1' }); // T 2
    await put(examA, w.student, w.institute.id, { 1: '1', 2: '3', 21: '2' }); // T 1
    await put(examA, w.student, w.institute.id, { 1: '2', 2: '2', 21: '1' }); // T 1
    // exam C (3 = copy of Q1, 22 = copy of Q21)
    await put(examC, w.student, w.institute.id, { 3: '1', 22: '0' }); // T 1
    // another institute's student on A: not the institute's
    await put(examA, w.otherStudent, w.other.id, { 1: '2' });

    const r = await bank(w.institute);
    const item = (id: string) => r.data.find((i: { _id: string }) => i._id === id);
    // Q1: uses A (1, 1, 0) and C (1): n 4, p 0.75; rests A 1, 0, 1 and C 0:
    // r = (4·1 - 3·2) / √((4·3 - 9)(4·2 - 4)) = -2/√12
    assert.equal(item(q.a1).n, 4);
    assert.equal(item(q.a1).facility, 0.75);
    assert.ok(Math.abs(item(q.a1).pointBiserial - -2 / Math.sqrt(12)) < 1e-12);
    assert.equal(item(q.a1).band, 'medium');
    // Q2: wrong every time: p 0, hard, point-biserial undefined
    assert.equal(item(q.a2).facility, 0);
    assert.equal(item(q.a2).band, 'hard');
    assert.equal(item(q.a2).pointBiserialReason, 'No result answered it correctly (no variance)');
    // Q21: A (1, 0, 1) and C's copy at 22 (unanswered: 0): n 4, p 0.5
    assert.equal(item(q.a21).n, 4);
    assert.equal(item(q.a21).facility, 0.5);
    assert.equal(item(q.d22).band, 'unrated');
    assert.equal(item(q.d22).lastUsed, null);
    assert.equal(item(q.a1).lastUsed, new Date(clock - 60_000).toISOString(), 'the latest counted result (C\'s)');

    const all = await bank(w.admin);
    assert.equal(all.data.find((i: { _id: string }) => i._id === q.a1).n, 5, 'the admin counts every result');
    const others = await bank(w.admin, `?institute=${w.other.id}`);
    assert.equal(others.data.length, 1);

    assert.deepEqual(headings(await bank(w.institute, '?difficulty=hard')), ['학교에 갑니다']);
    assert.deepEqual(headings(await bank(w.institute, '?difficulty=medium')), ['Listen: 무엇을 들었습니까?', '사과를 먹습니다']);
    assert.deepEqual(headings(await bank(w.institute, '?difficulty=unrated')), ['Never sat']);
    assert.deepEqual(headings(await bank(w.institute, '?difficulty=easy')), []);
    assert.deepEqual(headings(await bank(w.institute, '?notUsedSince=2026-01-01')), ['Never sat']);
    assert.equal((await bank(w.institute, '?notUsedSince=2030-01-01')).data.length, 4);
    const paged = await bank(w.institute, '?difficulty=medium&limit=1&page=2');
    assert.equal(paged.data.length, 1);
    assert.equal(paged.headers[TOTAL_COUNT_HEADER.toLowerCase()], '2');
  });

  test('only the back office, as itself', async () => {
    assert.equal((await bank(w.student)).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'GET', `questions/bank/${w.other.id}`)).statusCode, 403);
    assert.equal((await call(w.t, w.other, 'GET', `questions/bank/${w.other.id}?institute=${w.institute.id}`)).statusCode, 403);
  });
});
