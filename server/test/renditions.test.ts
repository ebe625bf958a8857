/**
 * Media renditions and the exam download (issue 22): students get a smaller file that still plays, authors the
 * original; what cannot be decoded keeps the original; the backfill of media stored before is idempotent and is not
 * done twice by two servers; the download package is the running exam's questions without answers, its files and
 * their bytes, for the student who may start the exam and nobody else.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { exams, media, mediaRenditions, questions } from '../src/db/schema.ts';
import { IMAGE_MAX_WIDTH } from '../src/renditions/encode.ts';
import { Renditions } from '../src/renditions/index.ts';
import { addQuestion, buildWorld, call, createExam, upload, validQuestion, type Actor, type World } from './authoring-support.ts';
import { buildTestApp } from './helpers.ts';
import { makeJpeg, makeMp3, mp3Duration, mp3Header } from './support/media-fixtures.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let w: World;
let examId: string;
const speech = makeMp3({ seconds: 30, kbps: 128, channels: 2 });
const truncated = makeMp3({ seconds: 12, seed: 3 }).subarray(0, 70_001); // cut mid-frame, about a third in
// frame headers with nothing decodable behind them: what a broken recorder or a renamed file gives
const malformed = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(40_000, 0x55)]);
const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(30_000, 1)]);
let photo: Buffer;
const urls: Record<string, string> = {};

async function get(url: string): Promise<Buffer> {
  const res = await w.t.app.inject({ url });
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
  return res.rawPayload;
}

async function up(who: Actor, field: string, data: Buffer, filename: string): Promise<string> {
  const res = await upload(w.t, who, examId, field, { data, filename }, field === 'listening' ? 'audio' : 'image');
  assert.equal(res.statusCode, 200, res.body);
  return res.data.url as string;
}

before(async () => {
  w = await buildWorld({ env: { RENDITION_THREADS: '1' } });
  photo = await makeJpeg({ width: 2400, height: 1600, approxBytes: 500_000 });
  examId = (await createExam(w.t, w.institute, { title: 'Listening with real clips' })).data._id;
  urls.speech = await up(w.institute, 'listening', speech, 'clip.mp3');
  urls.photo = await up(w.institute, 'description', photo, 'photo.jpg');
  urls.ogg = await up(w.institute, 'listening', ogg, 'clip.ogg');
  urls.malformed = await up(w.institute, 'listening', malformed, 'broken.mp3');
  urls.truncated = await up(w.institute, 'listening', truncated, 'cut.mp3');
  const add = async (n: number, extra: Record<string, unknown>) => {
    const r = await addQuestion(w.t, w.institute, examId, validQuestion(n, { audio: urls.speech! }, extra));
    assert.equal(r.statusCode, 200, r.body);
  };
  await add(1, { description: urls.photo, description_image: true });
  await add(21, { description: urls.photo, description_image: true, answer: '3', answer_details: 'SECRET-DETAILS' });
  await add(22, { listening: urls.ogg });
  await add(23, { listening: urls.malformed });
  await add(24, { listening: urls.truncated });
  // published as it is (the publish rules want 40 questions; they are not what is tested here)
  await w.t.db.update(exams).set({ status: 1 }).where(eq(exams.id, examId));
  await w.t.app.renditions.idle();
  // the worker pool took every file above with one error listener (it was one more per file)
  const pool = (w.t.app.renditions as unknown as { pool?: { listenerCount(e: string): number } }).pool;
  assert.equal(pool?.listenerCount('error'), 1);
});
after(async () => { await w?.t.close(); });

const download = (who: Actor, exam = examId) => call(w.t, who, 'GET', `exams/download/${exam}/${who.id}`);

async function runningQuestions(who: Actor) {
  const start = await call(w.t, who, 'POST', `reports/create/${who.id}`, { exam: examId, user: who.id, institute: w.institute.id });
  assert.equal(start.statusCode, 200, start.body);
  const running = await call(w.t, who, 'GET', `attempts/running/${examId}/${who.id}`);
  assert.equal(running.statusCode, 200, running.body);
  return running.data.questions as Record<string, unknown>[];
}

describe('renditions', () => {
  test('a 30 s 128 kbit/s stereo MP3 reaches the student as a mono 32 kbit/s rendition of the same length; the author keeps the original', async () => {
    const qs = await runningQuestions(w.student);
    const q21 = qs.find((q) => q.question_number === 21)!;
    assert.notEqual(q21.listening, urls.speech);
    assert.match(q21.listening as string, /^\/media\/[0-9a-f]{64}\.mp3$/);
    const rendition = await get(q21.listening as string);
    const header = mp3Header(rendition)!;
    assert.equal(header.channels, 1);
    assert.ok(header.kbps >= 24 && header.kbps <= 40, `${header.kbps} kbit/s`);
    assert.ok(rendition.length < speech.length * 0.35, `${rendition.length} of ${speech.length} bytes`);
    const [a, b] = [await mp3Duration(speech), await mp3Duration(rendition)];
    assert.ok(a > 29.9, `original ${a} s`);
    assert.ok(Math.abs(a - b) < 0.1, `original ${a} s, rendition ${b} s`);

    // the author's question list and the served original are untouched
    const authored = await call(w.t, w.institute, 'GET', `questions/${examId}/${w.institute.id}`);
    assert.equal(authored.statusCode, 200);
    const a21 = (authored.data as Record<string, unknown>[]).find((q) => q.question_number === 21)!;
    assert.equal(a21.listening, urls.speech);
    assert.equal(a21.description, urls.photo);
    assert.ok((await get(urls.speech!)).equals(speech));
  });

  test('an image rendition is no wider than the exam page shows, and smaller', async () => {
    const qs = (await download(w.student)).data.questions as Record<string, unknown>[];
    const q1 = qs.find((q) => q.question_number === 1)!;
    assert.notEqual(q1.description, urls.photo);
    const data = await get(q1.description as string);
    const meta = await sharp(data).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.ok(meta.width! <= IMAGE_MAX_WIDTH, `${meta.width}px`);
    assert.ok(data.length < photo.length / 2, `${data.length} of ${photo.length} bytes`);
  });

  test('audio that cannot be decoded, or is broken, keeps the original for students too; the server goes on', async () => {
    const qs = (await download(w.student)).data.questions as Record<string, unknown>[];
    const byNumber = (n: number) => qs.find((q) => q.question_number === n)!;
    assert.equal(byNumber(22).listening, urls.ogg);
    assert.equal(byNumber(23).listening, urls.malformed);
    assert.ok((await get(urls.malformed!)).equals(malformed));
    const notes = await w.t.db.select().from(mediaRenditions);
    const note = (url: string) => notes.find((r) => url.includes(r.originalHash));
    assert.equal(note(urls.ogg!)?.status, 'kept');
    assert.match(note(urls.ogg!)!.note, /cannot be decoded/);
    assert.equal(note(urls.malformed!)?.status, 'kept');
    // a file cut mid-frame is what it is: the student's copy (rendition or original) plays as long as it does
    const cut = await get(byNumber(24).listening as string);
    assert.ok(Math.abs((await mp3Duration(cut)) - (await mp3Duration(truncated))) < 0.1);
    const health = await w.t.app.inject({ url: '/api/health' });
    assert.equal(health.statusCode, 200);
  });
});

describe('GET exams/download', () => {
  test('the running exam\'s questions with rendition URLs, every file once with its size, and the bytes of it all', async () => {
    const res = await download(w.student);
    assert.equal(res.statusCode, 200, res.body);
    assert.doesNotMatch(res.body, /"answer(_details)?"\s*:/);
    assert.doesNotMatch(res.body, /SECRET-DETAILS/);
    const body = res.data as { examId: string; questions: Record<string, unknown>[]; files: { url: string; bytes: number }[]; bytes: number };
    assert.equal(body.examId, examId);
    const running = await call(w.t, w.student, 'GET', `attempts/running/${examId}/${w.student.id}`);
    assert.deepEqual(body.questions, running.data.questions);
    const referenced = new Set(body.questions.flatMap((q) => [q.listening, q.description_image ? q.description : ''].filter(Boolean)));
    assert.deepEqual(new Set(body.files.map((f) => f.url)), referenced);
    assert.equal(body.files.length, referenced.size);
    for (const f of body.files) assert.equal(f.bytes, (await get(f.url)).length, f.url);
    const files = body.files.reduce((n, f) => n + f.bytes, 0);
    assert.equal(body.bytes, files + Buffer.byteLength(res.body));
  });

  test('refused to another student, to an institute, for an exam the student may not start, for an unknown exam', async () => {
    const other = await call(w.t, w.otherStudent, 'GET', `exams/download/${examId}/${w.student.id}`);
    assert.equal(other.statusCode, 403);
    const own = await download(w.otherStudent); // a student of another institute: the exam is private to ours
    assert.ok([403, 404].includes(own.statusCode), own.body);
    assert.equal((await download(w.institute)).statusCode, 403);
    assert.equal((await download(w.admin)).statusCode, 403);
    const hidden = (await createExam(w.t, w.institute, { title: 'Not published' })).data._id as string;
    assert.equal((await download(w.student, hidden)).statusCode, 404);
    assert.equal((await download(w.student, 'ffffffffffffffffffffffff')).statusCode, 404);
    assert.equal((await download(w.student, '..%2Fx')).statusCode, 400);
    for (const r of [other, own]) assert.doesNotMatch(r.body, /questions/);
  });

  test('the exam lists carry downloadBytes, equal to the package; an edit of a question changes both', async () => {
    const list = await call(w.t, w.student, 'GET', `exams/published/users/${w.student.id}`);
    const listed = (list.data as { _id: string; downloadBytes: number }[]).find((e) => e._id === examId)!;
    const before = (await download(w.student)).data.bytes as number;
    assert.equal(listed.downloadBytes, before);
    const other = await call(w.t, w.student, 'GET', `exams/users/getAll/${w.student.id}`);
    for (const e of other.data as { downloadBytes: number }[]) assert.equal(typeof e.downloadBytes, 'number');

    // Another server process's edit (straight into the database): seen within a second (the version is kept that long).
    await w.t.db.update(questions).set({ heading: 'A longer heading than before', updatedAt: new Date() })
      .where(sql`${questions.examId} = ${examId} and ${questions.questionNumber} = 1`);
    const edited = Date.now();
    let after = before;
    while (after === before && Date.now() - edited < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      after = (await download(w.student)).data.bytes as number;
    }
    assert.equal(after, before + 'A longer heading than before'.length);
    assert.ok(Date.now() - edited < 2000, `another process's edit seen after ${Date.now() - edited} ms`);
    const again = await call(w.t, w.student, 'GET', `exams/published/users/${w.student.id}`);
    assert.equal((again.data as { _id: string; downloadBytes: number }[]).find((e) => e._id === examId)!.downloadBytes, after);

    // This process's edit (through the API): seen by the very next download. (The exam is unpublished for the edit:
    // it has too few questions to stay published through an edit.)
    const [q1] = await w.t.db.select({ id: questions.id }).from(questions)
      .where(sql`${questions.examId} = ${examId} and ${questions.questionNumber} = 1`);
    await w.t.db.update(exams).set({ status: 0 }).where(eq(exams.id, examId));
    const put = await call(w.t, w.institute, 'PUT', `questions/new/${examId}/${q1!.id}/${w.institute.id}`,
      validQuestion(1, { audio: urls.speech! }, { description: urls.photo, description_image: true, heading: 'Edited through the API, at once' }));
    assert.equal(put.statusCode, 200, put.body);
    await w.t.db.update(exams).set({ status: 1 }).where(eq(exams.id, examId));
    const pkg = await download(w.student);
    assert.match(pkg.body, /Edited through the API, at once/);
  });
});

describe('backfill', () => {
  test('media stored before the upgrade get renditions at start, once; two servers starting together share the work', async () => {
    const t = await buildTestApp({ seed: false }); // RENDITION_THREADS 0: nothing made
    try {
      const files = [makeMp3({ seconds: 8, seed: 11 }), makeMp3({ seconds: 6, seed: 12 }), await makeJpeg({ width: 1200, height: 900, approxBytes: 200_000, seed: 5 })];
      for (const f of files) {
        const jpeg = f[0] === 0xff && f[1] === 0xd8;
        await t.db.insert(media).values({ hash: sha(f), mime: jpeg ? 'image/jpeg' : 'audio/mpeg', ext: jpeg ? 'jpg' : 'mp3', size: f.length, data: f });
      }
      const config = { ...t.config, renditionThreads: 1 };
      // two servers on one database start at once
      const [a, b] = await Promise.all([0, 1].map(async () => {
        const app = await buildApp({ config, database: t.database, logger: false });
        await app.ready();
        return app;
      }));
      await Promise.all([a!.renditions.idle(), b!.renditions.idle()]);
      const made = a!.renditions.stats.made + b!.renditions.stats.made;
      assert.equal(made, 3);
      const rows = await t.db.select().from(mediaRenditions);
      assert.deepEqual(rows.map((r) => r.status).sort(), ['done', 'done', 'done']);
      const count = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(media))[0]!.n);
      assert.equal(await count(), 6);
      await a!.close();
      await b!.close();

      // a restart finds nothing to do
      const c = await buildApp({ config, database: t.database, logger: false });
      await c.ready();
      await c.renditions.idle();
      assert.deepEqual(c.renditions.stats, { made: 0, cached: 0, kept: 0, skipped: 0 });
      assert.equal(await count(), 6);
      await c.close();
    } finally {
      await t.close();
    }
  });

  test('RENDITION_CACHE_DIR: another data directory with the same media takes their renditions from the cache, the same bytes, encoding nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eps-rendition-cache-'));
    const files = [makeMp3({ seconds: 8, seed: 21 }), malformed, await makeJpeg({ width: 1200, height: 900, approxBytes: 200_000, seed: 6 })];
    const run = async () => {
      const t = await buildTestApp({ seed: false });
      try {
        for (const f of files) {
          const jpeg = f[0] === 0xff && f[1] === 0xd8;
          await t.db.insert(media).values({ hash: sha(f), mime: jpeg ? 'image/jpeg' : 'audio/mpeg', ext: jpeg ? 'jpg' : 'mp3', size: f.length, data: f });
        }
        const app = await buildApp({ config: { ...t.config, renditionThreads: 1, renditionCacheDir: dir }, database: t.database, logger: false });
        await app.ready();
        await app.renditions.idle();
        const stats = { ...app.renditions.stats };
        const rows = await t.db.select({ original: mediaRenditions.originalHash, status: mediaRenditions.status, data: media.data })
          .from(mediaRenditions).leftJoin(media, eq(media.hash, mediaRenditions.renditionHash));
        await app.close();
        return { stats, rows: rows.map((r) => [r.original, r.status, r.data ? sha(Buffer.from(r.data)) : null]).sort() };
      } finally {
        await t.close();
      }
    };
    try {
      const first = await run();
      assert.deepEqual(first.stats, { made: 2, cached: 0, kept: 1, skipped: 0 }); // the malformed MP3 keeps its original
      const second = await run();
      assert.deepEqual(second.stats, { made: 0, cached: 3, kept: 0, skipped: 0 });
      assert.deepEqual(second.rows, first.rows);
      // an entry whose bytes are gone is made again (a process stopped mid-write leaves only a temporary name)
      for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.bin'))) fs.rmSync(path.join(dir, f));
      const third = await run();
      assert.deepEqual(third.stats, { made: 2, cached: 1, kept: 0, skipped: 0 });
      assert.deepEqual(third.rows, first.rows);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('two processes claiming the same files: each file is encoded once (the claim, as on PostgreSQL)', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      const f = makeMp3({ seconds: 5, seed: 21 });
      await t.db.insert(media).values({ hash: sha(f), mime: 'audio/mpeg', ext: 'mp3', size: f.length, data: f });
      const g = makeMp3({ seconds: 4, seed: 22 });
      await t.db.insert(media).values({ hash: sha(g), mime: 'audio/mpeg', ext: 'mp3', size: g.length, data: g });
      const servers = [0, 1].map(() => new Renditions(t.db, quiet, { threads: 1, singleProcess: false }));
      for (const s of servers) s.kick();
      await Promise.all(servers.map((s) => s.idle()));
      assert.equal(servers[0]!.stats.made + servers[1]!.stats.made, 2);
      assert.equal(servers[0]!.stats.skipped + servers[1]!.stats.skipped, 2);
      await Promise.all(servers.map((s) => s.close()));
      // a claim left by a process that stopped mid-work is taken over once it is stale, not before
      const h = makeMp3({ seconds: 3, seed: 23 });
      await t.db.insert(media).values({ hash: sha(h), mime: 'audio/mpeg', ext: 'mp3', size: h.length, data: h });
      await t.db.insert(mediaRenditions).values({ originalHash: sha(h), status: 'pending', claimedAt: new Date() });
      const fresh = new Renditions(t.db, quiet, { threads: 1, singleProcess: false });
      fresh.kick();
      await fresh.idle();
      assert.equal(fresh.stats.skipped, 1);
      await t.db.update(mediaRenditions).set({ claimedAt: new Date(Date.now() - 3600_000) }).where(eq(mediaRenditions.originalHash, sha(h)));
      fresh.kick();
      await fresh.idle();
      assert.equal(fresh.stats.made, 1);
      await fresh.close();
    } finally {
      await t.close();
    }
  });
});
