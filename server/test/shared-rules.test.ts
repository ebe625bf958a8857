/**
 * One rule, two places: the question form, the User Access dialog, the exam dialog and the Add Category dialog check
 * their request body with a yup schema of shared-api, and the server checks what it receives with the same schema. Each table row is one body, run against
 * the schema (what the form says) and against the route (what the server answers): a body one refuses the other
 * refuses with the same message, and a body one accepts the other accepts. The last table of each part is what only
 * the server can know (other questions, uploaded files, the student's exams): the schema accepts those bodies.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { questionSchema } from 'shared-api/schemas/question';
import { accessSchema } from 'shared-api/schemas/exam-access';
import { categorySchema, examSchema } from 'shared-api/schemas/authoring';
import { newId } from '../src/ids.ts';
import { addQuestion, buildWorld, call, createExam, media, validQuestion, type World } from './authoring-support.ts';

let w: World;
let m: { image: string; audio: string };
let exam: string;
before(async () => {
  w = await buildWorld();
  exam = (await createExam(w.t, w.institute, { title: 'Shared rules' })).data._id;
  m = await media(w.t, w.institute, exam);
});
after(async () => { await w?.t.close(); });

/** Every message the schema gives for `body` (none when it accepts it). */
async function schemaMessages(schema: { validate(v: unknown, o: object): Promise<unknown> }, body: unknown): Promise<string[]> {
  try {
    await schema.validate(body, { abortEarly: false });
    return [];
  } catch (err) {
    const e = err as { name: string; errors?: string[] };
    if (e.name !== 'ValidationError') throw err;
    return e.errors ?? [];
  }
}

const lat = (text: string, listening: string) => JSON.stringify({ text, listening });
const fakeAudio = `/media/${'b'.repeat(64)}.mp3`;

describe('questions: questionSchema in the form and on POST questions/create/new', () => {
  // [what, patch over a valid Reading question 5, the message]
  const refused = (): [string, Record<string, unknown>, string][] => [
    ['unknown type', { type: 'Writing' }, 'Type must be Reading or Listening'],
    ['no type', { type: undefined }, 'Type must be Reading or Listening'],
    ['no number', { question_number: undefined }, 'Question Number cannot be empty.'],
    ['number below the Reading range', { question_number: 0 }, 'Reading question numbers are 1-20'],
    ['number above the Reading range', { question_number: 21 }, 'Reading question numbers are 1-20'],
    ['Listening number in the Reading range', { type: 'Listening', question_number: 20, listening: m.audio }, 'Listening question numbers are 21-40'],
    ['unknown option type', { option_type: 'video' }, 'Option Type must be one of text, image, listening, listeningandtext, samelistening'],
    ['empty option', { option3: '' }, 'Option 3 cannot be empty.'],
    ['blank option', { option1: '   ' }, 'Option 1 cannot be empty.'],
    ['no option', { option4: undefined }, 'Option 4 cannot be empty.'],
    ['no answer', { answer: '' }, 'Answer cannot be empty.'],
    ['answer not an option', { answer: '5' }, ' Invalid Answer.'],
    ['answer 0 (the unanswered mark)', { answer: '0' }, ' Invalid Answer.'],
    ['main heading image that is text', { main_heading_image: true, main_heading: 'just text' }, 'Main Heading must be an uploaded image'],
    ['description image that is audio', { description_image: true, description: m.audio }, 'Description must be an uploaded image'],
    ['long main heading', { main_heading: 'x'.repeat(2001) }, 'Main Heading should be less than 2000 characters.'],
    ['long heading', { heading: 'x'.repeat(2001) }, 'Heading should be less than 2000 characters.'],
    ['long description', { description: 'x'.repeat(5001) }, 'Description should be less than 5000 characters.'],
    ['long option', { option2: 'x'.repeat(2001) }, 'Option 2 should be less than 2000 characters.'],
    ['long answer details', { answer_details: 'x'.repeat(5001) }, 'Answer Details should be less than 5000 characters.'],
    ['image option from elsewhere', { option_type: 'image', option1: 'https://evil.example/x.png', option2: m.image, option3: m.image, option4: m.image }, 'Option 1 must be an uploaded image'],
    ['image option that is audio', { option_type: 'image', option1: m.image, option2: m.audio, option3: m.image, option4: m.image }, 'Option 2 must be an uploaded image'],
    ['listening option that is an image', { option_type: 'listening', option1: m.audio, option2: m.audio, option3: m.audio, option4: m.image }, 'Option 4 must be an uploaded audio file'],
    ['listening-and-text option, text only', { option_type: 'listeningandtext', option1: 'plain', option2: 'b', option3: 'c', option4: 'd' }, 'Must have both listening  and text'],
    ['listening-and-text option, no audio', { option_type: 'listeningandtext', option1: lat('a', m.audio), option2: lat('b', ''), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Must have both listening  and text'],
    ['listening-and-text option, no text', { option_type: 'listeningandtext', option1: lat('a', m.audio), option2: lat(' ', m.audio), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Must have both listening  and text'],
    ['listening-and-text option, audio is an image', { option_type: 'listeningandtext', option1: lat('a', m.image), option2: lat('b', m.audio), option3: lat('c', m.audio), option4: lat('d', m.audio) }, 'Option 1 must be an uploaded audio file'],
    ['Listening question without audio', { type: 'Listening', question_number: 21, listening: '' }, 'Listening cannot be empty.'],
    ['Listening audio that is an image', { type: 'Listening', question_number: 21, listening: m.image }, 'Listening must be an uploaded audio file'],
    ['Listening audio by file name', { type: 'Listening', question_number: 21, listening: 'tone.mp3' }, 'Listening must be an uploaded audio file'],
    ['long Listening path', { type: 'Listening', question_number: 21, listening: `/media/${'x'.repeat(300)}` }, 'Listening should be less than 300 characters.'],
    ['long alt text', { description_image: true, description: m.image, description_alt: 'x'.repeat(251) }, 'Description Alt Text should be less than 250 characters.'],
    ['alt text with a tag', { option_type: 'image', option1: m.image, option2: m.image, option3: m.image, option4: m.image, option3_alt: 'a <b>ladder</b>' }, 'Option 3 Alt Text must be plain text, without HTML'],
    ['alt text with a character reference', { main_heading_alt: 'a &quot;sign&quot;' }, 'Main Heading Alt Text must be plain text, without HTML'],
    ['alt text on two lines', { option1_alt: 'a\r\nb' }, 'Option 1 Alt Text must be one line of text'],
  ];

  test('a body the form refuses, the server refuses with the same message', async () => {
    for (const [what, patch, message] of refused()) {
      const body = validQuestion(5, m, patch);
      const form = await schemaMessages(questionSchema, JSON.parse(JSON.stringify(body)));
      assert.ok(form.includes(message), `${what}: the form says ${JSON.stringify(form)}`);
      const r = await addQuestion(w.t, w.institute, exam, body);
      assert.deepEqual([r.statusCode, r.data], [400, { error: message }], what);
    }
  });

  test('a body the form accepts, the server accepts (every option type)', async () => {
    const accepted: [string, Record<string, unknown>][] = [
      ['text options', { question_number: 1 }],
      ['image options, image heading', { question_number: 2, option_type: 'image', option1: m.image, option2: m.image, option3: m.image, option4: m.image, main_heading_image: true, main_heading: m.image }],
      ['same-listening options, boxed image description', { question_number: 3, option_type: 'samelistening', description_image: true, description: m.image, description_boxed: true }],
      ['only the required fields', { question_number: 4, main_heading: undefined, main_heading_image: undefined, heading: undefined, description: undefined, description_image: undefined, description_boxed: undefined, option_type: undefined, listening: undefined, answer_details: undefined }],
      ['listening options', { type: 'Listening', question_number: 21, listening: m.audio, option_type: 'listening', option1: m.audio, option2: m.audio, option3: m.audio, option4: m.audio }],
      ['listening-and-text options', { type: 'Listening', question_number: 22, listening: m.audio, option_type: 'listeningandtext', option1: lat('하나', m.audio), option2: lat('둘', m.audio), option3: lat('셋', m.audio), option4: lat('넷', m.audio), answer: '4' }],
      ['longest texts', { question_number: 6, main_heading: 'x'.repeat(2000), description: 'x'.repeat(5000), answer_details: 'x'.repeat(5000) }],
      ['alt texts of every image, the longest', { question_number: 7, option_type: 'image', option1: m.image, option2: m.image, option3: m.image, option4: m.image, main_heading_image: true, main_heading: m.image, description_image: true, description: m.image, main_heading_alt: 'x'.repeat(250), description_alt: '사다리 < 우산 & 가방', option1_alt: 'A hammer', option2_alt: '', option3_alt: 'A ladder', option4_alt: 'A cup' }],
    ];
    for (const [what, patch] of accepted) {
      const body = JSON.parse(JSON.stringify(validQuestion(patch.question_number as number, m, patch))) as Record<string, unknown>;
      assert.deepEqual(await schemaMessages(questionSchema, body), [], what);
      const r = await addQuestion(w.t, w.institute, exam, body);
      assert.equal(r.statusCode, 200, `${what}: ${r.body}`);
    }
  });

  test('what only the server knows: a number in use, a file never uploaded', async () => {
    const serverOnly: [string, Record<string, unknown>, number, string][] = [
      ['number already used', { question_number: 1 }, 409, 'Question number already used'],
      ['audio that was never uploaded', { type: 'Listening', question_number: 23, listening: fakeAudio }, 400, 'An uploaded file of this question was not found; upload it again'],
    ];
    for (const [what, patch, status, error] of serverOnly) {
      const body = validQuestion(patch.question_number as number, m, patch);
      assert.deepEqual(await schemaMessages(questionSchema, body), [], `${what}: the form accepts it`);
      const r = await addQuestion(w.t, w.institute, exam, body);
      assert.deepEqual([r.statusCode, r.data], [status, { error }], what);
    }
  });

  test('a value of the wrong JSON type is refused before the rules run', async () => {
    for (const patch of [{ question_number: 'abc' }, { question_number: 1.5 }, { main_heading_image: 'maybe' }, { option1: { text: 'a' } }]) {
      const r = await addQuestion(w.t, w.institute, exam, validQuestion(7, m, patch));
      assert.equal(r.statusCode, 400, JSON.stringify(patch));
    }
  });
});

describe('exam access: accessSchema in the User Access dialog and on POST examaccess/create', () => {
  const save = (body: Record<string, unknown>) =>
    call(w.t, w.institute, 'POST', `examaccess/create/${w.institute.id}`, { user: w.student.id, ...body });

  test('a body the dialog refuses, the server refuses with the same message', async () => {
    const refused: [string, Record<string, unknown>, string][] = [
      ['no type', {}, 'Type  is required'],
      ['empty type', { type: '' }, 'Type  is required'],
      ['the placeholder', { type: 'Select type' }, 'Type  is required'],
      ['unknown type', { type: 'EVERYTHING' }, ' Invalid Type.'],
      ['specific exams, none', { type: 'SELECTEDEXAM' }, 'Exam is required'],
      ['specific exams, empty list', { type: 'SELECTEDEXAM', exams: [] }, 'Exam is required'],
      ['specific exams, a row without exam', { type: 'SELECTEDEXAM', exams: [{ exam: '', total_times: 1 }] }, 'Exam is required'],
      ['specific exams, a row without Total Times', { type: 'SELECTEDEXAM', exams: [{ exam: w.demoExam }] }, 'Total Times is required'],
      ['specific exams, Total Times 0', { type: 'SELECTEDEXAM', exams: [{ exam: w.demoExam, total_times: 0 }] }, 'Total Times is required'],
      ['specific exams, one exam twice', { type: 'SELECTEDEXAM', exams: [{ exam: w.demoExam, total_times: 1 }, { exam: w.demoExam, total_times: 2 }] }, 'Exam is selected twice'],
      ['time frame, no From Date', { type: 'TIMEFRAME', endTime: '2030-01-10' }, 'From Date is required'],
      ['time frame, no To Date', { type: 'TIMEFRAME', startTime: '2030-01-10' }, 'To Date is required'],
      ['time frame, From Date not a date', { type: 'TIMEFRAME', startTime: 'someday', endTime: '2030-01-09' }, ' Invalid From Date.'],
      ['time frame, To Date not a date', { type: 'TIMEFRAME', startTime: '2030-01-09', endTime: '2030-02-31x' }, ' Invalid To Date.'],
      ['time frame, To before From', { type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-09' }, 'To Date should be after From Date'],
      ['limited number, no Total Times', { type: 'ALL-X-TIMES' }, 'Total Times is required'],
      ['limited number, Total Times 0', { type: 'ALL-X-TIMES', total_times: 0 }, 'Total Times is required'],
    ];
    for (const [what, body, message] of refused) {
      const form = await schemaMessages(accessSchema, { user: w.student.id, ...body });
      assert.ok(form.includes(message), `${what}: the dialog says ${JSON.stringify(form)}`);
      const r = await save(body);
      assert.deepEqual([r.statusCode, r.data], [400, { error: message }], what);
    }
  });

  test('a body the dialog accepts, the server accepts (every type)', async () => {
    const accepted: Record<string, unknown>[] = [
      { type: 'SELECTEDEXAM', exams: [{ exam: w.demoExam, total_times: 2 }] },
      { type: 'TIMEFRAME', startTime: '2030-01-10T00:00:00.000Z', endTime: '2030-01-10T23:59:59.999Z' },
      { type: 'ALL-X-TIMES', total_times: 3 },
      // fields another type needs are ignored, as the dialog leaves them
      { type: 'ALL', total_times: null, startTime: null, endTime: null, exams: [] },
      { type: 'CREATOR-AND-PUBLIC-ALL' }, { type: 'PUBLIC-ALL' }, { type: 'FREE-ALL' },
    ];
    for (const body of accepted) {
      assert.deepEqual(await schemaMessages(accessSchema, { user: w.student.id, ...body }), [], JSON.stringify(body));
      const r = await save(body);
      assert.equal(r.statusCode, 200, `${JSON.stringify(body)}: ${r.body}`);
      assert.equal(r.data.type, body.type);
    }
  });

  test('what only the server knows: exams the student could see, dates the database can store', async () => {
    const serverOnly: [string, Record<string, unknown>, string][] = [
      ['an exam that does not exist', { type: 'SELECTEDEXAM', exams: [{ exam: newId(), total_times: 1 }] }, 'Exam is not available to this user'],
      ['a year the database cannot store', { type: 'TIMEFRAME', startTime: '+010000-01-01T00:00:00.000Z', endTime: '+010000-01-02T00:00:00.000Z' }, ' Invalid From Date.'],
    ];
    for (const [what, body, error] of serverOnly) {
      assert.deepEqual(await schemaMessages(accessSchema, { user: w.student.id, ...body }), [], `${what}: the dialog accepts it`);
      const r = await save(body);
      assert.deepEqual([r.statusCode, r.data], [400, { error }], what);
    }
  });
});

describe('exams: examSchema in the exam dialog and on POST exams/create', () => {
  test('a title the dialog refuses, the server refuses with the same message; the longest allowed passes both', async () => {
    const refused: [string, string, string][] = [
      ['empty', '', 'Title cannot be empty.'],
      ['blank', '   ', 'Title cannot be empty.'],
      ['201 characters', 'x'.repeat(201), 'Title should be less than 200 characters.'],
    ];
    for (const [what, title, message] of refused) {
      const form = await schemaMessages(examSchema, { title, is_cbt: false });
      assert.ok(form.includes(message), `${what}: the dialog says ${JSON.stringify(form)}`);
      const r = await createExam(w.t, w.institute, { title });
      assert.deepEqual([r.statusCode, r.data], [400, { error: message }], what);
    }
    const longest = 'x'.repeat(200);
    assert.deepEqual(await schemaMessages(examSchema, { title: longest, is_cbt: false }), []);
    assert.equal((await createExam(w.t, w.institute, { title: longest })).statusCode, 200);
  });

  test('the rest of the dialog: CBT category and reference, type, plays per audio; only the server knows the category exists', async () => {
    const cat = w.categories[0]!;
    const refused: [string, Record<string, unknown>, string][] = [
      ['CBT without a category', { is_cbt: true, exam: 'REF-1' }, 'Category is required'],
      ['CBT on the placeholder', { is_cbt: true, category: 'Select Category', exam: 'REF-1' }, 'Category is required'],
      ['CBT without a reference exam', { is_cbt: true, category: cat }, 'Reference exam is required'],
      ['CBT with a blank reference exam', { is_cbt: true, category: cat, exam: '  ' }, 'Reference exam is required'],
      ['a reference exam of 201 characters', { is_cbt: true, category: cat, exam: 'x'.repeat(201) }, 'Reference exam should be less than 200 characters.'],
      ['an unknown type', { is_cbt: false, type: 'secret' }, ' Invalid Type.'],
      ['4 plays per audio', { is_cbt: false, play_limit: 4 }, 'Play limit must be one of 1, 2, 3 or no limit'],
      ['0 plays per audio', { is_cbt: false, play_limit: 0 }, 'Play limit must be one of 1, 2, 3 or no limit'],
    ];
    for (const [what, patch, message] of refused) {
      const body = { title: 'Rules', ...patch };
      const form = await schemaMessages(examSchema, body);
      assert.ok(form.includes(message), `${what}: the dialog says ${JSON.stringify(form)}`);
      const r = await call(w.t, w.admin, 'POST', `exams/create/${w.admin.id}`, body);
      assert.deepEqual([r.statusCode, r.data], [400, { error: message }], what);
    }
    const accepted: Record<string, unknown>[] = [
      { is_cbt: true, category: cat, exam: 'x'.repeat(200), type: 'public', play_limit: 3, review_policy: 'score' },
      { is_cbt: false, category: null, exam: '', type: 'free_for_all', play_limit: null, review_policy: 'marks' },
    ];
    for (const patch of accepted) {
      const body = { title: 'Rules', ...patch };
      assert.deepEqual(await schemaMessages(examSchema, body), [], JSON.stringify(patch));
      const r = await call(w.t, w.admin, 'POST', `exams/create/${w.admin.id}`, body);
      assert.equal(r.statusCode, 200, `${JSON.stringify(patch)}: ${r.body}`);
    }
    const unknown = { title: 'Rules', is_cbt: true, category: newId(), exam: 'REF-1' };
    assert.deepEqual(await schemaMessages(examSchema, unknown), [], 'a category that does not exist: the dialog accepts it');
    const r = await call(w.t, w.admin, 'POST', `exams/create/${w.admin.id}`, unknown);
    assert.deepEqual([r.statusCode, r.data], [400, { error: 'Category Not Found' }]);
  });
});

describe('categories: categorySchema in the Add Category dialog and on POST categories/create', () => {
  test('a title the dialog refuses, the server refuses with the same message; the longest allowed passes both', async () => {
    const refused: [string, unknown, string][] = [
      ['none', undefined, 'Title cannot be empty.'],
      ['empty', '', 'Title cannot be empty.'],
      ['blank', '   ', 'Title cannot be empty.'],
      ['101 characters', 'y'.repeat(101), 'Title should be less than 100 characters.'],
    ];
    for (const [what, title, message] of refused) {
      const form = await schemaMessages(categorySchema, { title });
      assert.ok(form.includes(message), `${what}: the dialog says ${JSON.stringify(form)}`);
      const r = await call(w.t, w.admin, 'POST', `categories/create/${w.admin.id}`, { title });
      assert.deepEqual([r.statusCode, r.data], [400, { error: message }], what);
    }
    const longest = ` ${'y'.repeat(100)} `;
    assert.deepEqual(await schemaMessages(categorySchema, { title: longest }), []);
    const ok = await call(w.t, w.admin, 'POST', `categories/create/${w.admin.id}`, { title: longest });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.data.title, 'y'.repeat(100));
  });
});
