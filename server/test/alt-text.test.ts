/**
 * Alternative text of question images (issue 25): authors give it per image (shared rules: optional, at most 250
 * characters, one line of plain text), it is kept on partial edits, and it reaches the student: the exam download,
 * the running exam and the result detail. Hostile values are a 400 `{ error }` and change nothing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { questions } from '../src/db/schema.ts';
import { addQuestion, buildWorld, call, createExam, media, validQuestion, type World } from './authoring-support.ts';

let w: World;
let m: { image: string; audio: string };
let exam: string;
before(async () => {
  w = await buildWorld();
  exam = (await createExam(w.t, w.institute, { title: 'Alt text' })).data._id;
  m = await media(w.t, w.institute, exam);
});
after(async () => { await w?.t.close(); });

type Q = Record<string, unknown> & { _id: string; question_number: number };
const list = async (examId: string) => (await call(w.t, w.institute, 'GET', `questions/${examId}/${w.institute.id}`)).data as Q[];
const ALTS = ['main_heading_alt', 'description_alt', 'option1_alt', 'option2_alt', 'option3_alt', 'option4_alt'] as const;
/** A question whose every field that can be an image is one. */
const allImages = (n: number, extra: Record<string, unknown> = {}) => validQuestion(n, m, {
  main_heading_image: true, main_heading: m.image, description_image: true, description: m.image,
  option_type: 'image', option1: m.image, option2: m.image, option3: m.image, option4: m.image, ...extra,
});
const altsOf = (q: Record<string, unknown>) => Object.fromEntries(ALTS.map((k) => [k, q[k]]));

describe('authoring', () => {
  test('each image takes its own alt text; none given is empty; a partial edit keeps them', async () => {
    const given = {
      main_heading_alt: 'A sign with an arrow pointing left', description_alt: '우산을 든 사람 (a person holding an umbrella)',
      option1_alt: 'A hammer', option2_alt: 'A key', option3_alt: 'A ladder', option4_alt: 'x'.repeat(250),
    };
    const r = await addQuestion(w.t, w.institute, exam, allImages(1, given));
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(altsOf(r.data), given);
    assert.deepEqual(altsOf((await list(exam)).find((q) => q.question_number === 1)!), given);

    const plain = await addQuestion(w.t, w.institute, exam, allImages(2));
    assert.equal(plain.statusCode, 200, plain.body);
    assert.deepEqual(altsOf(plain.data), Object.fromEntries(ALTS.map((k) => [k, ''])));

    // 'a < b' and '&' alone are text, not markup
    const edit = await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${r.data._id}/${w.institute.id}`, { option2_alt: 'Key < lock & chain', heading: 'Pick one' });
    assert.equal(edit.statusCode, 200, edit.body);
    assert.deepEqual(altsOf(edit.data), { ...given, option2_alt: 'Key < lock & chain' });
  });

  test('hostile alt text: 400 with the rule\'s message, nothing stored or changed', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ main_heading_alt: 'x'.repeat(251) }, 'Main Heading Alt Text should be less than 250 characters.'],
      [{ description_alt: 'x'.repeat(20_000) }, /description_alt/], // past the body's text bound: refused before the rules
      [{ option1_alt: '<img src=x onerror=alert(1)>' }, 'Option 1 Alt Text must be plain text, without HTML'],
      [{ option2_alt: 'A key</p><script>alert(1)</script>' }, 'Option 2 Alt Text must be plain text, without HTML'],
      [{ option3_alt: 'A ladder <!-- hidden -->' }, 'Option 3 Alt Text must be plain text, without HTML'],
      [{ option4_alt: 'A cup &lt;b&gt;' }, 'Option 4 Alt Text must be plain text, without HTML'],
      [{ option4_alt: 'A cup &#60;' }, 'Option 4 Alt Text must be plain text, without HTML'],
      [{ description_alt: 'two\nlines' }, 'Description Alt Text must be one line of text'],
      [{ description_alt: 'bell\u0007' }, 'Description Alt Text must be one line of text'],
      [{ main_heading_alt: 'nul\u0000here' }, / Invalid main_heading_alt\./], // the database cannot store NUL: refused for every route
      [{ option1_alt: { text: 'a' } }, /option1_alt/],
    ];
    const before = await list(exam);
    const stored = before.find((q) => q.question_number === 1)!;
    for (const [patch, error] of cases) {
      const created = await addQuestion(w.t, w.institute, exam, allImages(3, patch));
      const edited = await call(w.t, w.institute, 'PUT', `questions/new/${exam}/${stored._id}/${w.institute.id}`, patch);
      for (const r of [created, edited]) {
        assert.equal(r.statusCode, 400, `${JSON.stringify(patch).slice(0, 80)} → ${r.body}`);
        assert.equal(typeof r.data.error, 'string');
        if (typeof error === 'string') assert.equal(r.data.error, error, JSON.stringify(patch).slice(0, 80));
        else assert.match(r.data.error, error);
      }
    }
    assert.deepEqual(await list(exam), before);
  });
});

describe('the student gets the author\'s alt text', () => {
  test('in the exam download, the running exam and the result detail', async () => {
    const student = w.student;
    const demo = w.demoExam;
    const [q1] = await w.t.db.select().from(questions).where(eq(questions.examId, demo)).orderBy(questions.questionNumber).limit(1);
    assert.equal(q1!.descriptionImage, true, 'the fixture exam\'s question 1 has a picture');
    const alt = 'An apple on a plate';
    // the fixture exam is published with 2 questions (the routes keep a published exam complete): set in the table
    await w.t.db.update(questions).set({ descriptionAlt: alt, updatedAt: new Date() }).where(eq(questions.id, q1!.id));

    const download = await call(w.t, student, 'GET', `exams/download/${demo}/${student.id}`);
    assert.equal(download.statusCode, 200, download.body);
    const packaged = (download.data.questions as Q[]).find((q) => q.question_number === 1)!;
    assert.equal(packaged.description_alt, alt);
    assert.equal(packaged.answer, undefined, 'still no answer in the package');

    const start = await call(w.t, student, 'POST', `reports/create/${student.id}`, { exam: demo, user: student.id, institute: null });
    assert.equal(start.statusCode, 200, start.body);
    const running = await call(w.t, student, 'GET', `attempts/running/${demo}/${student.id}`);
    assert.equal(running.statusCode, 200, running.body);
    assert.equal((running.data.questions as Q[]).find((q) => q.question_number === 1)!.description_alt, alt);

    const submit = await call(w.t, student, 'POST', `results/create/${demo}/${student.id}`, { report: start.data._id });
    assert.equal(submit.statusCode, 200, submit.body);
    const detail = await call(w.t, student, 'GET', `results/${submit.data.resultId}/${student.id}`);
    assert.equal(detail.statusCode, 200, detail.body);
    assert.equal((detail.data.questions as Q[]).find((q) => q.question_number === 1)!.description_alt, alt);
  });
});
