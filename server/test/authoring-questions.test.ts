/** Questions: every field rule, numbering per type, foreign exams, publishing at exactly 40, summary and results. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { exams, questions, results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import {
  addQuestion, buildWorld, call, createExam, fill, media, range, validQuestion, type World,
} from './authoring-support.ts';

let w: World;
let m: { image: string; audio: string };
let exam: string; // the institute's scratch exam
before(async () => {
  w = await buildWorld();
  exam = (await createExam(w.t, w.institute, { title: 'Questions' })).data._id;
  m = await media(w.t, w.institute, exam);
});
after(async () => { await w?.t.close(); });

const list = async (examId: string, who = w.institute) => (await call(w.t, who, 'GET', `questions/${examId}/${who.id}`)).data as { _id: string; question_number: number; option1: string; answer?: string }[];
const lat = (text: string, listening: string) => JSON.stringify({ text, listening });

describe('question rules', () => {
  test('bad input: 400 with the checker\'s message, nothing stored', async () => {
    const fakeAudio = `/media/${'a'.repeat(64)}.mp3`;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ type: 'Writing' }, 'Type must be Reading or Listening'],
      [{ type: undefined }, 'Type must be Reading or Listening'],
      [{ question_number: undefined }, 'Question Number cannot be empty.'],
      [{ question_number: 'abc' }, /question_number/],
      [{ question_number: 1.5 }, /question_number/],
      [{ question_number: 0 }, 'Reading question numbers are 1-20'],
      [{ question_number: 21 }, 'Reading question numbers are 1-20'],
      [{ question_number: -3 }, 'Reading question numbers are 1-20'],
      [{ type: 'Listening', question_number: 20, listening: m.audio }, 'Listening question numbers are 21-40'],
      [{ type: 'Listening', question_number: 41, listening: m.audio }, 'Listening question numbers are 21-40'],
      [{ option_type: 'video' }, 'Option Type must be one of text, image, listening, listeningandtext, samelistening'],
      [{ option3: '' }, 'Option 3 cannot be empty.'],
      [{ option1: '   ' }, 'Option 1 cannot be empty.'],
      [{ option4: undefined }, 'Option 4 cannot be empty.'],
      [{ answer: '5' }, ' Invalid Answer.'],
      [{ answer: '0' }, ' Invalid Answer.'],
      [{ answer: '' }, 'Answer cannot be empty.'],
      [{ answer: undefined }, 'Answer cannot be empty.'],
      [{ main_heading_image: 'maybe' }, /main_heading_image/],
      [{ main_heading_image: true, main_heading: 'just text' }, 'Main Heading must be an uploaded image'],
      [{ description_image: true, description: m.audio }, 'Description must be an uploaded image'],
      [{ main_heading: 'x'.repeat(2001) }, 'Main Heading should be less than 2000 characters.'],
      [{ main_heading: 'x'.repeat(20_000) }, /main_heading/],
      [{ answer_details: 'x'.repeat(5001) }, 'Answer Details should be less than 5000 characters.'],
      [{ option_type: 'image', option1: 'https://evil.example/x.png', option2: m.image, option3: m.image, option4: m.image }, 'Option 1 must be an uploaded image'],
      [{ option_type: 'image', option1: m.image, option2: m.audio, option3: m.image, option4: m.image }, 'Option 2 must be an uploaded image'],
      [{ option_type: 'image', option1: m.image, option2: m.image, option3: `/media/../${m.image}`, option4: m.image }, 'Option 3 must be an uploaded image'],
      [{ option_type: 'listening', option1: m.audio, option2: m.audio, option3: m.audio, option4: m.image }, 'Option 4 must be an uploaded audio file'],
      [{ option_type: 'listeningandtext', option1: 'plain', option2: 'b', option3: 'c', option4: 'd' }, 'Must have both listening  and text'],
      [{ option_type: 'listeningandtext', option1: lat('a', m.audio), option2: lat('b', ''), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Must have both listening  and text'],
      [{ option_type: 'listeningandtext', option1: lat('a', m.audio), option2: lat('', m.audio), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Must have both listening  and text'],
      [{ option_type: 'listeningandtext', option1: JSON.stringify({ text: 'a' }), option2: lat('b', m.audio), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Must have both listening  and text'],
      [{ option_type: 'listeningandtext', option1: lat('a', m.image), option2: lat('b', m.audio), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Option 1 must be an uploaded audio file'],
      [{ type: 'Listening', question_number: 21, listening: '' }, 'Listening cannot be empty.'],
      [{ type: 'Listening', question_number: 21, listening: m.image }, 'Listening must be an uploaded audio file'],
      [{ type: 'Listening', question_number: 21, listening: 'tone.mp3' }, 'Listening must be an uploaded audio file'],
      [{ type: 'Listening', question_number: 21, listening: fakeAudio }, 'An uploaded file of this question was not found; upload it again'],
    ];
    for (const [patch, error] of cases) {
      const r = await addQuestion(w.t, w.institute, exam, validQuestion(5, m, patch));
      assert.equal(r.statusCode, 400, `${JSON.stringify(patch).slice(0, 200)} → ${r.body}`);
      if (typeof error === 'string') assert.equal(r.data.error, error, JSON.stringify(patch).slice(0, 200));
      else assert.match(r.data.error, error);
    }
    assert.deepEqual(await list(exam), []);
  });

  test('every option type is accepted when valid', async () => {
    const cases: Record<string, unknown>[] = [
      { question_number: 1, option_type: 'text' },
      { question_number: 2, option_type: 'image', option1: m.image, option2: m.image, option3: m.image, option4: m.image, main_heading_image: true, main_heading: m.image },
      { question_number: 3, option_type: 'samelistening', description_image: true, description: m.image, description_boxed: true },
      { type: 'Listening', question_number: 21, listening: m.audio, option_type: 'listening', option1: m.audio, option2: m.audio, option3: m.audio, option4: m.audio },
      { type: 'Listening', question_number: 22, listening: m.audio, option_type: 'listeningandtext', option1: lat('하나', m.audio), option2: lat('둘', m.audio), option3: lat('셋', m.audio), option4: lat('넷', m.audio), answer: '4', answer_details: 'Because.' },
    ];
    for (const patch of cases) {
      const r = await addQuestion(w.t, w.institute, exam, validQuestion(patch.question_number as number, m, { ...patch, option1_listening: 'form-only field', _id: 'ignored' }));
      assert.equal(r.statusCode, 200, `${JSON.stringify(patch)} → ${r.body}`);
      assert.equal(r.data.exam, exam);
      assert.equal(r.data.option_type, patch.option_type);
      assert.ok(r.data.answer, 'authors get answers');
    }
    const qs = await list(exam);
    assert.deepEqual(qs.map((q) => q.question_number), [1, 2, 3, 21, 22]);
    assert.equal(qs[4]!.answer, '4');
    assert.equal(JSON.parse(qs[4]!.option1).text, '하나');
  });

  test('duplicate number: 409, nothing changed', async () => {
    const r = await addQuestion(w.t, w.institute, exam, validQuestion(1, m, { main_heading: 'dup' }));
    assert.equal(r.statusCode, 409);
    assert.deepEqual(r.data, { error: 'Question number already used' });
    assert.equal((await list(exam)).length, 5);
  });

  test('edit: own number allowed, used number refused, partial body merged', async () => {
    const q1 = (await list(exam)).find((q) => q.question_number === 1)!;
    const same = await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${q1._id}/${w.institute.id}`, validQuestion(1, m, { option1: 'uno' }));
    assert.equal(same.statusCode, 200, same.body);
    assert.equal(same.data.option1, 'uno');
    const clash = await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${q1._id}/${w.institute.id}`, validQuestion(2, m));
    assert.equal(clash.statusCode, 409);
    const move = await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${q1._id}/${w.institute.id}`, { question_number: 4 });
    assert.equal(move.statusCode, 200, move.body);
    assert.equal(move.data.question_number, 4);
    assert.equal(move.data.option1, 'uno');
    const bad = await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${q1._id}/${w.institute.id}`, { answer: '9' });
    assert.equal(bad.statusCode, 400);
    const wrongExam = await call(w.t, w.institute, 'PUT', `questions/new/${w.demoExam}/${q1._id}/${w.institute.id}`, { answer: '2' });
    assert.equal(wrongExam.statusCode, 403);
    const other = (await createExam(w.t, w.institute, { title: 'Another own' })).data._id;
    assert.equal((await call(w.t, w.institute, 'PUT', `questions/new/${other}/${q1._id}/${w.institute.id}`, { answer: '2' })).statusCode, 404);
    assert.equal((await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${newId()}/${w.institute.id}`, { answer: '2' })).statusCode, 404);
    const after = (await list(exam)).find((q) => q._id === q1._id)!;
    assert.equal(after.answer, '1');
    assert.equal(after.question_number, 4);
  });

  test('delete with foreign checks', async () => {
    const q = (await list(exam)).find((x) => x.question_number === 3)!;
    assert.equal((await call(w.t, w.other, 'DELETE', `questions/${q._id}/${w.other.id}`)).statusCode, 404);
    assert.equal((await call(w.t, w.institute, 'DELETE', `questions/${newId()}/${w.institute.id}`)).statusCode, 404);
    assert.equal((await list(exam)).length, 5);
    const r = await call(w.t, w.institute, 'DELETE', `questions/${q._id}/${w.institute.id}`);
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.data, { _id: q._id });
    assert.equal((await list(exam)).length, 4);
  });
});

describe('who may read and change questions', () => {
  test('another institute: private exam 404, shared exam readable with answers but not changeable', async () => {
    assert.equal((await call(w.t, w.other, 'GET', `questions/${exam}/${w.other.id}`)).statusCode, 404);
    assert.equal((await addQuestion(w.t, w.other, exam, validQuestion(10, m))).statusCode, 404);
    const demo = await call(w.t, w.institute, 'GET', `questions/${w.demoExam}/${w.institute.id}`);
    assert.equal(demo.statusCode, 200);
    assert.equal(demo.data.length, 2);
    assert.equal(demo.data[0].answer, '1');
    const before = JSON.stringify(demo.data);
    assert.equal((await addQuestion(w.t, w.institute, w.demoExam, validQuestion(2, m))).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'PUT', `questions/new/${w.demoExam}/${demo.data[0]._id}/${w.institute.id}`, { option1: 'hacked' })).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'DELETE', `questions/${demo.data[0]._id}/${w.institute.id}`)).statusCode, 403);
    const again = await call(w.t, w.institute, 'GET', `questions/${w.demoExam}/${w.institute.id}`);
    assert.equal(JSON.stringify(again.data), before);
  });

  test('admin changes anyone\'s questions', async () => {
    const r = await addQuestion(w.t, w.admin, exam, validQuestion(10, m));
    assert.equal(r.statusCode, 200, r.body);
    assert.equal((await call(w.t, w.admin, 'DELETE', `questions/${r.data._id}/${w.admin.id}`)).statusCode, 200);
  });
});

describe('20 per type and publishing', () => {
  let full: string;
  before(async () => {
    full = (await createExam(w.t, w.institute, { title: 'Full exam' })).data._id;
  });

  test('the 21st question of a type is refused', async () => {
    await fill(w.t, w.institute, full, m, range(1, 20));
    for (const n of [5, 21, 25]) {
      const r = await addQuestion(w.t, w.institute, full, validQuestion(n, m, { type: 'Reading' }));
      assert.equal(r.statusCode, 400, String(n));
      assert.deepEqual(r.data, { error: 'Switch to Reading or Listening Mode' });
    }
    // moving a Listening question into the full Reading type is refused too
    const l = await addQuestion(w.t, w.institute, full, validQuestion(21, m));
    assert.equal(l.statusCode, 200);
    const mv = await call(w.t, w.institute, 'PUT', `questions/new/${full}/${l.data._id}/${w.institute.id}`, { type: 'Reading', question_number: 1 });
    assert.deepEqual(mv.data, { error: 'Switch to Reading or Listening Mode' });
    assert.equal((await list(full)).length, 21);
  });

  test('publish refused at 39 with what is missing, accepted at 40', async () => {
    const early = await call(w.t, w.institute, 'PUT', `exams/publish/${full}/${w.institute.id}`);
    assert.equal(early.statusCode, 400);
    assert.match(early.data.error, /^Not Ready To Publish: 20 Reading and 1 Listening questions; exactly 20 of each are needed/);
    await fill(w.t, w.institute, full, m, range(22, 39));
    const at39 = await call(w.t, w.institute, 'PUT', `exams/publish/${full}/${w.institute.id}`);
    assert.equal(at39.statusCode, 400);
    assert.equal(at39.data.error, 'Not Ready To Publish: 20 Reading and 19 Listening questions; exactly 20 of each are needed. Missing question numbers: 40');
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/${full}/${w.institute.id}`)).data.status, 0);
    assert.equal((await call(w.t, w.other, 'PUT', `exams/publish/${full}/${w.other.id}`)).statusCode, 404);
    await fill(w.t, w.institute, full, m, [40]);
    const ok = await call(w.t, w.institute, 'PUT', `exams/publish/${full}/${w.institute.id}`);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.data.status, 1);
    assert.equal(ok.data.question_count, 40);
    const [row] = await w.t.db.select().from(exams).where(eq(exams.id, full));
    assert.ok(row!.publishedAt);
  });

  test('an invalid stored question blocks publishing', async () => {
    const e = (await createExam(w.t, w.admin, { title: 'Legacy' })).data._id;
    await fill(w.t, w.admin, e, m, range(1, 40));
    await w.t.db.update(questions).set({ answer: '7' }).where(eq(questions.examId, e));
    const r = await call(w.t, w.admin, 'PUT', `exams/publish/${e}/${w.admin.id}`);
    assert.equal(r.statusCode, 400);
    assert.equal(r.data.error, 'Not Ready To Publish: question 1:  Invalid Answer.');
  });

  test('a published exam stays consistent', async () => {
    const qs = await list(full);
    const q40 = qs.find((q) => q.question_number === 40)!;
    const edit = await call(w.t, w.institute, 'PUT', `questions/new/${full}/${q40._id}/${w.institute.id}`, { option1: 'edited', answer: '3' });
    assert.equal(edit.statusCode, 200, edit.body);
    const broken = await call(w.t, w.institute, 'PUT', `questions/new/${full}/${q40._id}/${w.institute.id}`, { listening: '' });
    assert.equal(broken.statusCode, 400);
    const moved = await call(w.t, w.institute, 'PUT', `questions/new/${full}/${q40._id}/${w.institute.id}`, { question_number: 39 });
    assert.equal(moved.statusCode, 409);
    const del = await call(w.t, w.institute, 'DELETE', `questions/${q40._id}/${w.institute.id}`);
    assert.equal(del.statusCode, 400);
    assert.deepEqual(del.data, { error: 'Unpublish the exam before removing questions' });
    assert.equal((await list(full)).length, 40);
    // hide it (Available -> Hiden), then the question can go
    const hide = await call(w.t, w.institute, 'PUT', `exams/${full}/${w.institute.id}`, { title: 'Full exam', is_cbt: false, status: 0 });
    assert.equal(hide.statusCode, 200);
    assert.equal((await call(w.t, w.institute, 'DELETE', `questions/${q40._id}/${w.institute.id}`)).statusCode, 200);
    assert.equal((await call(w.t, w.institute, 'PUT', `exams/publish/${full}/${w.institute.id}`)).statusCode, 400);
    await fill(w.t, w.institute, full, m, [40]);
    assert.equal((await call(w.t, w.institute, 'PUT', `exams/publish/${full}/${w.institute.id}`)).statusCode, 200);
  });

  test('question summary with item analysis, and the results of the exam', async () => {
    const qs = await list(full);
    const byNo = new Map(qs.map((q) => [q.question_number, q]));
    const answersFor = (picks: Record<number, string>) => range(1, 40).map((n) => {
      const q = byNo.get(n)!;
      const answer = picks[n] ?? '0';
      return { question: q._id, questionNumber: n, type: n > 20 ? 'Listening' : 'Reading', answer, correct: answer === q.answer };
    });
    const base = Date.now();
    const put = async (userId: string, instituteId: string | null, picks: Record<number, string>, ago: number) => {
      const id = newId();
      await w.t.db.insert(results).values({
        id, attemptId: newId(), examId: full, examTitle: 'Full exam', userId, instituteId, score: 0, totalQuestions: 40,
        attempted: Object.keys(picks).length, answers: answersFor(picks), createdAt: new Date(base - ago),
      });
      return id;
    };
    // question 1's answer is '1'
    const r1 = await put(w.student.id, w.institute.id, { 1: '1', 2: '2' }, 3000);
    const r2 = await put(w.student.id, w.institute.id, { 1: '3', 2: '2' }, 2000);
    const r3 = await put(w.otherStudent.id, w.other.id, { 1: '3' }, 1000);

    // the admin sees every result; the owner institute only its own students' (r3 is another institute's student)
    const s = await call(w.t, w.admin, 'GET', `questions/summary/${full}/${w.admin.id}`);
    assert.equal(s.statusCode, 200);
    assert.equal(s.data.length, 40);
    const row1 = s.data[0];
    assert.equal(row1.question_number, 1);
    assert.equal(row1.exists, true);
    assert.equal(row1.type, 'Reading');
    assert.equal(row1.option_type, 'text');
    assert.equal(row1._id, byNo.get(1)!._id);
    assert.equal(row1.answered, 3);
    assert.equal(row1.correct, 1);
    assert.equal(row1.correctRate, 1 / 3);
    assert.equal(row1.mostChosenWrong, '3');
    assert.deepEqual(row1.choices, { 1: 1, 2: 0, 3: 2, 4: 0 });
    const mine = (await call(w.t, w.institute, 'GET', `questions/summary/${full}/${w.institute.id}`)).data[0];
    assert.deepEqual([mine.answered, mine.correct, mine.correctRate, mine.mostChosenWrong], [2, 1, 1 / 2, '3']);
    assert.equal(s.data[1].answered, 2);
    assert.equal(s.data[1].correct, 0);
    assert.equal(s.data[1].mostChosenWrong, '2');
    assert.equal(s.data[39].answered, 0);
    assert.equal(s.data[39].correctRate, 0);
    assert.equal(s.data[39].mostChosenWrong, null);

    const empty = await call(w.t, w.institute, 'GET', `questions/summary/${exam}/${w.institute.id}`);
    assert.equal(empty.data.length, 40);
    assert.equal(empty.data.filter((r: { exists: boolean }) => r.exists).length, (await list(exam)).length);
    assert.equal(empty.data[19].correctRate, null, 'no results yet');
    assert.equal(empty.data[19].type, null);
    assert.equal((await call(w.t, w.other, 'GET', `questions/summary/${full}/${w.other.id}`)).statusCode, 404);

    // results of the exam: newest first; the owner and the admin see every result
    for (const who of [w.institute, w.admin]) {
      const r = await call(w.t, who, 'GET', `results/exam/${full}/${who.id}`);
      assert.equal(r.statusCode, 200);
      assert.deepEqual(r.data.map((x: { _id: string }) => x._id), [r3, r2, r1]);
      assert.equal(r.data[0].exam, 'Full exam');
      assert.equal(r.data[0].exam_id, full);
      assert.equal(r.data[1].user.email, 'student@example.com');
      assert.equal(r.data[1].answers.length, 40);
    }
    assert.equal((await call(w.t, w.other, 'GET', `results/exam/${full}/${w.other.id}`)).statusCode, 404, 'private exam of another institute');
    assert.equal((await call(w.t, w.institute, 'GET', `results/exam/${newId()}/${w.institute.id}`)).statusCode, 404);
  });

  test('results of a shared (public) exam: an institute sees only its own students', async () => {
    const mine = newId();
    const theirs = newId();
    for (const [id, userId, inst] of [[mine, w.student.id, w.institute.id], [theirs, w.otherStudent.id, w.other.id]] as const) {
      await w.t.db.insert(results).values({
        id, attemptId: newId(), examId: w.demoExam, examTitle: 'Mini Test Exam', userId, instituteId: inst,
        score: 1, totalQuestions: 2, attempted: 1, answers: [{ question: 'q', questionNumber: 1, type: 'Reading', answer: '3', correct: false }],
      });
    }
    const inst = await call(w.t, w.institute, 'GET', `results/exam/${w.demoExam}/${w.institute.id}`);
    assert.deepEqual(inst.data.map((x: { _id: string }) => x._id), [mine]);
    const admin = await call(w.t, w.admin, 'GET', `results/exam/${w.demoExam}/${w.admin.id}`);
    assert.equal(admin.data.length, 2);
    const sum = await call(w.t, w.institute, 'GET', `questions/summary/${w.demoExam}/${w.institute.id}`);
    assert.equal(sum.data[0].answered, 1, 'item analysis of a shared exam counts only the institute\'s own students');
    assert.equal(sum.data[0].mostChosenWrong, '3');
  });
});
