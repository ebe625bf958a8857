/**
 * Exam transfer between two deployments: the source app listens on a real port, the destination copies its exam with
 * every media file; failures of the other side (token, unreachable, bad data, a forged media file) leave nothing here.
 * Also the cross-origin reads of the exam list and questions.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Exam, Question } from 'shared-api/types';
import { exams, media, questions } from '../src/db/schema.ts';
import { storeMedia } from '../src/media.ts';
import { bearer, buildTestApp, fixtures, type TestApp } from './helpers.ts';
import { closedPort, json, localSite, type LocalSite } from './transfer-support.ts';

const tokenOf = async (t: TestApp, id: string): Promise<string> => (await fixtures(t).as(id)).token;

async function counts(t: TestApp) {
  const n = async (table: typeof exams | typeof questions | typeof media) =>
    Number((await t.db.select({ n: sql<number | string>`count(*)` }).from(table))[0]!.n);
  return { exams: await n(exams), questions: await n(questions), media: await n(media) };
}

/** A unique PNG / MP3 (valid magic bytes, random rest), so the destination cannot already have it. */
const uniquePng = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const uniqueMp3 = () => Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), randomBytes(400)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('exam transfer', () => {
  let source: TestApp;
  let sourceBase: string;
  let sourceAdmin: { id: string; token: string };
  let sourceExam: string;
  let newPng: Buffer;
  let newMp3: Buffer;
  let dest: TestApp;
  let destAdmin: { id: string; token: string };
  let destInstitute: { id: string; token: string };

  before(async () => {
    source = await buildTestApp();
    await source.app.listen({ port: 0, host: '127.0.0.1' });
    sourceBase = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}/`;
    sourceAdmin = { id: source.seed!.ids!.admin, token: await tokenOf(source, source.seed!.ids!.admin) };
    sourceExam = source.seed!.ids!.exam!;
    // Media the destination has never seen: the reading question's picture and the listening question's audio.
    newPng = uniquePng();
    newMp3 = uniqueMp3();
    const pngUrl = await storeMedia(source.db, newPng, 'image/png', 'png', sourceAdmin.id);
    const mp3Url = await storeMedia(source.db, newMp3, 'audio/mpeg', 'mp3', sourceAdmin.id);
    await source.db.update(questions).set({ description: pngUrl, descriptionAlt: 'A red umbrella' }).where(sql`${questions.examId} = ${sourceExam} and ${questions.questionNumber} = 1`);
    await source.db.update(questions).set({ listening: mp3Url }).where(sql`${questions.examId} = ${sourceExam} and ${questions.questionNumber} = 21`);
    // each listening audio may be played twice: the copy keeps the limit
    await source.db.update(exams).set({ playLimit: 2 }).where(eq(exams.id, sourceExam));

    dest = await buildTestApp({ env: { TRANSFER_ALLOW_HOSTS: `127.0.0.1:${new URL(sourceBase).port}` } });
    destAdmin = { id: dest.seed!.ids!.admin, token: await tokenOf(dest, dest.seed!.ids!.admin) };
    destInstitute = { id: dest.seed!.ids!.institute, token: await tokenOf(dest, dest.seed!.ids!.institute) };
  });
  after(async () => {
    await dest?.close();
    await source?.close();
  });

  const transfer = (body: Record<string, unknown>, as = destAdmin) => dest.app.inject({
    method: 'POST', url: `/api/exams/transferexam/${as.id}`, headers: bearer(as.token), payload: body,
  });
  const list = (body: Record<string, unknown>, as = destAdmin) => dest.app.inject({
    method: 'POST', url: `/api/exams/transfer/list/${as.id}`, headers: bearer(as.token), payload: body,
  });
  const from = () => ({ url: sourceBase, userId: sourceAdmin.id, token: sourceAdmin.token });

  test('lists the exams of the other site through this server', async () => {
    const res = await list(from());
    assert.equal(res.statusCode, 200, res.body);
    const exams = res.json() as Exam[];
    const mine = exams.find((e) => e._id === sourceExam);
    assert.ok(mine);
    assert.equal(mine.title, 'Mini Test Exam');
    assert.equal(mine.question_count, 2);
    assert.equal(mine.play_limit, 2);

    const wrong = await list({ ...from(), token: 'not-a-token' });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), { error: 'Error Getting Exam: the other site refused the token' });
  });

  test('copies the exam with its questions and media; the copy works with the other site stopped', async () => {
    const beforeCounts = await counts(dest);
    // the review policy goes with the exam
    await source.db.update(exams).set({ reviewPolicy: 'marks' }).where(eq(exams.id, sourceExam));
    const res = await transfer({ ...from(), exam: sourceExam });
    assert.equal(res.statusCode, 200, res.body);
    const copy = res.json() as Exam;
    assert.equal(copy.review_policy, 'marks');
    assert.notEqual(copy._id, sourceExam);
    assert.equal(copy.title, 'Mini Test Exam');
    assert.equal(copy.status, 0); // hidden until published
    assert.equal(copy.user._id, destAdmin.id);
    assert.equal(copy.type, 'public');
    assert.equal(copy.question_count, 2);
    assert.equal(copy.play_limit, 2);
    // the category is matched by title here (both deployments have the demo categories, with different ids)
    assert.equal(copy.category?._id, dest.seed!.ids!.categories[0]);

    const theirs = (await source.app.inject({
      url: `/api/questions/${sourceExam}/${sourceAdmin.id}`, headers: bearer(sourceAdmin.token),
    })).json() as Question[];
    const ours = (await dest.app.inject({
      url: `/api/questions/${copy._id}/${destAdmin.id}`, headers: bearer(destAdmin.token),
    })).json() as Question[];
    assert.equal(ours.length, theirs.length);
    const strip = (q: Question) => ({ ...q, _id: '', exam: '' });
    assert.deepEqual(ours.map(strip), theirs.map(strip)); // same content, media URLs are content-addressed
    assert.equal(ours[0]!.description, `/media/${sha(newPng)}.png`);
    assert.equal(ours[0]!.description_alt, 'A red umbrella'); // the picture's alt text goes with it
    assert.equal(ours[1]!.listening, `/media/${sha(newMp3)}.mp3`);
    assert.ok(ours.every((q) => q.exam === copy._id));

    const rows = await dest.db.select().from(media).where(sql`${media.hash} in (${sha(newPng)}, ${sha(newMp3)})`);
    assert.equal(rows.length, 2);
    assert.ok(rows.every((r) => r.createdBy === destAdmin.id));
    const after = await counts(dest);
    assert.deepEqual(after, { exams: beforeCounts.exams + 1, questions: beforeCounts.questions + 2, media: beforeCounts.media + 2 });
    const [examRow] = await dest.db.select().from(exams).where(eq(exams.id, copy._id));
    assert.equal(examRow!.userId, destAdmin.id);

    // The other site goes away: the copy's media are still served here.
    await source.app.close();
    for (const url of [ours[0]!.description, ours[1]!.listening, JSON.parse(ours[1]!.option1).listening as string]) {
      const m = await dest.app.inject({ url });
      assert.equal(m.statusCode, 200, url);
    }
    const audio = await dest.app.inject({ url: ours[1]!.listening });
    assert.equal(audio.headers['content-type'], 'audio/mpeg');
    assert.deepEqual(audio.rawPayload, newMp3);
  });

  test('refuses callers who are not the admin acting for themselves, and bad bodies', async () => {
    const body = { ...from(), exam: sourceExam };
    assert.equal((await transfer(body, destInstitute)).statusCode, 403);
    const other = await dest.app.inject({
      method: 'POST', url: `/api/exams/transferexam/${destInstitute.id}`, headers: bearer(destAdmin.token), payload: body,
    });
    assert.equal(other.statusCode, 403);
    assert.equal((await dest.app.inject({ method: 'POST', url: `/api/exams/transferexam/${destAdmin.id}`, payload: body })).statusCode, 401);
    assert.equal((await transfer({ ...body, exam: undefined })).statusCode, 400);
    assert.equal((await transfer({ ...body, extra: 1 })).statusCode, 400);
    assert.equal((await transfer({ ...body, url: 'x'.repeat(3000) })).statusCode, 400);
    assert.equal((await list({ url: sourceBase }, destInstitute)).statusCode, 403);
  });
});

describe('exam transfer: failures of the other side leave nothing behind', () => {
  let dest: TestApp;
  let admin: { id: string; token: string };
  let site: LocalSite;
  let good: Buffer;
  let forged: Buffer;
  let deadPort: number;
  const examId = 'remote-exam-1';
  const remoteExam = {
    _id: examId, title: 'Remote Exam', type: 'private', is_cbt: false, status: 1, category: { _id: 'x', title: 'No Such Category' },
    exam: '', user: { _id: 'u', name: 'Them' }, question_count: 2, createdAt: new Date().toISOString(),
  };
  const question = (n: number, extra: Record<string, unknown> = {}) => ({
    _id: `q${n}`, exam: examId, type: n <= 20 ? 'Reading' : 'Listening', question_number: n, main_heading: 'Choose', main_heading_image: false,
    heading: '', description: '', description_image: false, description_boxed: false, option_type: 'text',
    option1: 'a', option2: 'b', option3: 'c', option4: 'd', listening: '', answer: '1', answer_details: '', ...extra,
  });
  /** what the fake site answers, per test */
  let answers: { list: unknown; questions: unknown; listStatus?: number };

  before(async () => {
    good = uniquePng();
    forged = uniquePng();
    site = await localSite((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      if (path.startsWith('/api/exams/admin/')) return json(answers.list, answers.listStatus ?? 200)(req, res);
      if (path.startsWith('/api/questions/')) return json(answers.questions)(req, res);
      // /media/<sha of good>.png serves the good bytes; /media/<sha of forged>.png serves other bytes (a forgery)
      if (path === `/media/${sha(good)}.png`) return res.writeHead(200, { 'content-type': 'image/png' }).end(good);
      if (path === `/media/${sha(forged)}.png`) return res.writeHead(200, { 'content-type': 'image/png' }).end(uniquePng());
      if (path === '/media/' + sha(Buffer.from('text')) + '.png') return res.writeHead(200).end('text');
      res.writeHead(404).end();
    });
    deadPort = await closedPort();
    dest = await buildTestApp({ env: { TRANSFER_ALLOW_HOSTS: `127.0.0.1:${site.port},127.0.0.1:${deadPort}` } });
    admin = { id: dest.seed!.ids!.admin, token: await tokenOf(dest, dest.seed!.ids!.admin) };
  });
  after(async () => {
    await dest?.close();
    await site?.close();
  });

  const transfer = (over: Record<string, unknown> = {}) => dest.app.inject({
    method: 'POST', url: `/api/exams/transferexam/${admin.id}`, headers: bearer(admin.token),
    payload: { url: site.base, userId: 'them', token: 'their-token', exam: examId, ...over },
  });

  async function expectFailure(reason: string | RegExp, over: Record<string, unknown> = {}) {
    const beforeCounts = await counts(dest);
    const res = await transfer(over);
    assert.equal(res.statusCode, 400, res.body);
    const error = (res.json() as { error: string }).error;
    if (typeof reason === 'string') assert.equal(error, `Error Transfering Exam: ${reason}`);
    else assert.match(error, reason);
    assert.deepEqual(await counts(dest), beforeCounts);
  }

  test('a valid fake exam is copied (the fake site is right), uncategorised when the title is unknown here', async () => {
    // an absolute media URL of the other site is accepted too
    answers = { list: [remoteExam], questions: [] };
    answers.questions = [question(1, { description: `${site.base}media/${sha(good)}.png`, description_image: true }), question(2)];
    const res = await transfer();
    assert.equal(res.statusCode, 200, res.body);
    const copy = res.json() as Exam;
    assert.equal(copy.category, null);
    assert.equal(copy.type, 'private');
    assert.equal(copy.review_policy, 'answers', 'a site from before review policies: the default');
    assert.equal(copy.question_count, 2);
    assert.equal(copy.play_limit, null); // a deployment from before play limits sends none: no limit
    // nor alt texts: none
    const [q1] = await dest.db.select().from(questions).where(sql`${questions.examId} = ${copy._id} and ${questions.questionNumber} = 1`);
    assert.equal(q1!.descriptionAlt, '');
    // a limit this deployment does not offer is not copied
    answers.list = [{ ...remoteExam, play_limit: 99 }];
    const odd = await transfer();
    assert.equal(odd.statusCode, 200, odd.body);
    assert.equal((odd.json() as Exam).play_limit, null);
    answers.list = [{ ...remoteExam, play_limit: 3 }];
    assert.equal((((await transfer()).json()) as Exam).play_limit, 3);
    assert.equal(site.auth.filter((a) => a === 'Bearer their-token').length >= 2, true);
    assert.ok(site.seen.some((s) => s === `GET /media/${sha(good)}.png`));
  });

  test('the review policy of the other site\'s exam is copied', async () => {
    answers = { list: [{ ...remoteExam, review_policy: 'score' }], questions: [question(1), question(2)] };
    const res = await transfer();
    assert.equal(res.statusCode, 200, res.body);
    const copy = res.json() as Exam;
    assert.equal(copy.review_policy, 'score');
    assert.equal((await dest.db.select().from(exams).where(eq(exams.id, copy._id)))[0]!.reviewPolicy, 'score');
  });

  test('the other site refuses the token', async () => {
    answers = { list: { error: 'Unauthorized' }, listStatus: 401, questions: [] };
    await expectFailure('the other site refused the token');
  });

  test('the other site is unreachable', async () => {
    await expectFailure('unreachable', { url: `http://127.0.0.1:${deadPort}/` }); // allow-listed, nothing listens
    await expectFailure('address not allowed', { url: `http://127.0.0.1:${deadPort + 1}/` }); // not allow-listed
  });

  test('bad data: not JSON, not a list, missing fields, unknown exam, broken questions', async () => {
    answers = { list: 'not a list', questions: [] };
    await expectFailure('bad data: the exam list is not a list');
    answers = { list: [{ ...remoteExam, title: undefined }], questions: [] };
    await expectFailure('bad data: an exam has no valid title');
    answers = { list: [{ ...remoteExam, review_policy: 'everything' }], questions: [] };
    await expectFailure('bad data: an exam has no valid review_policy');
    answers = { list: [remoteExam], questions: [] };
    await expectFailure('the exam was not found on the other site', { exam: 'another-exam' });
    answers = { list: [remoteExam], questions: { nope: true } };
    await expectFailure('bad data: the questions are not a list');
    answers = { list: [remoteExam], questions: [{ ...question(1), answer: undefined }] };
    await expectFailure(/^Error Transfering Exam: bad data: question 1 has no answer/);
    answers = { list: [remoteExam], questions: [question(1), question(1)] };
    await expectFailure('bad data: two questions have the same number');
    answers = { list: [remoteExam], questions: [question(1, { option1: '' })] };
    await expectFailure('bad data: question 1: Option 1 cannot be empty.');
    answers = { list: [remoteExam], questions: [question(1, { description_alt: '<img src=x onerror=alert(1)>' })] };
    await expectFailure('bad data: question 1: Description Alt Text must be plain text, without HTML');
    answers = { list: [remoteExam], questions: [question(1, { option2_alt: 'x'.repeat(251) })] };
    await expectFailure('bad data: question 1: Option 2 Alt Text should be less than 250 characters.');
    answers = { list: [remoteExam], questions: [question(1, { option2_alt: ['a'] })] };
    await expectFailure('bad data: question 1: option2_alt is not text');
    answers = { list: [remoteExam], questions: [question(1, { description: 'http://169.254.169.254/x.png', description_image: true })] };
    await expectFailure('bad data: question 1: a media reference is not a media file of the other site');
  });

  test('bad data: a media file that does not match its name, or is not what its place needs', async () => {
    answers = {
      list: [remoteExam],
      questions: [
        question(1, { description: `/media/${sha(good)}.png`, description_image: true }),
        question(2, { description: `/media/${sha(forged)}.png`, description_image: true }),
      ],
    };
    await expectFailure(`bad data: the media file ${sha(forged)}.png does not match its name`);
    assert.equal((await dest.db.select().from(media).where(eq(media.hash, sha(forged)))).length, 0);
    answers = { list: [remoteExam], questions: [question(1, { description: `/media/${sha(Buffer.from('text'))}.png`, description_image: true })] };
    await expectFailure(`bad data: the media file ${sha(Buffer.from('text'))}.png is not an image`);
    answers = { list: [remoteExam], questions: [question(1, { description: `/media/${'a'.repeat(64)}.png`, description_image: true })] };
    await expectFailure('not found on the other site');
  });

  test('the address and the scheme are checked before anything is sent', async () => {
    const seen = site.seen.length;
    await expectFailure('address not allowed', { url: 'http://10.0.0.1/' });
    await expectFailure('address not allowed', { url: 'http://169.254.169.254/' });
    await expectFailure('only http and https addresses are allowed', { url: 'file:///etc/passwd' });
    await expectFailure('the user id is not valid', { userId: '../../x' });
    assert.equal(site.seen.length, seen);
  });

  test('an exam answering too slowly is cut at the time limit', async () => {
    const slow = await localSite(() => { /* never answers */ });
    const t = await buildTestApp({ env: { TRANSFER_ALLOW_HOSTS: `127.0.0.1:${slow.port}`, TRANSFER_TIMEOUT_MS: '300' } });
    try {
      const a = await tokenOf(t, t.seed!.ids!.admin);
      const beforeCounts = await counts(t);
      const res = await t.app.inject({
        method: 'POST', url: `/api/exams/transferexam/${t.seed!.ids!.admin}`, headers: bearer(a),
        payload: { url: slow.base, userId: 'them', token: 't', exam: examId },
      });
      assert.deepEqual(res.json(), { error: 'Error Transfering Exam: timed out' });
      assert.deepEqual(await counts(t), beforeCounts);
    } finally {
      await t.close();
      await slow.close();
    }
  });

  test('a transfer larger than the byte budget is refused', async () => {
    const t = await buildTestApp({ env: { TRANSFER_ALLOW_HOSTS: `127.0.0.1:${site.port}`, TRANSFER_MAX_BYTES: '600' } });
    try {
      const a = await tokenOf(t, t.seed!.ids!.admin);
      answers = { list: [remoteExam], questions: [question(1, { description: `/media/${sha(good)}.png`, description_image: true }), question(2)] };
      const beforeCounts = await counts(t);
      const res = await t.app.inject({
        method: 'POST', url: `/api/exams/transferexam/${t.seed!.ids!.admin}`, headers: bearer(a),
        payload: { url: site.base, userId: 'them', token: 't', exam: examId },
      });
      assert.deepEqual(res.json(), { error: 'Error Transfering Exam: the exam is too large to transfer' });
      assert.deepEqual(await counts(t), beforeCounts);
    } finally {
      await t.close();
    }
  });
});

describe('cross-origin reads of the exam list and questions', () => {
  let t: TestApp;
  let admin: string;
  let adminToken: string;
  let institute: string;
  let instituteToken: string;
  const origin = 'http://other.example:8080';
  before(async () => {
    t = await buildTestApp();
    admin = t.seed!.ids!.admin;
    adminToken = await tokenOf(t, admin);
    institute = t.seed!.ids!.institute;
    instituteToken = await tokenOf(t, institute);
  });
  after(async () => { await t?.close(); });

  test('a preflight is answered for the exam list and questions', async () => {
    for (const url of [`/api/exams/admin/${admin}`, `/api/questions/${t.seed!.ids!.exam}/${admin}`]) {
      const res = await t.app.inject({
        method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      assert.equal(res.statusCode, 204, url);
      assert.equal(res.headers['access-control-allow-origin'], origin);
      assert.match(String(res.headers['access-control-allow-headers']), /authorization/i);
    }
  });

  test('answers carry Access-Control-Allow-Origin only for a valid admin token', async () => {
    const withAdmin = await t.app.inject({ url: `/api/exams/admin/${admin}`, headers: { origin, ...bearer(adminToken) } });
    assert.equal(withAdmin.statusCode, 200);
    assert.equal(withAdmin.headers['access-control-allow-origin'], origin);
    const questionsRes = await t.app.inject({ url: `/api/questions/${t.seed!.ids!.exam}/${admin}`, headers: { origin, ...bearer(adminToken) } });
    assert.equal(questionsRes.statusCode, 200);
    assert.equal(questionsRes.headers['access-control-allow-origin'], origin);

    const noToken = await t.app.inject({ url: `/api/exams/admin/${admin}`, headers: { origin } });
    assert.equal(noToken.statusCode, 401);
    assert.equal(noToken.headers['access-control-allow-origin'], undefined);
    const badToken = await t.app.inject({ url: `/api/exams/admin/${admin}`, headers: { origin, ...bearer('x.y.z') } });
    assert.equal(badToken.headers['access-control-allow-origin'], undefined);
    const inst = await t.app.inject({ url: `/api/questions/${t.seed!.ids!.exam}/${institute}`, headers: { origin, ...bearer(instituteToken) } });
    assert.equal(inst.headers['access-control-allow-origin'], undefined);
    // other routes never do
    const other = await t.app.inject({ url: `/api/categories/${admin}`, headers: { origin, ...bearer(adminToken) } });
    assert.equal(other.statusCode, 200);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });
});
