/**
 * Exams as packages (issue 38): every question's item type; the export of an exam as a ZIP (workbook, CSV files,
 * media under readable names) for its owner and admins only; the import of a package as a new hidden exam — the dry
 * run's report by row and column and nothing written, the round trip of the demo exam (fields and media bytes equal,
 * exporting the copy gives the same rows), one transaction, and hostile packages refused with a 4xx and nothing written.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { defaultItemType, EPS_BLUEPRINT, ITEM_TYPES } from 'shared-api/item-types';
import { EXAM_COLUMNS, QUESTION_COLUMNS } from 'shared-api/exam-package';
import { unescapeFormula } from 'shared-api/csv-format';
import { media, questions } from '../src/db/schema.ts';
import { DEMO_EXAM_PATH } from '../src/seed/index.ts';
import { addQuestion, buildWorld, call, createExam, media as uploadMedia, validQuestion, type World } from './authoring-support.ts';
import { exportCall, sheetRows, unzip } from './package-support.ts';

let w: World;
before(async () => { w = await buildWorld({ examPath: DEMO_EXAM_PATH }); });
after(async () => { await w?.t.close(); });

const questionsOf = (examId: string) => w.t.db.select().from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.questionNumber));

describe('item types', () => {
  test('the EPS-TOPIK blueprint gives each of the 40 numbers a type of its section', () => {
    assert.equal(EPS_BLUEPRINT.length, 40);
    for (let n = 1; n <= 40; n++) {
      const type = ITEM_TYPES.find((t) => t.value === defaultItemType(n));
      assert.ok(type, `number ${n}`);
      assert.equal(type.section, n <= 20 ? 'Reading' : 'Listening', `number ${n}`);
    }
    assert.deepEqual([1, 2, 5, 8, 9, 20, 21, 25, 29, 30, 34, 36, 38, 40].map(defaultItemType), [
      'picture_word', 'picture_word', 'fill_blank', 'fill_blank', 'answer_question', 'word_definition', 'what_you_heard',
      'picture_answer', 'picture_answer', 'question_answer', 'next_utterance', 'related_picture', 'story', 'story',
    ]);
    assert.equal(defaultItemType(0), '');
    assert.equal(defaultItemType(41), '');
  });

  test('the seeded questions and a new question without one take their number\'s type; an author chooses another of the section', async () => {
    for (const q of await questionsOf(w.demoExam)) assert.equal(q.itemType, defaultItemType(q.questionNumber), `question ${q.questionNumber}`);
    const exam = (await createExam(w.t, w.institute)).data._id as string;
    const m = await uploadMedia(w.t, w.institute, exam);
    const plain = await addQuestion(w.t, w.institute, exam, validQuestion(6, m));
    assert.equal(plain.statusCode, 200, plain.body);
    assert.equal(plain.data.item_type, 'fill_blank');
    const chosen = await addQuestion(w.t, w.institute, exam, validQuestion(7, m, { item_type: 'topic' }));
    assert.equal(chosen.data.item_type, 'topic');
    const listed = (await call(w.t, w.institute, 'GET', `questions/${exam}/${w.institute.id}`)).data as { question_number: number; item_type: string }[];
    assert.deepEqual(listed.map((q) => [q.question_number, q.item_type]), [[6, 'fill_blank'], [7, 'topic']]);
    // an edit that leaves it out keeps it; one that names another changes it
    const id = chosen.data._id as string;
    assert.equal((await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${id}/${w.institute.id}`, { answer: '2' })).data.item_type, 'topic');
    assert.equal((await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${id}/${w.institute.id}`, { item_type: 'related_word' })).data.item_type, 'related_word');
    for (const bad of ['story', 'no_such_type', 'x'.repeat(300)]) {
      const res = await addQuestion(w.t, w.institute, exam, validQuestion(8, m, { item_type: bad }));
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.data.error, 'Item Type must be one of the item types of its section');
    }
    assert.equal((await questionsOf(exam)).length, 2);
  });
});

describe('export', () => {
  test('the demo exam as a ZIP: the workbook, the same rows as CSV, the exam row, every media file by a readable name', async () => {
    const res = await exportCall(w.t, w.admin, w.demoExam);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="EPS-TOPIK-Mock-Test-1\.zip"; filename\*=UTF-8''EPS-TOPIK-Mock-Test-1\.zip$/);
    const files = await unzip(res.rawPayload);
    const names = [...files.keys()];
    assert.deepEqual(names.slice(0, 3), ['questions.xlsx', 'questions.csv', 'exam.csv']);
    const mediaNames = names.slice(3);
    assert.ok(mediaNames.length > 20, `${mediaNames.length} media files`);
    for (const n of mediaNames) assert.match(n, /^media\/q(0[1-9]|[1-3]\d|40)-(main-heading|description|option[1-4]|option[1-4]-listening|listening)\.(png|jpg|mp3)$/);
    assert.ok(files.has('media/q21-listening.mp3') && files.has('media/q03-option1.png'));

    const xlsx = await sheetRows(files.get('questions.xlsx')!, 'Questions');
    assert.deepEqual(xlsx[0], [...QUESTION_COLUMNS]);
    assert.equal(xlsx.length, 41);
    const csvText = files.get('questions.csv')!.toString('utf8');
    assert.ok(csvText.startsWith('\uFEFF'), 'UTF-8 with a BOM');
    const csv = Papa.parse<string[]>(csvText.slice(1), { skipEmptyLines: true }).data;
    // the same rows; cells a spreadsheet would run as a formula escaped with a leading quote
    assert.deepEqual(csv.map((r) => r.map(unescapeFormula)), xlsx, 'the CSV holds the same rows');
    assert.ok(csv.some((r) => r.some((c) => c.startsWith("'-"))));
    const row = (n: number) => Object.fromEntries(QUESTION_COLUMNS.map((c, i) => [c, xlsx[n]![i]]));
    const q1 = row(1);
    assert.equal(q1.question_number, '1');
    assert.equal(q1.type, 'Reading');
    assert.equal(q1.item_type, 'picture_word');
    assert.equal(q1.description_image, 'yes');
    assert.equal(q1.description, 'q01-description.png');
    assert.equal(q1.option2, '우산');
    const lat = Object.values(Object.fromEntries(xlsx.slice(1).map((r, i) => [i, row(i + 1)]))).find((r) => r.option_type === 'listeningandtext')!;
    assert.ok(lat.option1 && !lat.option1.startsWith('{'), 'a listening-and-text option: its text in its column');
    assert.match(lat.option1_listening!, /^q\d\d-option1-listening\.mp3$/);

    // every media file is the stored file's bytes
    const stored = new Map((await w.t.db.select().from(media)).map((m) => [m.hash, m.data]));
    const urls = new Map<string, string>();
    for (const q of await questionsOf(w.demoExam)) {
      if (q.listening) urls.set(`q${String(q.questionNumber).padStart(2, '0')}-listening.mp3`, q.listening);
    }
    for (const [name, url] of urls) {
      const hash = /\/media\/([0-9a-f]{64})\./.exec(url)![1]!;
      assert.ok(files.get(`media/${name}`)!.equals(stored.get(hash)!), name);
    }

    const exam = await sheetRows(files.get('questions.xlsx')!, 'Exam');
    assert.deepEqual(exam, [[...EXAM_COLUMNS], ['EPS-TOPIK Mock Test 1', 'public', 'UBT', 'EPS-TOPIK General', '', '', 'answers']]);
    assert.deepEqual(Papa.parse<string[]>(files.get('exam.csv')!.toString('utf8').slice(1), { skipEmptyLines: true }).data, exam);
  });

  test('text a spreadsheet would run as a formula: plain text in the workbook, escaped in the CSV', async () => {
    const exam = (await createExam(w.t, w.institute, { title: '수학 = 공식' })).data._id as string;
    const m = await uploadMedia(w.t, w.institute, exam);
    const res = await addQuestion(w.t, w.institute, exam, validQuestion(5, m, { main_heading: '=HYPERLINK("http://x")', option1: '-1', option2: '+2', option3: '@3' }));
    assert.equal(res.statusCode, 200, res.body);
    const out = await exportCall(w.t, w.institute, exam);
    assert.equal(out.statusCode, 200);
    assert.match(String(out.headers['content-disposition']), /filename="exam\.zip"; filename\*=UTF-8''%EC%88%98%ED%95%99-%EA%B3%B5%EC%8B%9D\.zip$/);
    const files = await unzip(out.rawPayload);
    const [header, row] = await sheetRows(files.get('questions.xlsx')!, 'Questions');
    const at = (c: string) => row![header!.indexOf(c)];
    assert.deepEqual([at('main_heading'), at('option1'), at('option2'), at('option3')], ['=HYPERLINK("http://x")', '-1', '+2', '@3']);
    const csv = Papa.parse<string[]>(files.get('questions.csv')!.toString('utf8').slice(1), { skipEmptyLines: true }).data;
    const cell = (c: string) => csv[1]![csv[0]!.indexOf(c)];
    assert.deepEqual([cell('main_heading'), cell('option1'), cell('option2'), cell('option3')], ["'=HYPERLINK(\"http://x\")", "'-1", "'+2", "'@3"]);
  });

  test('only whom may change the exam exports it: its institute or an admin', async () => {
    const own = (await createExam(w.t, w.institute, { title: 'Own' })).data._id as string;
    assert.equal((await exportCall(w.t, w.institute, own)).statusCode, 200);
    assert.equal((await exportCall(w.t, w.admin, own)).statusCode, 200);
    // the demo exam is public: the institute may read it, not change or export it
    assert.equal((await exportCall(w.t, w.institute, w.demoExam)).statusCode, 403);
    assert.equal((await exportCall(w.t, w.other, own)).statusCode, 404);
    assert.equal((await exportCall(w.t, w.student, own)).statusCode, 403);
    assert.equal((await w.t.app.inject({ method: 'GET', url: `/api/exams/export/${own}/${w.admin.id}` })).statusCode, 401);
    // another user's id in the path
    const res = await w.t.app.inject({ method: 'GET', url: `/api/exams/export/${own}/${w.institute.id}`, headers: { authorization: `Bearer ${w.admin.token}` } });
    assert.equal(res.statusCode, 403);
    assert.equal((await exportCall(w.t, w.admin, 'no-such-exam')).statusCode, 400);
  });
});
