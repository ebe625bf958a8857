/**
 * Listening play limits: the author sets them in the exam form; the server counts each play once (by its play id),
 * refuses a play beyond the limit (409 with the counts), keeps the counts with the attempt (a reload or another device
 * sees the same), and only for the attempt's owner, while it runs, for audios the exam has.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { attemptPlays, attempts, exams, questions } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { buildTestApp, dbFingerprint, fixtures, type Person, type TestApp } from './helpers.ts';

let t: TestApp;
let ids: NonNullable<NonNullable<TestApp['seed']>['ids']>;
let f: ReturnType<typeof fixtures>;

before(async () => { t = await buildTestApp(); ids = t.seed!.ids!; f = fixtures(t); });
after(async () => { await t?.close(); });

/** Another token of the same student (another device): a second signed token. */
const otherDevice = async (p: Person): Promise<Person> => {
  const device = await f.as(p.id, 7200);
  assert.notEqual(device.token, p.token);
  return device;
};

const lat = (text: string, listening: string) => JSON.stringify({ text, listening });

/**
 * A published exam of the institute: a reading question (1), a listening question with a main audio and four option
 * audios (21), one with listening-and-text options (22), one with only a main audio and text options (23).
 */
async function makeExam(playLimit: number | null) {
  const { id } = await f.exam({ owner: ids.institute, title: 'Listening', playLimit });
  const q = { reading: newId(), all: newId(), lat: newId(), mainOnly: newId() };
  const base = { examId: id, itemType: 'what_you_heard', answer: '1', option1: 'a', option2: 'b', option3: 'c', option4: 'd' };
  await t.db.insert(questions).values([
    { ...base, id: q.reading, type: 'Reading', questionNumber: 1, itemType: 'picture_word' },
    { ...base, id: q.all, type: 'Listening', questionNumber: 21, listening: '/media/main.mp3', optionType: 'listening', option1: '/media/1.mp3', option2: '/media/2.mp3', option3: '/media/3.mp3', option4: '/media/4.mp3' },
    { ...base, id: q.lat, type: 'Listening', questionNumber: 22, listening: '/media/main2.mp3', optionType: 'listeningandtext', option1: lat('하나', '/media/1.mp3'), option2: lat('둘', '/media/2.mp3'), option3: lat('셋', '/media/3.mp3'), option4: lat('넷', '/media/4.mp3') },
    { ...base, id: q.mainOnly, type: 'Listening', questionNumber: 23, listening: '/media/main3.mp3' },
  ]);
  return { id, q };
}

const api = {
  start: (p: Person, exam: string) => t.app.inject({ method: 'POST', url: `/api/reports/create/${p.id}`, headers: p.h, payload: { exam } }),
  running: (p: Person, exam: string) => t.app.inject({ url: `/api/attempts/running/${exam}/${p.id}`, headers: p.h }),
  download: (p: Person, exam: string) => t.app.inject({ url: `/api/exams/download/${exam}/${p.id}`, headers: p.h }),
  play: (p: Person, attempt: string, body: unknown, userId = p.id) =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/listening/${userId}`, headers: { ...p.h, 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  submit: (p: Person, exam: string, report: string) => t.app.inject({ method: 'POST', url: `/api/results/create/${exam}/${p.id}`, headers: p.h, payload: { report } }),
  editExam: (p: Person, exam: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/exams/${exam}/${p.id}`, headers: p.h, payload: body }),
  createExam: (p: Person, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/exams/create/${p.id}`, headers: p.h, payload: body }),
};

async function started(p: Person, exam: string): Promise<string> {
  const r = await api.start(p, exam);
  assert.equal(r.statusCode, 200, r.body);
  return (r.json() as { _id: string })._id;
}

const play = (question: string, audio = 'main', playId: string = randomUUID()) => ({ question, audio, playId });
const plays = async (attemptId: string) => (await t.db.select().from(attemptPlays).where(eq(attemptPlays.attemptId, attemptId))).length;

describe('the author sets the limit in the exam form', () => {
  test('create and edit: no limit by default, 1-3 or no limit; anything else 400 and nothing changes', async () => {
    const inst = await f.as(ids.institute);

    let r = await api.createExam(inst, { title: 'Limits', is_cbt: false });
    assert.equal(r.statusCode, 200, r.body);
    const exam = r.json() as { _id: string; play_limit: number | null };
    assert.equal(exam.play_limit, null);
    r = await api.editExam(inst, exam._id, { title: 'Limits', is_cbt: false, play_limit: 2 });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().play_limit, 2);
    // absent: unchanged
    r = await api.editExam(inst, exam._id, { title: 'Limits renamed', is_cbt: false });
    assert.equal(r.json().play_limit, 2);
    const before = await dbFingerprint(t.db);
    for (const bad of [0, 4, -1, 1.5, 'x', [1], { n: 1 }, 1e9]) {
      r = await api.editExam(inst, exam._id, { title: 'Limits', is_cbt: false, play_limit: bad });
      assert.equal(r.statusCode, 400, `${JSON.stringify(bad)}: ${r.body}`);
      assert.ok(typeof r.json().error === 'string' && r.json().error.length > 0);
    }
    assert.equal(await dbFingerprint(t.db), before);
    r = await api.editExam(inst, exam._id, { title: 'Limits', is_cbt: false, play_limit: null });
    assert.equal(r.json().play_limit, null);
    r = await api.createExam(inst, { title: 'Limited from the start', is_cbt: false, play_limit: 1 });
    assert.equal(r.json().play_limit, 1);

    // another institute may not change it
    const other = await f.person(1, ids.admin);
    r = await api.editExam(other, exam._id, { title: 'Limits', is_cbt: false, play_limit: 1 });
    assert.ok(r.statusCode === 403 || r.statusCode === 404, r.body);
    assert.equal((await t.db.select().from(exams).where(eq(exams.id, exam._id)))[0]!.playLimit, null);
  });
});

describe('the server enforces the limit', () => {
  test('refused beyond the limit (409 with the counts); per audio; the download and the running exam carry the limit and the counts', async () => {
    const { id: exam, q } = await makeExam(2);
    const s = await f.student();
    const dl = await api.download(s, exam);
    assert.equal(dl.statusCode, 200);
    assert.equal(dl.json().playLimit, 2);
    const attempt = await started(s, exam);
    let running = (await api.running(s, exam)).json();
    assert.equal(running.playLimit, 2);
    assert.deepEqual(running.listeningStatus, {});

    let r = await api.play(s, attempt, play(q.all));
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json(), { [q.all]: { main: 1 } });
    r = await api.play(s, attempt, play(q.all));
    assert.deepEqual(r.json(), { [q.all]: { main: 2 } });
    r = await api.play(s, attempt, play(q.all));
    assert.equal(r.statusCode, 409);
    assert.deepEqual(r.json(), { error: 'No plays left for this audio', listeningStatus: { [q.all]: { main: 2 } }, playLimit: 2 });
    // every option audio has its own count, on both kinds of audio options
    for (const audio of ['option1', 'option2', 'option3', 'option4']) {
      assert.equal((await api.play(s, attempt, play(q.all, audio))).statusCode, 200);
      assert.equal((await api.play(s, attempt, play(q.lat, audio))).statusCode, 200);
    }
    assert.equal((await api.play(s, attempt, play(q.lat, 'option4'))).statusCode, 200);
    assert.equal((await api.play(s, attempt, play(q.lat, 'option4'))).statusCode, 409);
    assert.equal(await plays(attempt), 2 + 8 + 1);

    // a reload (the running exam fetched again) sees the same counts, and the download still says the limit
    running = (await api.running(s, exam)).json();
    assert.deepEqual(running.listeningStatus, {
      [q.all]: { main: 2, option1: 1, option2: 1, option3: 1, option4: 1 },
      [q.lat]: { option1: 1, option2: 1, option3: 1, option4: 2 },
    });
    assert.equal((await api.download(s, exam)).json().playLimit, 2);
  });

  test('kept across devices: a second token of the same student is refused too', async () => {
    const { id: exam, q } = await makeExam(1);
    const phone = await f.student();
    const attempt = await started(phone, exam);
    assert.equal((await api.play(phone, attempt, play(q.mainOnly))).statusCode, 200);
    const laptop = await otherDevice(phone);
    // the laptop resumes the same attempt and sees the play
    assert.equal((await api.start(laptop, exam)).json()._id, attempt);
    assert.deepEqual((await api.running(laptop, exam)).json().listeningStatus, { [q.mainOnly]: { main: 1 } });
    const r = await api.play(laptop, attempt, play(q.mainOnly));
    assert.equal(r.statusCode, 409);
    assert.equal(r.json().error, 'No plays left for this audio');
  });

  test('idempotent by play id: a retried play counts once, even past the limit or after the attempt closed', async () => {
    const { id: exam, q } = await makeExam(2);
    const s = await f.student();
    const attempt = await started(s, exam);
    const first = play(q.all, 'main');
    for (let i = 0; i < 3; i++) {
      const r = await api.play(s, attempt, first);
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json(), { [q.all]: { main: 1 } });
    }
    // the same play sent several times at once (a flaky link): still one
    const second = play(q.all, 'main');
    const burst = await Promise.all(Array.from({ length: 5 }, () => api.play(s, attempt, second)));
    assert.ok(burst.every((r) => r.statusCode === 200), burst.map((r) => r.body).join());
    assert.deepEqual((await api.running(s, exam)).json().listeningStatus, { [q.all]: { main: 2 } });
    // the limit is reached; the earlier plays sent again are still answered 200, a new one is refused
    assert.equal((await api.play(s, attempt, first)).statusCode, 200);
    assert.equal((await api.play(s, attempt, play(q.all, 'main'))).statusCode, 409);
    assert.equal(await plays(attempt), 2);
    // a play id reused for another audio is refused
    const reused = await api.play(s, attempt, { ...first, audio: 'option1' });
    assert.equal(reused.statusCode, 409);
    assert.equal(await plays(attempt), 2);
    // after the attempt closed, a retry of a counted play gets the counts; a new play is refused
    assert.equal((await api.submit(s, exam, attempt)).statusCode, 200);
    assert.equal((await api.play(s, attempt, second)).statusCode, 200);
    const late = await api.play(s, attempt, play(q.all, 'option2'));
    assert.equal(late.statusCode, 409);
    assert.deepEqual(late.json(), { error: 'Exam time is over' });
  });

  test('concurrent new plays from several devices never pass the limit', async () => {
    const { id: exam, q } = await makeExam(3);
    const s = await f.student();
    const attempt = await started(s, exam);
    const devices = [s, await otherDevice(s), await otherDevice(s)];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => api.play(devices[i % 3]!, attempt, play(q.all, 'option3'))));
    assert.equal(results.filter((r) => r.statusCode === 200).length, 3);
    assert.equal(results.filter((r) => r.statusCode === 409).length, 9);
    assert.deepEqual((await api.running(s, exam)).json().listeningStatus, { [q.all]: { option3: 3 } });
    assert.equal(await plays(attempt), 3);
  });

  test('no limit: every play counted, none refused (as before)', async () => {
    const { id: exam, q } = await makeExam(null);
    const s = await f.student();
    assert.equal((await api.download(s, exam)).json().playLimit, null);
    const attempt = await started(s, exam);
    assert.equal((await api.running(s, exam)).json().playLimit, null);
    for (let i = 0; i < 6; i++) assert.equal((await api.play(s, attempt, play(q.all))).statusCode, 200);
    assert.deepEqual((await api.running(s, exam)).json().listeningStatus, { [q.all]: { main: 6 } });
  });

  test('the author changes the limit: the running attempt follows it at its next play', async () => {
    const { id: exam, q } = await makeExam(null);
    const s = await f.student();
    const attempt = await started(s, exam);
    for (let i = 0; i < 2; i++) assert.equal((await api.play(s, attempt, play(q.all))).statusCode, 200);
    await t.db.update(exams).set({ playLimit: 2 }).where(eq(exams.id, exam));
    assert.equal((await api.play(s, attempt, play(q.all))).statusCode, 409);
  });
});

describe('who, when and what', () => {
  test("another student: 404 for the attempt, 403 for someone else's path; nothing counted", async () => {
    const { id: exam, q } = await makeExam(1);
    const s = await f.student();
    const attempt = await started(s, exam);
    const other = await f.student();
    const inst = await f.person(1, ids.admin);
    const before = await dbFingerprint(t.db);
    let r = await api.play(other, attempt, play(q.all));
    assert.equal(r.statusCode, 404);
    assert.deepEqual(r.json(), { error: 'Attempt Not Found' });
    r = await api.play(other, attempt, play(q.all), s.id); // the owner's id in the path, another token
    assert.equal(r.statusCode, 403);
    assert.equal((await api.play(inst, attempt, play(q.all))).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/listening/${s.id}`, payload: play(q.all) })).statusCode, 401);
    assert.equal(await dbFingerprint(t.db), before);
    assert.equal((await api.play(s, attempt, play(q.all))).statusCode, 200); // the owner's play was not used up
  });

  test('past the deadline and grace: 409, the attempt is closed, nothing counted', async () => {
    const { id: exam, q } = await makeExam(2);
    const s = await f.student();
    const attempt = await started(s, exam);
    await t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - (t.config.examGraceSeconds + 5) * 1000) }).where(eq(attempts.id, attempt));
    const r = await api.play(s, attempt, play(q.all));
    assert.equal(r.statusCode, 409);
    assert.deepEqual(r.json(), { error: 'Exam time is over' });
    const [row] = await t.db.select().from(attempts).where(eq(attempts.id, attempt));
    assert.equal(row!.status, 'expired');
    assert.deepEqual(row!.listeningStatus, {});
    assert.equal(await plays(attempt), 0);
  });

  test('hostile and malformed input: 400, nothing written', async () => {
    const { id: exam, q } = await makeExam(1);
    const { q: foreign } = await makeExam(1);
    const s = await f.student();
    const attempt = await started(s, exam);
    const before = await dbFingerprint(t.db);
    const bad: [unknown, string?][] = [
      [{ question: q.reading, audio: 'main', playId: randomUUID() }, 'Not a listening audio of this exam'], // a reading question
      [{ question: q.mainOnly, audio: 'option1', playId: randomUUID() }, 'Not a listening audio of this exam'], // text options
      [{ question: foreign.all, audio: 'main', playId: randomUUID() }, 'Not a listening audio of this exam'], // another exam's
      [{ question: newId(), audio: 'main', playId: randomUUID() }, 'Not a listening audio of this exam'],
      [{ question: q.all, audio: 'option5', playId: randomUUID() }],
      [{ question: q.all, audio: 'MAIN', playId: randomUUID() }],
      [{ question: q.all, audio: 'main' }, 'playId is required'],
      [{ question: q.all, playId: randomUUID() }],
      [{ audio: 'main', playId: randomUUID() }],
      [{ question: q.all, audio: 'main', playId: 'short' }],
      [{ question: q.all, audio: 'main', playId: 'x'.repeat(65) }],
      [{ question: q.all, audio: 'main', playId: "'; drop table attempts; --" }],
      [{ question: q.all, audio: 'main', playId: 'a\u0000bcdefghij' }],
      [{ question: { $ne: null }, audio: 'main', playId: randomUUID() }],
      [{ question: q.all, audio: ['main', 'option1'], playId: randomUUID() }],
      [{ question: q.all, audio: 'main', playId: randomUUID(), extra: 1 }],
      [[]],
      ['a string'],
      [null],
    ];
    for (const [body, error] of bad) {
      const r = await api.play(s, attempt, body);
      assert.equal(r.statusCode, 400, `${JSON.stringify(body)}: ${r.body}`);
      const json = r.json() as { error?: unknown };
      assert.equal(typeof json.error, 'string');
      if (error) assert.equal(json.error, error);
    }
    const broken = await t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/listening/${s.id}`, headers: { ...s.h, 'content-type': 'application/json' }, payload: '{not json' });
    assert.equal(broken.statusCode, 400);
    // a malformed attempt id
    assert.equal((await api.play(s, 'not an id!', play(q.all))).statusCode, 400);
    // a large body is refused before it is read as a play
    const big = await api.play(s, attempt, { question: q.all, audio: 'main', playId: 'y'.repeat(2_000_000) });
    assert.ok(big.statusCode === 400 || big.statusCode === 413, big.body.slice(0, 200));
    assert.equal(await dbFingerprint(t.db), before);
  });
});
