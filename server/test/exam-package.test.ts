/**
 * Exams as packages (issue 38): every question's item type; the export of an exam as a ZIP (workbook, CSV files,
 * media under readable names) for its owner and admins only; the import of a package as a new hidden exam — the dry
 * run's report by row and column and nothing written, the round trip of the demo exam (fields and media bytes equal,
 * exporting the copy gives the same rows), one transaction, and hostile packages refused with a 4xx and nothing written.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { defaultItemType, EPS_BLUEPRINT, ITEM_TYPES } from 'shared-api/item-types';
import { EXAM_COLUMNS, QUESTION_COLUMNS } from 'shared-api/exam-package';
import { unescapeFormula } from 'shared-api/csv-format';
import { exams as examsTable, media, questions } from '../src/db/schema.ts';
import { OPTION_KEYS, rowToFields } from '../src/authoring/questions.ts';
import { DEMO_EXAM_PATH } from '../src/seed/index.ts';
import { SERVER_ROOT } from '../src/config.ts';
import { addQuestion, buildWorld, call, createExam, media as uploadMedia, validQuestion, type World } from './authoring-support.ts';
import { bearer, dbFingerprint, TEST_DIR } from './helpers.ts';
import { declareSize, exportCall, importCall, patchBytes, sheetRows, unzip, workbookOf, zipOf } from './package-support.ts';

/** The test fixture's "MP3": an ID3 header and then noise, which only looks like audio. */
const fixtureMp3 = fs.readFileSync(path.join(TEST_DIR, 'fixtures', 'media', 'tone.mp3'));
/** Other bytes of the same audio: an ID3v1 tag appended (the frames decode as before). */
const freshMp3 = (mp3: Buffer) => Buffer.concat([mp3, Buffer.from(`TAG${'fresh'.padEnd(125, ' ')}`, 'latin1')]);

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

// ---- import ------------------------------------------------------------------------------------------------------

const fingerprint = () => dbFingerprint(w.t.db);

/**
 * The fields of every question of an exam, by number (ids and dates left out); a listening-and-text option as what
 * its JSON holds (the demo seed writes it with spaces, the API without).
 */
const fieldsOf = async (examId: string) => (await questionsOf(examId)).map(rowToFields).map((q) => ({
  ...q,
  ...(q.option_type === 'listeningandtext' ? Object.fromEntries(OPTION_KEYS.map((k) => [k, JSON.parse(q[k])])) : {}),
}));

/** Bytes that do not pack (a ZIP stores them at about their size): a linear congruential sequence. */
const noise = (size: number) => {
  const out = Buffer.alloc(size);
  for (let i = 0, x = 1; i < size; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
};

/** The package of an exam, as its owner or an admin exports it. */
async function packageOf(examId: string, who = w.admin): Promise<Buffer> {
  const res = await exportCall(w.t, who, examId);
  assert.equal(res.statusCode, 200, res.body);
  return res.rawPayload;
}

/** The files of a package with its Questions sheet's rows changed by `edit` (rows by number; the header is row 0). */
async function edited(files: Map<string, Buffer>, edit: (rows: Record<string, string>[]) => void, extra: Record<string, Buffer | null> = {}): Promise<Buffer> {
  const [header, ...rows] = await sheetRows(files.get('questions.xlsx')!, 'Questions');
  const records = rows.map((r) => Object.fromEntries(header!.map((c, i) => [c, r[i] ?? ''])));
  edit(records);
  const exam = await sheetRows(files.get('questions.xlsx')!, 'Exam');
  const xlsx = await workbookOf({ Questions: [header!, ...records.map((r) => header!.map((c) => r[c] ?? ''))], Exam: exam });
  const out = new Map(files);
  out.delete('questions.csv');
  out.set('questions.xlsx', xlsx);
  for (const [name, data] of Object.entries(extra)) {
    if (data) out.set(name, data);
    else out.delete(name);
  }
  return zipOf([...out].map(([name, data]) => ({ name, data })));
}

describe('import', () => {
  test('round trip: the demo exam exported and imported is equal field by field, its media the same bytes, and exports the same rows', async () => {
    const zip = await packageOf(w.demoExam);
    const before = await fingerprint();
    const dry = await importCall(w.t, w.admin, zip, { dryRun: true });
    assert.equal(dry.statusCode, 200, dry.body);
    const files = await unzip(zip);
    assert.deepEqual(dry.data, { ok: true, rows: [], questions: 40, media: [...files.keys()].filter((n) => n.startsWith('media/')).length });
    assert.equal(await fingerprint(), before, 'the dry run wrote nothing');

    const res = await importCall(w.t, w.admin, zip);
    assert.equal(res.statusCode, 200, res.body);
    const exam = res.data.exam;
    assert.equal(exam.title, 'EPS-TOPIK Mock Test 1');
    assert.equal(exam.status, 0, 'a new hidden exam');
    assert.equal(exam.type, 'public');
    assert.equal(exam.category.title, 'EPS-TOPIK General');
    assert.equal(exam.question_count, 40);
    assert.equal(exam.user._id, w.admin.id);
    assert.notEqual(exam._id, w.demoExam);
    assert.deepEqual(res.data.report, dry.data);
    // media are stored by their bytes' sha256: equal references are the same bytes
    assert.deepEqual(await fieldsOf(exam._id), await fieldsOf(w.demoExam));
    const again = await unzip(await packageOf(exam._id));
    for (const sheet of ['Questions', 'Exam']) {
      assert.deepEqual(await sheetRows(again.get('questions.xlsx')!, sheet), await sheetRows(files.get('questions.xlsx')!, sheet), sheet);
    }
    assert.deepEqual([...again.keys()], [...files.keys()]);
    for (const [name, data] of files) if (name.startsWith('media/')) assert.ok(again.get(name)!.equals(data), name);
  });

  test('an institute imports a package as its own hidden private exam; from the CSV files too; `title` names it', async () => {
    const files = await unzip(await packageOf(w.demoExam));
    const csvOnly = await zipOf([...files].filter(([n]) => n !== 'questions.xlsx').map(([name, data]) => ({ name, data })));
    const res = await importCall(w.t, w.institute, csvOnly, { title: 'From CSV' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.data.exam.title, res.data.exam.type, res.data.exam.status, res.data.exam.user._id], ['From CSV', 'private', 0, w.institute.id]);
    assert.deepEqual(await fieldsOf(res.data.exam._id), await fieldsOf(w.demoExam));
    const listed = (await call(w.t, w.institute, 'GET', `exams/institute/${w.institute.id}`)).data as { _id: string }[];
    assert.ok(listed.some((e) => e._id === res.data.exam._id));
    // a zipped folder: the package's files inside one folder
    const inFolder = await zipOf([...files].map(([name, data]) => ({ name: `mock/${name}`, data })));
    assert.equal((await importCall(w.t, w.institute, inFolder, { dryRun: true })).data.ok, true);

    // who may: as creating an exam
    const before = await fingerprint();
    for (const who of [w.noAdd, w.student]) assert.equal((await importCall(w.t, who, csvOnly)).statusCode, 403);
    const other = await w.t.app.inject({ method: 'POST', url: `/api/exams/import/${w.institute.id}`, headers: { authorization: `Bearer ${w.other.token}` } });
    assert.equal(other.statusCode, 403);
    assert.equal(await fingerprint(), before);
  });

  test('an XLSX or a CSV alone: questions without media', async () => {
    const header = ['question_number', 'type', 'main_heading', 'option1', 'option2', 'option3', 'option4', 'answer'];
    // as a person may type it: a type in small letters, the answer as a number
    const xlsx = await workbookOf({ Questions: [header, [1, 'Reading', '다음을 고르십시오.', '가', '나', '다', '라', 2], [2, 'reading', '', '하나', '둘', '셋', '넷', '1']] });
    const res = await importCall(w.t, w.institute, xlsx, { title: 'Workbook alone', filename: 'questions.xlsx' });
    assert.equal(res.statusCode, 200, res.body);
    const qs = await fieldsOf(res.data.exam._id);
    assert.deepEqual(qs.map((q) => [q.question_number, q.item_type, q.option_type, q.option1, q.answer, q.main_heading_image]),
      [[1, 'picture_word', 'text', '가', '2', false], [2, 'picture_word', 'text', '하나', '1', false]]);

    const csv = Buffer.from(`\uFEFF${header.join(',')},item_type\r\n5,Reading,"빈칸, 채우기",우유,의자,"""신발""",'-연필,1,topic\r\n`);
    const fromCsv = await importCall(w.t, w.institute, csv, { title: 'CSV alone', filename: 'questions.csv' });
    assert.equal(fromCsv.statusCode, 200, fromCsv.body);
    const [q] = await fieldsOf(fromCsv.data.exam._id);
    assert.deepEqual([q!.main_heading, q!.option3, q!.option4, q!.item_type], ['빈칸, 채우기', '"신발"', '-연필', 'topic']);

    // no title and no Exam sheet: the report says so
    const untitled = await importCall(w.t, w.institute, csv, { dryRun: true });
    assert.deepEqual(untitled.data.rows, [{ sheet: 'exam', row: 0, error: 'Title cannot be empty.' }]);
    // a media file named by a CSV alone is not there
    const withMedia = Buffer.from(`${header.join(',')},listening\r\n21,Listening,x,a,b,c,d,1,q21-listening.mp3\r\n`);
    const missing = await importCall(w.t, w.institute, withMedia, { dryRun: true, title: 'x' });
    assert.deepEqual(missing.data.rows, [{ row: 2, question_number: 21, column: 'listening', error: 'Media file q21-listening.mp3 is not in the package' }]);
  });

  test('the dry run reports every problem by row and column and writes nothing; the import refuses it with the same report', async () => {
    const files = await unzip(await packageOf(w.demoExam));
    const png = files.get('media/q01-description.png')!;
    const mp3 = files.get('media/q21-listening.mp3')!;
    const zip = await edited(files, (rows) => {
      const at = (n: number) => rows.find((r) => r.question_number === String(n))!;
      at(1).answer = '5';
      at(2).question_number = '3'; // 3 is used by the next row
      at(4).question_number = '25'; // a Listening number for a Reading question
      at(5).item_type = 'story'; // Listening's
      at(6).item_type = 'no_such_type';
      at(7).option3 = '';
      at(8).type = '';
      at(9).main_heading_image = 'maybe';
      at(22).question_number = '12'; // a Reading number in the Listening section
      at(33).option2_listening = ''; // a listening-and-text option without its audio
      at(34).listening = 'missing.mp3';
    }, {
      'media/q21-listening.mp3': png, // an image where audio belongs
      'media/q23-listening.mp3': fixtureMp3, // bytes that claim to be MP3 (an ID3 header, then noise)
      'media/q24-listening.mp3': Buffer.concat([mp3, noise(1024 * 1024)]), // over 1 MB
      'media/q01-description.png': Buffer.concat([png, noise(700 * 1024)]), // over 700 KB
      'media/q03-option1.png': Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), // not png or jpeg
    });
    const before = await fingerprint();
    const dry = await importCall(w.t, w.institute, zip, { dryRun: true });
    assert.equal(dry.statusCode, 200, dry.body);
    assert.equal(dry.data.ok, false);
    assert.equal(dry.data.questions, 40);
    const rows = dry.data.rows as { row: number; question_number?: number; column?: string; error: string }[];
    const expected = [
      { row: 2, question_number: 1, column: 'description', error: 'Media file q01-description.png: Image cannot exceed 700KB' },
      { row: 2, question_number: 1, column: 'answer', error: ' Invalid Answer.' },
      { row: 4, question_number: 3, column: 'question_number', error: 'Question number already used' },
      { row: 5, question_number: 25, column: 'question_number', error: 'Reading question numbers are 1-20' },
      { row: 6, question_number: 5, column: 'item_type', error: 'Item Type must be one of the item types of its section' },
      { row: 7, question_number: 6, column: 'item_type', error: 'Item Type must be one of the item types of its section' },
      { row: 8, question_number: 7, column: 'option3', error: 'Option 3 cannot be empty.' },
      { row: 9, question_number: 8, column: 'type', error: 'Type must be Reading or Listening' },
      { row: 10, question_number: 9, column: 'main_heading_image', error: 'main_heading_image must be yes or no' },
      { row: 22, question_number: 21, column: 'listening', error: 'Media file q21-listening.mp3: Listening only supports type of mp3, ogg, wav, m4a' },
      { row: 23, question_number: 12, column: 'question_number', error: 'Listening question numbers are 21-40' },
      { row: 24, question_number: 23, column: 'listening', error: 'Media file q23-listening.mp3: The audio cannot be decoded' },
      { row: 25, question_number: 24, column: 'listening', error: 'Media file q24-listening.mp3: Listening cannot exceed 1024KB' },
      { row: 34, question_number: 33, column: 'option2_listening', error: 'Must have both listening  and text' },
      { row: 35, question_number: 34, column: 'listening', error: 'Media file missing.mp3 is not in the package' },
    ];
    for (const e of expected) assert.ok(rows.some((r) => JSON.stringify(r) === JSON.stringify(e)), `missing ${JSON.stringify(e)} in ${JSON.stringify(rows, null, 1)}`);
    assert.ok(rows.some((r) => r.row === 4 && r.column === 'option1' && r.error === 'Media file q03-option1.png: Image only supports type of png, jpeg'));
    assert.equal(await fingerprint(), before, 'the dry run wrote nothing');

    const res = await importCall(w.t, w.institute, zip);
    assert.equal(res.statusCode, 400);
    assert.equal(res.data.error, `The package has ${rows.length} problems: see the report`);
    assert.deepEqual(res.data.report, dry.data);
    assert.equal(await fingerprint(), before, 'a package with problems writes nothing');
  });

  test('one transaction: a failure while writing leaves nothing behind', async () => {
    const zip = await packageOf(w.demoExam);
    // the database refuses the 40th question
    await w.t.db.execute(sql`create or replace function refuse_q40() returns trigger language plpgsql as $$
      begin if new.question_number = 40 then raise exception 'refused'; end if; return new; end $$`);
    await w.t.db.execute(sql`create trigger refuse_q40 before insert on questions for each row execute function refuse_q40()`);
    try {
      const exams = await w.t.db.select().from(examsTable);
      const stored = await w.t.db.select({ hash: media.hash }).from(media);
      const before = await fingerprint();
      // new media bytes in the package, so that a media row would be left behind without the transaction
      const files = await unzip(zip);
      const fresh = await edited(files, () => {}, { 'media/q23-listening.mp3': freshMp3(files.get('media/q23-listening.mp3')!) });
      const res = await importCall(w.t, w.institute, fresh);
      assert.equal(res.statusCode, 500);
      assert.equal(await fingerprint(), before);
      assert.equal((await w.t.db.select().from(examsTable)).length, exams.length);
      assert.equal((await w.t.db.select({ hash: media.hash }).from(media)).length, stored.length);
    } finally {
      await w.t.db.execute(sql`drop trigger refuse_q40 on questions`);
      await w.t.db.execute(sql`drop function refuse_q40()`);
    }
  });

  test('docs/exam-package.md lists every column of both sheets', () => {
    const docs = fs.readFileSync(path.join(SERVER_ROOT, '..', 'docs', 'exam-package.md'), 'utf8');
    const listed = new Set([...docs.matchAll(/^\| ([a-z0-9_, ]+) \|/gm)].flatMap((m) => m[1]!.split(', ')));
    assert.deepEqual([...QUESTION_COLUMNS, ...EXAM_COLUMNS].filter((c) => !listed.has(c)), []);
  });

  test('the template package: two example questions and an audio file, clean', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: `/api/exams/import/template/${w.institute.id}`, headers: bearer(w.institute.token) });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-disposition']), /filename="exam-package-template\.zip"/);
    assert.deepEqual([...(await unzip(res.rawPayload)).keys()], ['questions.xlsx', 'questions.csv', 'exam.csv', 'media/q23-listening.mp3']);
    const dry = await importCall(w.t, w.institute, res.rawPayload, { dryRun: true });
    assert.deepEqual(dry.data, { ok: true, rows: [], questions: 2, media: 1 });
  });
});

describe('hostile packages: a 4xx with a clear error, nothing written', () => {
  let good: Map<string, Buffer>;
  before(async () => { good = await unzip(await packageOf(w.demoExam)); });
  const entries = (over: Record<string, Buffer> = {}) => [...new Map([...good, ...Object.entries(over)])].map(([name, data]) => ({ name, data }));

  const cases: [string, () => Promise<Buffer>, RegExp, string?][] = [
    ['a ZIP bomb: a file packed a thousand times', async () => zipOf([...entries(), { name: 'media/bomb.mp3', data: Buffer.alloc(20 * 1024 * 1024) }]),
      /^The package holds a file packed too tightly to be safe: media\/bomb\.mp3$/],
    ['a ZIP bomb: entries that declare more than the limit unpacked', async () => declareSize(await zipOf([...entries(), { name: 'big.bin', data: Buffer.alloc(10) }]), 'big.bin', 200 * 1024 * 1024),
      /^The package unpacks to more than 96 MB$/],
    ['an entry whose data unpacks to more than its header says', async () => declareSize(await zipOf(entries()), 'questions.xlsx', 1000),
      /^The file questions\.xlsx in the package cannot be read$/],
    ['a path that climbs out', async () => patchBytes(await zipOf([...entries(), { name: 'xx/evil.png', data: Buffer.from('x') }]), 'xx/evil.png', '../evil.png'),
      /^The package holds a file whose path is not safe: \.\.\/evil\.png$/],
    ['an absolute path', async () => patchBytes(await zipOf([...entries(), { name: 'Qetc/passwd', data: Buffer.from('x') }]), 'Qetc/passwd', '/etc/passwd'),
      /^The package holds a file whose path is not safe: \/etc\/passwd$/],
    ['a Windows path that climbs out', async () => patchBytes(await zipOf([...entries(), { name: 'xx/xx/evil.png', data: Buffer.from('x') }]), 'xx/xx/evil.png', '..\\..\\evil.png'),
      /^The package holds a file whose path is not safe: \.\.\/\.\.\/evil\.png$/],
    ['a link', async () => zipOf([...entries(), { name: 'media/link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
      /^The package holds a link, not a file: media\/link\.png$/],
    ['two files of one name', async () => zipOf([...entries(), { name: 'MEDIA/Q21-listening.mp3', data: good.get('media/q21-listening.mp3')! }]),
      /^The package holds two files named MEDIA\/Q21-listening\.mp3$/],
    ['too many files', async () => zipOf([...entries(), ...Array.from({ length: 500 }, (_, i) => ({ name: `media/x${i}.png`, data: Buffer.from('x') }))]),
      /^The package cannot hold more than 500 files$/],
    ['a formula in a cell', async () => workbookOf({ Questions: [['question_number', 'type', 'main_heading', 'option1', 'option2', 'option3', 'option4', 'answer'],
      [1, 'Reading', { formula: 'HYPERLINK("http://evil.example","click")', result: 'click' }, 'a', 'b', 'c', 'd', { formula: '1+1', result: 2 }]] }),
      /^The package has 2 problems: see the report$/, 'formula'],
    ['a macro-enabled workbook', async () => {
      const xlsx = await unzip(good.get('questions.xlsx')!);
      return zipOf([...xlsx].map(([name, data]) => ({ name, data })).concat({ name: 'xl/vbaProject.bin', data: Buffer.from('macro') }));
    }, /^Macro-enabled workbooks \(\.xlsm\) are not accepted: save it as \.xlsx$/],
    ['a macro-enabled workbook in a package', async () => zipOf([...entries(), { name: 'questions.xlsm', data: good.get('questions.xlsx')! }]),
      /^Macro-enabled workbooks \(\.xlsm\) are not accepted: save it as \.xlsx$/],
    ['a CSV in Windows-1252', async () => Buffer.concat([Buffer.from('question_number,type,option1,option2,option3,option4,answer\r\n1,Reading,caf'), Buffer.from([0xe9]), Buffer.from(',b,c,d,1\r\n')]),
      /^The CSV file is not UTF-8 text: save it as "CSV UTF-8"$/],
    ['10,000 rows', async () => Buffer.from(`question_number,type,option1,option2,option3,option4,answer\r\n${'1,Reading,a,b,c,d,1\r\n'.repeat(10_000)}`),
      /^An exam package cannot have more than 40 questions$/],
    ['10,000 rows in a workbook', async () => workbookOf({ Questions: [['question_number', 'type'], ...Array.from({ length: 10_000 }, (_, i) => [i, 'Reading'])] }),
      /^An exam package cannot have more than 40 questions$/],
    ['a 5 MB cell', async () => Buffer.from(`question_number,type,description,option1,option2,option3,option4,answer\r\n1,Reading,${'가나다라마바사'.repeat(250_000)},a,b,c,d,1\r\n`),
      /^The package has 1 problem: see the report$/, 'long'],
    ['a workbook whose merged range, validation and print area cover whole sheets (read in moments, not cell by cell)', async () => {
      const parts = await unzip(await workbookOf({ Questions: [['question_number', 'type', 'option1', 'option2', 'option3', 'option4', 'answer'], [1, 'Reading', 'a', 'b', 'c', 'd', 9]] }));
      const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString('utf8').replace('</sheetData>', '</sheetData><mergeCells count="1"><mergeCell ref="H1:XFD1048576"/></mergeCells>'
        + '<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"1,2"</formula1></dataValidation></dataValidations>');
      const book = parts.get('xl/workbook.xml')!.toString('utf8').replace('</sheets>', '</sheets><definedNames><definedName name="_xlnm.Print_Area" localSheetId="0">Questions!$A:$XFD</definedName></definedNames>');
      assert.ok(sheet.includes('<mergeCell ref=') && book.includes('<definedName '));
      parts.set('xl/worksheets/sheet1.xml', Buffer.from(sheet));
      parts.set('xl/workbook.xml', Buffer.from(book));
      return zipOf([...parts].map(([name, data]) => ({ name, data })));
    }, /^The package has 1 problem: see the report$/, 'answer'],
    ['bytes that claim to be an MP3 package', async () => fixtureMp3, /^The file is not a ZIP package, an XLSX workbook or a CSV file$/],
    ['random bytes', async () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)), /^The file is not a ZIP package, an XLSX workbook or a CSV file$/],
    ['a broken ZIP', async () => (await zipOf(entries())).subarray(0, 5000), /^The file cannot be read as a ZIP file$/],
    ['an empty file', async () => Buffer.alloc(0), /^File cannot be empty\.$/],
    ['a file over 64 MB', async () => Buffer.alloc(64 * 1024 * 1024 + 1, 0x20), /^The file cannot exceed 64 MB$/],
  ];
  for (const [name, make, error, report] of cases) {
    test(name, { timeout: 60_000 }, async () => {
      const data = await make();
      const before = await fingerprint();
      const res = await importCall(w.t, w.institute, data, { title: 'Hostile' });
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${res.statusCode} ${res.body.slice(0, 300)}`);
      assert.match(res.data.error, error);
      if (report === 'formula') {
        assert.deepEqual(res.data.report.rows, [
          { row: 2, question_number: 1, column: 'main_heading', error: 'A formula is not read: type its value instead of =HYPERLINK("http://evil.example","click")' },
          { row: 2, question_number: 1, column: 'answer', error: 'A formula is not read: type its value instead of =1+1' },
        ]);
      }
      if (report === 'answer') assert.deepEqual(res.data.report.rows, [{ row: 2, question_number: 1, column: 'answer', error: ' Invalid Answer.' }]);
      if (report === 'long') assert.deepEqual(res.data.report.rows.map((r: { column: string; error: string }) => [r.column, r.error]), [['description', 'Description should be less than 5000 characters.']]);
      assert.equal(await fingerprint(), before);
    });
  }
});
