/**
 * The question's fields are one list (shared-api/question-fields): the questions table has a column of each (its name,
 * its default), and a question with every field set to something other than its default keeps every field through
 * what copies a question — the exam package's export and import, the bank's "Add from bank", an exam transfer's
 * reading of the other site's questions — and is served as its audience allows (the answer key never in a running
 * exam's questions).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { QUESTION_COLUMNS } from 'shared-api/exam-package';
import { QUESTION_DEFAULTS, QUESTION_FIELD_NAMES, QUESTION_FIELDS, fieldsFor } from 'shared-api/question-fields';
import type { QuestionFields } from 'shared-api/types';
import { questions } from '../src/db/schema.ts';
import { columnOf, rowToFields } from '../src/db/question-row.ts';
import { examPackage } from '../src/attempts/exam-package.ts';
import { revealQuestions } from '../src/attempts/review.ts';
import { fetchRemoteQuestions } from '../src/transfer/copy.ts';
import type { GuardedFetcher } from '../src/transfer/guarded-fetch.ts';
import { SERVER_ROOT } from '../src/config.ts';
import { addQuestion, buildWorld, call, createExam, media, upload, type World } from './authoring-support.ts';
import { exportCall, importCall } from './package-support.ts';

let w: World;
before(async () => { w = await buildWorld(); });
after(async () => { await w?.t.close(); });

/** A Listening question with image headings and options: every field other than its default. */
const fullQuestion = (m: { image: string; audio: string }): QuestionFields => ({
  type: 'Listening', question_number: 36, item_type: 'story', main_heading: m.image, main_heading_image: true,
  heading: 'Look and listen', description: m.image, description_image: true, description_boxed: true, option_type: 'image',
  option1: m.image, option2: m.image, option3: m.image, option4: m.image, listening: m.audio, answer: '3',
  answer_details: 'because', main_heading_alt: 'A map', description_alt: 'A street', option1_alt: 'One', option2_alt: 'Two',
  option3_alt: 'Three', option4_alt: 'Four',
});

test('the questions table has a column of each field, named after it, with its default', () => {
  for (const k of QUESTION_FIELD_NAMES) {
    const column = questions[columnOf(k)];
    assert.equal(column.name, k);
    assert.equal(column.notNull, true, k);
    if (column.hasDefault) assert.equal(column.default, (QUESTION_DEFAULTS as Record<string, unknown>)[k], k);
  }
});

test('a question keeps every field through export and import, the bank\'s copy and a transfer\'s reading', async () => {
  const exam = (await createExam(w.t, w.institute)).data._id as string;
  // audio that decodes (an import decodes it): the demo exam's
  const mp3 = fs.readFileSync(path.join(SERVER_ROOT, 'seed', 'media', 'q23.mp3'));
  const audio = await upload(w.t, w.institute, exam, 'listening', { data: mp3, filename: 'q23.mp3', contentType: 'audio/mpeg' }, 'audio');
  const full = fullQuestion({ image: (await media(w.t, w.institute, exam)).image, audio: audio.data.url as string });
  for (const k of QUESTION_FIELD_NAMES) assert.notEqual(full[k], (QUESTION_DEFAULTS as Record<string, unknown>)[k], `${k}: the fixture sets it`);
  const created = await addQuestion(w.t, w.institute, exam, { ...full });
  assert.equal(created.statusCode, 200, created.body);
  const rowsOf = (examId: string) => w.t.db.select().from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.questionNumber));
  assert.deepEqual(rowToFields((await rowsOf(exam))[0]!), full);

  // the back office reads every field
  const listed = (await call(w.t, w.institute, 'GET', `questions/${exam}/${w.institute.id}`)).data as Record<string, unknown>[];
  assert.deepEqual(Object.keys(listed[0]!).sort(), ['_id', 'exam', ...QUESTION_FIELD_NAMES].sort());
  for (const k of QUESTION_FIELD_NAMES) assert.equal(listed[0]![k], full[k], k);

  // a package has a column of each field, and its import gives the same question
  for (const k of QUESTION_FIELD_NAMES) assert.ok(QUESTION_COLUMNS.includes(k), k);
  const zip = (await exportCall(w.t, w.institute, exam)).rawPayload;
  const imported = await importCall(w.t, w.institute, zip);
  assert.equal(imported.statusCode, 200, imported.body);
  assert.deepEqual(rowToFields((await rowsOf(imported.data.exam._id as string))[0]!), full);

  // "Add from bank" copies it
  const target = (await createExam(w.t, w.institute)).data._id as string;
  const copied = await call(w.t, w.institute, 'POST', `questions/bank/copy/${w.institute.id}`, { examId: target, itemId: created.data._id, questionNumber: 37 });
  assert.equal(copied.statusCode, 200, copied.body);
  assert.deepEqual(rowToFields((await rowsOf(target))[0]!), { ...full, question_number: 37 });

  // a transfer reads every field of the other site's questions (the back office's JSON, as above)
  const fetcher = { getJson: async () => listed } as unknown as GuardedFetcher;
  const site = { base: new URL('http://other.example/'), userId: 'them', token: 't' };
  assert.deepEqual(await fetchRemoteQuestions(fetcher, site, exam), [full]);

  // a student's exam: the fields a student may read while it runs, never the answer key nor what only staff read
  const served = (await examPackage(w.t.db, exam)).questions[0] as unknown as Record<string, unknown>;
  assert.deepEqual(Object.keys(served), ['_id', 'exam', ...fieldsFor('exam')]);
  assert.deepEqual(fieldsFor('result'), ['answer', 'answer_details']);
  const revealed = (shows: 'marks' | 'answers') => Object.keys(revealQuestions(listed as never, shows)[0]!);
  assert.ok(!revealed('marks').some((k) => k === 'answer' || k === 'answer_details'));
  assert.ok(revealed('answers').includes('answer') && revealed('answers').includes('answer_details'));
  assert.equal(QUESTION_FIELDS.answer.audience, 'result');
});
