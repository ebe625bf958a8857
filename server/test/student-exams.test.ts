/** The student's exam over HTTP: lists, start and counting, running exam, autosave, listening, deadline, submit, results. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  attemptAnswers, attempts, examAccess, examAccessExams, examInstituteAccess, exams, questions, results, users,
} from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { REASONS } from '../src/access/rules.ts';
import { sweepExpiredAttempts } from '../src/attempts/sweeper.ts';
import { buildTestApp, fixtures, type ExamSpec, type Person, type TestApp } from './helpers.ts';
import { dayIn } from '../src/zones/index.ts';

let t: TestApp;
let ids: NonNullable<NonNullable<TestApp['seed']>['ids']>;
let f: ReturnType<typeof fixtures>;
let demoExam: string; // the seeded fixture exam (public, 2 questions)

before(async () => {
  t = await buildTestApp();
  ids = t.seed!.ids!;
  f = fixtures(t);
  demoExam = ids.exam!;
});
after(async () => { await t?.close(); });

// ---------- fixtures ----------

/** An exam with `n` questions (first half Reading 1.., second half Listening 21..), answers cycling '1'..'4'. */
const makeExam = ({ n = 6, ...spec }: ExamSpec & { n?: number } = {}) =>
  f.exam({ ...spec, reading: Math.ceil(n / 2), listening: n - Math.ceil(n / 2) });

// ---------- calls ----------

const api = {
  available: (p: Person) => t.app.inject({ url: `/api/exams/published/users/${p.id}`, headers: p.h }),
  other: (p: Person) => t.app.inject({ url: `/api/exams/users/getAll/${p.id}`, headers: p.h }),
  start: (p: Person, exam: string) => t.app.inject({ method: 'POST', url: `/api/reports/create/${p.id}`, headers: p.h, payload: { exam, user: p.id, institute: null } }),
  count: (p: Person, exam: string) => t.app.inject({ method: 'PUT', url: `/api/examaccess/increaseCount/${exam}/${p.id}`, headers: p.h }),
  running: (p: Person, exam: string) => t.app.inject({ url: `/api/attempts/running/${exam}/${p.id}`, headers: p.h }),
  save: (p: Person, attempt: string, answers: unknown) => t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/answers/${p.id}`, headers: p.h, payload: { answers } }),
  listen: (p: Person, attempt: string, question: string, audio: string) => t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt}/listening/${p.id}`, headers: p.h, payload: { question, audio, playId: randomUUID() } }),
  submit: (p: Person, exam: string, report: string, answers?: unknown, score?: number) => t.app.inject({ method: 'POST', url: `/api/results/create/${exam}/${p.id}`, headers: p.h, payload: { report, ...(answers ? { answers } : {}), ...(score !== undefined ? { score } : {}) } }),
  link: (p: Person, report: string, result: string) => t.app.inject({ method: 'PUT', url: `/api/reports/update/${report}/${p.id}`, headers: p.h, payload: { result } }),
  results: (p: Person, q = '') => t.app.inject({ url: `/api/results/user/${p.id}${q}`, headers: p.h }),
  result: (p: Person, resultId: string) => t.app.inject({ url: `/api/results/${resultId}/${p.id}`, headers: p.h }),
};

async function started(p: Person, exam: string): Promise<string> {
  const r = await api.start(p, exam);
  assert.equal(r.statusCode, 200, r.body);
  return r.json()._id;
}
const attemptRow = async (id: string) => (await t.db.select().from(attempts).where(eq(attempts.id, id)))[0]!;
const accessRow = async (id: string) => (await t.db.select().from(examAccess).where(eq(examAccess.id, id)))[0]!;
const attemptCount = async (userId: string) => (await t.db.select().from(attempts).where(eq(attempts.userId, userId))).length;
const savedAnswers = async (attemptId: string) => Object.fromEntries(
  (await t.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).map((r) => [r.questionId, r.answer]));
/** Moves the attempt's deadline to `secondsFromNow` (negative = in the past). */
const setDeadline = (attemptId: string, secondsFromNow: number) =>
  t.db.update(attempts).set({ deadlineAt: new Date(Date.now() + secondsFromNow * 1000) }).where(eq(attempts.id, attemptId));
const pastGrace = () => -(t.config.examGraceSeconds + 5);

// ---------- tests ----------

describe('exam lists', () => {
  test('split into Available (startable) and Other (listed, with the reason), by the access rules', async () => {
    const priv = await makeExam({ owner: ids.institute, type: 'private' });
    const free = await makeExam({ type: 'free_for_all' });
    const otherInst = await f.person(1, ids.admin);
    const foreign = await makeExam({ owner: otherInst.id, type: 'private' });
    const hidden = await makeExam({ status: 0 });

    const noInst = await f.person(0, null);
    const avail = (await api.available(noInst)).json() as { _id: string }[];
    const other = (await api.other(noInst)).json() as { _id: string; reason: string }[];
    assert.ok(avail.some((e) => e._id === free.id));
    assert.ok(!avail.some((e) => e._id === demoExam));
    assert.deepEqual(other.find((e) => e._id === demoExam)?.reason, REASONS.noInstitute);
    for (const x of [priv.id, foreign.id, hidden.id]) assert.ok(![...avail, ...other].some((e) => e._id === x));

    const s = await f.person(0, ids.institute);
    await f.access(s.id, 'FREE-ALL');
    const a2 = (await api.available(s)).json() as { _id: string; type: string; remaining: number | null }[];
    const o2 = (await api.other(s)).json() as { _id: string; reason: string }[];
    assert.ok(a2.some((e) => e._id === free.id));
    assert.ok(a2.every((e) => e.type === 'free_for_all' && e.remaining === null));
    assert.equal(o2.find((e) => e._id === priv.id)?.reason, REASONS.noAccess);
    assert.equal(o2.find((e) => e._id === demoExam)?.reason, REASONS.noAccess);
    assert.ok(![...a2, ...o2].some((e) => e._id === foreign.id || e._id === hidden.id));
  });

  test('only the student themself, and only students', async () => {
    const s = await f.person(0, ids.institute);
    const other = await f.person(0, ids.institute);
    assert.equal((await t.app.inject({ url: `/api/exams/published/users/${s.id}`, headers: other.h })).statusCode, 403);
    const inst = await f.person(1, ids.admin);
    assert.equal((await api.available(inst)).statusCode, 403);
    assert.equal((await t.app.inject({ url: `/api/exams/published/users/${s.id}` })).statusCode, 401);
  });
});

describe('start', () => {
  test('refused without access, with the rule\'s message, and nothing is created', async () => {
    const s = await f.person(0, ids.institute);
    await f.access(s.id, 'PUBLIC-ALL');
    const priv = await makeExam({ owner: ids.institute, type: 'private' });
    let r = await api.start(s, priv.id);
    assert.equal(r.statusCode, 403);
    assert.deepEqual(r.json(), { error: REASONS.noAccess });

    const noInst = await f.person(0, null);
    r = await api.start(noInst, demoExam);
    assert.equal(r.statusCode, 403);
    assert.deepEqual(r.json(), { error: REASONS.noInstitute });

    const hidden = await makeExam({ status: 0 });
    r = await api.start(s, hidden.id);
    assert.equal(r.statusCode, 404);
    assert.deepEqual(r.json(), { error: 'Exam Not Found' });
    assert.equal((await api.start(s, newId())).statusCode, 404);

    const otherInst = await f.person(1, ids.admin);
    const foreign = await makeExam({ owner: otherInst.id, type: 'private' });
    assert.equal((await api.start(s, foreign.id)).statusCode, 403);
    assert.equal(await attemptCount(s.id), 0);
    assert.equal(await attemptCount(noInst.id), 0);
  });

  test('increaseCount: 404 for an exam the student cannot see (another institute\'s private exam, hidden, unknown, malformed id)', async () => {
    const s = await f.student();
    const otherInst = await f.person(1, ids.admin);
    const foreign = await makeExam({ owner: otherInst.id, type: 'private' });
    const hidden = await makeExam({ status: 0 });
    for (const exam of [foreign.id, hidden.id, newId()]) {
      const r = await api.count(s, exam);
      assert.equal(r.statusCode, 404, exam);
      assert.deepEqual(r.json(), { error: 'Exam Not Found' });
    }
    const bad = await api.count(s, 'not-an-id');
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), { error: ' Invalid examId.' });
    assert.equal((await api.count(s, demoExam)).statusCode, 200);
  });

  test('bad bodies: 400', async () => {
    const s = await f.person(0, ids.institute);
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/reports/create/${s.id}`, headers: s.h, payload: {} })).statusCode, 400);
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/reports/create/${s.id}`, headers: s.h, payload: { exam: 'nope' } })).statusCode, 400);
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/reports/create/${s.id}`, headers: s.h, payload: { exam: demoExam, extra: 1 } })).statusCode, 400);
  });

  test('counts once; resuming does not count; the body\'s user is ignored', async () => {
    const s = await f.person(0, ids.institute);
    const accessId = await f.access(s.id, 'CREATOR-AND-PUBLIC-ALL');
    const victim = await f.person(0, ids.institute);
    const r1 = await t.app.inject({ method: 'POST', url: `/api/reports/create/${s.id}`, headers: s.h, payload: { exam: demoExam, user: victim.id, institute: newId() } });
    assert.equal(r1.statusCode, 200);
    const a1 = r1.json();
    assert.equal(a1.resumed, false);
    assert.equal(a1.status, 'running');
    assert.equal(a1.exam, demoExam);
    assert.equal(a1.examTitle, 'Mini Test Exam');
    assert.ok(a1.serverNow);
    assert.equal(new Date(a1.deadlineAt).getTime() - new Date(a1.startedAt).getTime(), t.config.examDurationSeconds * 1000);
    const row = await attemptRow(a1._id);
    assert.equal(row.userId, s.id);
    assert.equal(row.instituteId, ids.institute);
    assert.equal(await attemptCount(victim.id), 0);
    assert.equal((await accessRow(accessId)).completedTimes, 1);

    const r2 = (await api.start(s, demoExam)).json();
    assert.equal(r2._id, a1._id);
    assert.equal(r2.resumed, true);
    assert.equal(r2.deadlineAt, a1.deadlineAt);
    assert.equal((await accessRow(accessId)).completedTimes, 1);

    // increaseCount only reports (idempotent)
    for (let i = 0; i < 2; i++) {
      const c = await api.count(s, demoExam);
      assert.equal(c.statusCode, 200);
      assert.deepEqual(c.json(), { completed_times: 1, total_times: null, remaining: null });
    }
    assert.equal(await attemptCount(s.id), 1);
  });

  test('concurrent double start: one attempt, one count', async () => {
    const s = await f.person(0, ids.institute);
    const accessId = await f.access(s.id, 'ALL-X-TIMES', { totalTimes: 5 });
    const [a, b] = await Promise.all([api.start(s, demoExam), api.start(s, demoExam)]);
    assert.equal(a.statusCode, 200);
    assert.equal(b.statusCode, 200);
    assert.equal(a.json()._id, b.json()._id);
    assert.deepEqual([a.json().resumed, b.json().resumed].sort(), [false, true]);
    assert.equal(await attemptCount(s.id), 1);
    assert.equal((await accessRow(accessId)).completedTimes, 1);

    // a student with no access record (no row to lock): the partial unique index keeps one running attempt
    const free = await makeExam({ type: 'free_for_all' });
    const n = await f.person(0, null);
    const rs = await Promise.all([api.start(n, free.id), api.start(n, free.id), api.start(n, free.id)]);
    assert.ok(rs.every((r) => r.statusCode === 200));
    assert.equal(new Set(rs.map((r) => r.json()._id)).size, 1);
    assert.equal(await attemptCount(n.id), 1);
  });

  test('ALL-X-TIMES: the last attempt can be resumed; after it, the start is refused', async () => {
    const s = await f.person(0, ids.institute);
    const accessId = await f.access(s.id, 'ALL-X-TIMES', { totalTimes: 1 });
    const id = await started(s, demoExam);
    assert.equal((await accessRow(accessId)).completedTimes, 1);
    // listed as Available while it runs (resume), then Other
    assert.ok(((await api.available(s)).json() as { _id: string }[]).some((e) => e._id === demoExam));
    const again = await api.start(s, demoExam);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().resumed, true);
    assert.equal((await api.submit(s, demoExam, id)).statusCode, 200);
    const r = await api.start(s, demoExam);
    assert.equal(r.statusCode, 403);
    assert.deepEqual(r.json(), { error: REASONS.noAttemptsLeft });
    assert.equal((await accessRow(accessId)).completedTimes, 1);
    const listed = ((await api.other(s)).json() as { _id: string; remaining: number; reason: string }[]).find((e) => e._id === demoExam);
    assert.deepEqual({ remaining: listed?.remaining, reason: listed?.reason }, { remaining: 0, reason: REASONS.noAttemptsLeft });
    assert.deepEqual((await api.count(s, demoExam)).json(), { completed_times: 1, total_times: 1, remaining: 0 });
  });

  test('a running attempt is listed with its deadline, and why it goes on when a new one could not be started', async () => {
    const s = await f.person(0, ids.institute);
    await f.access(s.id, 'ALL-X-TIMES', { totalTimes: 2 });
    type Listed = { _id: string; running: { deadlineAt: string; secondsLeft: number; reason: string | null } | null };
    const listed = async () => ((await api.available(s)).json() as Listed[]).find((e) => e._id === demoExam);
    assert.equal((await listed())?.running, null);
    const id = await started(s, demoExam);
    const row = await attemptRow(id);
    // one attempt left: a new one could be started, nothing to explain
    const first = (await listed())?.running;
    assert.equal(first?.deadlineAt, row.deadlineAt.toISOString());
    assert.equal(first?.reason, null);
    assert.ok(first!.secondsLeft > t.config.examDurationSeconds - 10 && first!.secondsLeft <= t.config.examDurationSeconds);
    // the access changed meanwhile (no attempts left): still Available, with the reason
    await t.db.update(examAccess).set({ totalTimes: 1 }).where(eq(examAccess.userId, s.id));
    assert.equal((await listed())?.running?.reason, REASONS.noAttemptsLeft);
    assert.equal((await api.submit(s, demoExam, id)).statusCode, 200);
    assert.equal((await listed()), undefined);
  });

  test('SELECTEDEXAM counts on the exam\'s row', async () => {
    const s = await f.person(0, ids.institute);
    const accessId = await f.access(s.id, 'SELECTEDEXAM', {}, [{ examId: demoExam, totalTimes: 2 }]);
    const id = await started(s, demoExam);
    const [row] = await t.db.select().from(examAccessExams).where(and(eq(examAccessExams.accessId, accessId), eq(examAccessExams.examId, demoExam)));
    assert.equal(row!.completedTimes, 1);
    assert.equal((await accessRow(accessId)).completedTimes, 0);
    assert.deepEqual((await api.count(s, demoExam)).json(), { completed_times: 1, total_times: 2, remaining: 1 });
    await api.submit(s, demoExam, id);
    await started(s, demoExam);
    const r = await api.start(s, demoExam); // resumes the second
    assert.equal(r.json().resumed, true);
    assert.deepEqual((await api.count(s, demoExam)).json(), { completed_times: 2, total_times: 2, remaining: 0 });
  });
});

/** Every key of every object in a JSON value. */
function allKeys(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => allKeys(x, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add(k); allKeys(x, out); }
  return out;
}

describe('running exam', () => {
  test('questions in order, without answer and answer_details (deep check)', async () => {
    const exam = await makeExam({ n: 8 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const r = await api.running(s, exam.id);
    assert.equal(r.statusCode, 200);
    const body = r.json();
    assert.equal(body.attempt._id, id);
    assert.deepEqual(body.questions.map((q: { question_number: number }) => q.question_number), exam.questions.map((q) => q.number).sort((a, b) => a - b));
    const keys = allKeys(body.questions);
    assert.ok(!keys.has('answer') && !keys.has('answer_details'), [...keys].join(','));
    for (const q of exam.questions) assert.ok(!r.body.includes(`because ${q.answer}`), 'answer details leaked');
    assert.deepEqual(body.answers, {});
    assert.deepEqual(body.listeningStatus, {});
  });

  test('404 when none, for another student, and after submit', async () => {
    const s = await f.student();
    let r = await api.running(s, demoExam);
    assert.equal(r.statusCode, 404);
    assert.deepEqual(r.json(), { error: 'No running exam' });
    const id = await started(s, demoExam);
    const other = await f.person(0, ids.institute);
    assert.equal((await api.running(other, demoExam)).statusCode, 404);
    assert.equal((await t.app.inject({ url: `/api/attempts/running/${demoExam}/${s.id}`, headers: other.h })).statusCode, 403);
    await api.submit(s, demoExam, id);
    r = await api.running(s, demoExam);
    assert.equal(r.statusCode, 404);
  });
});

describe('autosave', () => {
  test('upserts; the running exam returns the saved answers', async () => {
    const exam = await makeExam({ n: 4 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const [q1, q2, q3] = exam.questions;
    let r = await api.save(s, id, [{ question: q1!.id, answer: '1' }]);
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().saved, 1);
    assert.equal(r.json().deadlineAt, (await attemptRow(id)).deadlineAt.toISOString());
    assert.ok(r.json().serverNow);
    r = await api.save(s, id, [{ question: q1!.id, answer: '3' }, { question: q2!.id, answer: '2' }, { question: q3!.id, answer: '4' }, { question: q3!.id, answer: '0' }]);
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().saved, 3);
    const running = (await api.running(s, exam.id)).json();
    assert.deepEqual(running.answers, { [q1!.id]: '3', [q2!.id]: '2', [q3!.id]: '0' });
  });

  test('validation: wrong question, bad value, unknown field, too many, another student\'s attempt: nothing changes', async () => {
    const exam = await makeExam({ n: 2 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const q = exam.questions[0]!;
    assert.equal((await api.save(s, id, [{ question: q.id, answer: '2' }])).statusCode, 200);
    const before = await savedAnswers(id);

    const foreignQ = (await t.db.select().from(questions).where(eq(questions.examId, demoExam)))[0]!;
    let r = await api.save(s, id, [{ question: q.id, answer: '4' }, { question: foreignQ.id, answer: '1' }]);
    assert.equal(r.statusCode, 400);
    assert.ok(r.json().error);
    assert.equal((await api.save(s, id, [{ question: q.id, answer: '5' }])).statusCode, 400);
    assert.equal((await api.save(s, id, [{ question: q.id, answer: 'x' }])).statusCode, 400);
    assert.equal((await api.save(s, id, [{ question: q.id }])).statusCode, 400);
    assert.equal((await api.save(s, id, [{ question: q.id, answer: '4', correct: true }])).statusCode, 400);
    assert.equal((await api.save(s, id, [{ question: 'abc', answer: '4' }])).statusCode, 400);
    assert.equal((await api.save(s, id, Array.from({ length: 41 }, () => ({ question: q.id, answer: '4' })))).statusCode, 400);
    assert.equal((await t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/answers/${s.id}`, headers: s.h, payload: {} })).statusCode, 400);

    const other = await f.person(0, ids.institute);
    r = await api.save(other, id, [{ question: q.id, answer: '4' }]);
    assert.equal(r.statusCode, 404);
    assert.equal((await api.save(s, newId(), [{ question: q.id, answer: '4' }])).statusCode, 404);
    assert.deepEqual(await savedAnswers(id), before);
  });
});

describe('listening counts', () => {
  test('counted per audio, kept with the attempt, atomic under concurrency', async () => {
    const exam = await makeExam({ n: 4 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const listening = exam.questions.filter((q) => q.type === 'Listening');
    const reading = exam.questions.find((q) => q.type === 'Reading')!;
    const L = listening[0]!.id;
    await api.listen(s, id, L, 'main');
    let r = await api.listen(s, id, L, 'main');
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { [L]: { main: 2 } });
    await Promise.all(Array.from({ length: 5 }, () => api.listen(s, id, listening[1]!.id, 'main')));
    const running = (await api.running(s, exam.id)).json();
    assert.deepEqual(running.listeningStatus, { [L]: { main: 2 }, [listening[1]!.id]: { main: 5 } });

    assert.equal((await api.listen(s, id, reading.id, 'main')).statusCode, 400);
    assert.equal((await api.listen(s, id, L, 'option3')).statusCode, 400); // text options have no audio
    assert.equal((await api.listen(s, id, L, 'option5')).statusCode, 400);
    const other = await f.person(0, ids.institute);
    assert.equal((await api.listen(other, id, L, 'main')).statusCode, 404);
  });
});

describe('deadline and grace', () => {
  test('saving is accepted within the grace; after it: 409, the attempt is closed from the saved answers', async () => {
    const exam = await makeExam({ n: 4 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const [q1, q2] = exam.questions;
    await setDeadline(id, -1); // past the deadline, within the grace
    let r = await api.save(s, id, [{ question: q1!.id, answer: q1!.answer }]);
    assert.equal(r.statusCode, 200);
    assert.equal((await api.running(s, exam.id)).statusCode, 200);

    await setDeadline(id, pastGrace());
    r = await api.save(s, id, [{ question: q2!.id, answer: q2!.answer }]);
    assert.equal(r.statusCode, 409);
    assert.deepEqual(r.json(), { error: 'Exam time is over' });
    const row = await attemptRow(id);
    assert.equal(row.status, 'expired');
    assert.ok(row.resultId);
    const [result] = await t.db.select().from(results).where(eq(results.attemptId, id));
    assert.equal(result!.score, 1);
    assert.equal(result!.attempted, 1);
    assert.equal((await api.listen(s, id, exam.questions[3]!.id, 'main')).statusCode, 409);
    assert.equal((await api.running(s, exam.id)).statusCode, 404);
  });

  test('a short real deadline (examDurationSeconds 1, grace 1) passes with the clock', async () => {
    const short = await buildTestApp({ configOverrides: { examDurationSeconds: 1, examGraceSeconds: 1 } });
    try {
      const sid = short.seed!.ids!.student;
      const { h } = await fixtures(short).as(sid);
      const examId = short.seed!.ids!.exam!;
      const a = (await short.app.inject({ method: 'POST', url: `/api/reports/create/${sid}`, headers: h, payload: { exam: examId } })).json();
      const q = (await short.app.inject({ url: `/api/attempts/running/${examId}/${sid}`, headers: h })).json().questions[0];
      assert.equal((await short.app.inject({ method: 'PUT', url: `/api/attempts/${a._id}/answers/${sid}`, headers: h, payload: { answers: [{ question: q._id, answer: '1' }] } })).statusCode, 200);
      await new Promise((res) => setTimeout(res, 2500));
      const late = await short.app.inject({ method: 'PUT', url: `/api/attempts/${a._id}/answers/${sid}`, headers: h, payload: { answers: [{ question: q._id, answer: '2' }] } });
      assert.equal(late.statusCode, 409);
      const sub = await short.app.inject({ method: 'POST', url: `/api/results/create/${examId}/${sid}`, headers: h, payload: { report: a._id, answers: [{ question: q._id, answer: '2' }] } });
      assert.equal(sub.statusCode, 200);
      assert.equal(sub.json().attempted, 1);
      assert.equal(sub.json().correct, 1); // the saved '1' (correct), not the late '2'
    } finally {
      await short.close();
    }
  });

  test('a submit after the grace ignores the body\'s answers and scores the saved ones', async () => {
    const exam = await makeExam({ n: 4 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const [q1, q2, q3] = exam.questions;
    await api.save(s, id, [{ question: q1!.id, answer: q1!.answer }, { question: q2!.id, answer: q2!.answer === '1' ? '2' : '1' }]);
    await setDeadline(id, pastGrace());
    const r = await api.submit(s, exam.id, id, exam.questions.map((q) => ({ question: q.id, answer: q.answer })), 4);
    assert.equal(r.statusCode, 200);
    const body = r.json();
    assert.equal(body.correct, 1);
    assert.equal(body.attempted, 2);
    assert.equal(body.totalQuestions, 4);
    assert.equal((await attemptRow(id)).status, 'expired');
    assert.equal((await savedAnswers(id))[q3!.id], undefined);
  });

  test('a submit within the grace saves the body\'s answers first', async () => {
    const exam = await makeExam({ n: 4 });
    const s = await f.student();
    const id = await started(s, exam.id);
    await setDeadline(id, -1);
    const r = await api.submit(s, exam.id, id, exam.questions.map((q) => ({ question: q.id, answer: q.answer })));
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().correct, 4);
    assert.equal((await attemptRow(id)).status, 'submitted');
  });

  test('the sweeper closes overdue attempts from their saved answers, once', async () => {
    const exam = await makeExam({ n: 4 });
    const s = await f.student();
    const id = await started(s, exam.id);
    const fresh = await f.student();
    const freshId = await started(fresh, exam.id);
    const [q1, q2] = exam.questions;
    await api.save(s, id, [{ question: q1!.id, answer: q1!.answer }, { question: q2!.id, answer: q2!.answer === '4' ? '3' : '4' }]);
    await setDeadline(id, pastGrace());

    const closed = await sweepExpiredAttempts(t.db, t.config.examGraceSeconds);
    assert.ok(closed >= 1);
    const row = await attemptRow(id);
    assert.equal(row.status, 'expired');
    const [result] = await t.db.select().from(results).where(eq(results.attemptId, id));
    assert.equal(result!.id, row.resultId);
    assert.equal(result!.score, 1);
    assert.equal(result!.attempted, 2);
    assert.equal(result!.totalQuestions, 4);
    assert.equal((await attemptRow(freshId)).status, 'running');

    // sweeping again, or racing sweepers, never closes twice
    const again = await Promise.all([sweepExpiredAttempts(t.db, t.config.examGraceSeconds), sweepExpiredAttempts(t.db, t.config.examGraceSeconds)]);
    assert.deepEqual(again, [0, 0]);
    assert.equal((await t.db.select().from(results).where(eq(results.attemptId, id))).length, 1);
    // the student's late submit gets that same result
    const sub = await api.submit(s, exam.id, id);
    assert.equal(sub.statusCode, 200);
    assert.equal(sub.json().resultId, result!.id);
  });

  test('opening an overdue attempt closes it (lazily) with its saved answers', async () => {
    const s = await f.student();
    const id = await started(s, demoExam);
    const q = (await api.running(s, demoExam)).json().questions[0];
    await api.save(s, id, [{ question: q._id, answer: '1' }]);
    await setDeadline(id, pastGrace());
    const r = await api.running(s, demoExam);
    assert.equal(r.statusCode, 404);
    const row = await attemptRow(id);
    assert.equal(row.status, 'expired');
    const [result] = await t.db.select().from(results).where(eq(results.attemptId, id));
    assert.equal(result!.attempted, 1);
  });

  test('starting again after an overdue attempt closes it and opens a new one', async () => {
    const s = await f.student();
    const id = await started(s, demoExam);
    await setDeadline(id, pastGrace());
    const r = await api.start(s, demoExam);
    assert.equal(r.statusCode, 200);
    assert.notEqual(r.json()._id, id);
    assert.equal(r.json().resumed, false);
    assert.equal((await attemptRow(id)).status, 'expired');
  });
});

describe('submit and scoring', () => {
  test('scores on the server from the stored answers; every question listed; client score ignored', async () => {
    const exam = await makeExam({ n: 10 });
    const s = await f.person(0, ids.institute, { firstName: 'Scorer' });
    await f.access(s.id, 'ALL');
    const id = await started(s, exam.id);
    // answer 7: right for indexes 0,2,4,6; wrong for 1,3,5; leave 7,8,9 unanswered
    const chosen = new Map<string, string>();
    exam.questions.slice(0, 7).forEach((q, i) => chosen.set(q.id, i % 2 === 0 ? q.answer : String((Number(q.answer) % 4) + 1)));
    const pairs = [...chosen].map(([question, answer]) => ({ question, answer }));
    await api.save(s, id, pairs.slice(0, 3));
    const r = await api.submit(s, exam.id, id, pairs.slice(3), 10);
    assert.equal(r.statusCode, 200);
    const expectedCorrect = exam.questions.filter((q) => chosen.get(q.id) === q.answer).length;
    const body = r.json();
    const me = (await t.db.select().from(users).where(eq(users.id, s.id)))[0]!;
    assert.deepEqual({ ...body, resultId: 'x' }, {
      resultId: 'x', score: expectedCorrect, totalQuestions: 10, attempted: 7, correct: expectedCorrect,
      percentage: ((expectedCorrect / 10) * 100).toFixed(2), name: 'Scorer Person', user_uid: me.userUid,
      // questions 1-5 Reading (indexes 0, 2, 4 right), 21-25 Listening (index 6 right): 5 points each
      totalScore: 20, readingScore: 15, listeningScore: 5,
    });
    assert.equal(expectedCorrect, 4);
    const [result] = await t.db.select().from(results).where(eq(results.id, body.resultId));
    assert.equal(result!.answers.length, 10);
    const byQ = new Map(result!.answers.map((a) => [a.question, a]));
    for (const q of exam.questions) {
      const a = byQ.get(q.id)!;
      assert.equal(a.answer, chosen.get(q.id) ?? '0');
      assert.equal(a.correct, chosen.get(q.id) === q.answer);
      assert.equal(a.questionNumber, q.number);
      assert.equal(a.type, q.type);
    }
    const row = await attemptRow(id);
    assert.equal(row.status, 'submitted');
    assert.equal(row.resultId, body.resultId);
    assert.ok(row.submittedAt);
  });

  test('a second submit returns the same result (idempotent), also concurrently', async () => {
    const s = await f.student();
    const id = await started(s, demoExam);
    const [a, b] = await Promise.all([api.submit(s, demoExam, id), api.submit(s, demoExam, id)]);
    assert.equal(a.statusCode, 200);
    assert.equal(b.statusCode, 200);
    assert.equal(a.json().resultId, b.json().resultId);
    const c = await api.submit(s, demoExam, id, [{ question: (await t.db.select().from(questions).where(eq(questions.examId, demoExam)))[0]!.id, answer: '1' }]);
    assert.deepEqual(c.json(), a.json());
    assert.equal((await t.db.select().from(results).where(eq(results.attemptId, id))).length, 1);
  });

  test('another student\'s report, or the wrong exam: 404', async () => {
    const s = await f.student();
    const id = await started(s, demoExam);
    const other = await f.person(0, ids.institute);
    assert.equal((await api.submit(other, demoExam, id)).statusCode, 404);
    const exam2 = await makeExam();
    assert.equal((await api.submit(s, exam2.id, id)).statusCode, 404);
    assert.equal((await attemptRow(id)).status, 'running');
  });

  test('reports/update links the result to the student\'s report', async () => {
    const s = await f.student();
    const id = await started(s, demoExam);
    const resultId = (await api.submit(s, demoExam, id)).json().resultId;
    await t.db.update(attempts).set({ resultId: null }).where(eq(attempts.id, id));
    const r = await api.link(s, id, resultId);
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { _id: id, result: resultId });
    assert.equal((await attemptRow(id)).resultId, resultId);
    assert.equal((await api.link(s, id, newId())).statusCode, 404);
    const other = await f.person(0, ids.institute);
    assert.equal((await api.link(other, id, resultId)).statusCode, 404);
  });
});

describe('results', () => {
  test('list: newest first, date range with defaults, endDate inclusive', async () => {
    const s = await f.student();
    const empty = (await api.results(s)).json();
    const today = dayIn('Asia/Kathmandu', new Date()); // the day of the student's institute's zone
    assert.deepEqual(empty, { startDate: today, endDate: today, results: [] });

    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await started(s, demoExam);
      made.push((await api.submit(s, demoExam, id)).json().resultId);
    }
    // move the first result to 2025-01-10 and the second to 2025-01-12 (end of that day in the institute's zone,
    // Asia/Kathmandu: 23:59 there)
    await t.db.update(results).set({ createdAt: new Date('2025-01-10T08:00:00Z') }).where(eq(results.id, made[0]!));
    await t.db.update(results).set({ createdAt: new Date('2025-01-12T18:14:00Z') }).where(eq(results.id, made[1]!));

    const all = (await api.results(s)).json();
    assert.equal(all.startDate, '2025-01-10');
    assert.equal(all.endDate, today);
    assert.deepEqual(all.results.map((r: { _id: string }) => r._id), [made[2], made[1], made[0]]);
    const one = all.results[0];
    assert.equal(one.exam, 'Mini Test Exam');
    assert.equal(one.exam_id, demoExam);
    assert.deepEqual(one.user, { _id: s.id, email: `${s.id}@example.com`, firstname: 'Test', lastname: 'Person' });
    assert.equal(one.total_questions, 2);
    assert.equal(one.attempted, 0);

    const range = (await api.results(s, '?startDate=2025-01-11&endDate=2025-01-12')).json();
    assert.deepEqual(range.results.map((r: { _id: string }) => r._id), [made[1]]);
    assert.deepEqual([range.startDate, range.endDate], ['2025-01-11', '2025-01-12']);
    assert.equal((await api.results(s, '?startDate=2025-01-10&endDate=2025-01-10')).json().results.length, 1);
    assert.equal((await api.results(s, '?startDate=2025-13-01')).statusCode, 400);
    assert.equal((await api.results(s, '?endDate=yesterday')).statusCode, 400);
    assert.equal((await api.results(s, '?startDate=2025-01-12&endDate=2025-01-11')).statusCode, 400);
    // only one's own
    const other = await f.person(0, ids.institute);
    assert.equal((await api.results(other)).json().results.length, 0);
    assert.equal((await t.app.inject({ url: `/api/results/user/${s.id}`, headers: other.h })).statusCode, 403);
  });

  test('detail: owner, creating institute and admin; others 403; answers revealed once no retake; survives exam deletion', async () => {
    const exam = await makeExam({ n: 4, owner: ids.institute, type: 'private' });
    const s = await f.student();
    const id = await started(s, exam.id);
    const resultId = (await api.submit(s, exam.id, id, [{ question: exam.questions[0]!.id, answer: exam.questions[0]!.answer }])).json().resultId;

    const r = await api.result(s, resultId);
    assert.equal(r.statusCode, 200);
    const body = r.json();
    assert.equal(body.result._id, resultId);
    assert.equal(body.result.score, 1);
    assert.equal(body.questions.length, 4);
    type Q = { answer?: string; answer_details?: string };
    const revealed = (qs: Q[]) => qs.every((q) => /^[1-4]$/.test(q.answer ?? '') && q.answer_details?.startsWith('because'));
    // the student may start another attempt (access ALL): the exam's default policy withholds the answer keys
    assert.ok(body.questions.every((q: Q) => q.answer === undefined && q.answer_details === undefined));
    assert.deepEqual(body.review, { policy: 'answers', shows: 'marks', canRetake: true });

    for (const who of [ids.institute, ids.admin]) {
      const full = await api.result(await f.as(who), resultId);
      assert.equal(full.statusCode, 200);
      assert.ok(revealed(full.json().questions));
    }
    // no attempt left: the student sees them too
    await t.db.delete(examAccess).where(eq(examAccess.userId, s.id));
    await f.access(s.id, 'ALL-X-TIMES', { totalTimes: 1, completedTimes: 1 });
    assert.ok(revealed((await api.result(s, resultId)).json().questions));
    const otherStudent = await f.person(0, ids.institute);
    const otherInst = await f.person(1, ids.admin);
    assert.equal((await api.result(otherStudent, resultId)).statusCode, 403);
    assert.equal((await api.result(otherInst, resultId)).statusCode, 403);
    assert.equal((await t.app.inject({ url: `/api/results/${resultId}/${s.id}`, headers: otherStudent.h })).statusCode, 403);
    assert.equal((await api.result(s, newId())).statusCode, 404);

    await t.db.update(exams).set({ deletedAt: new Date() }).where(eq(exams.id, exam.id));
    await t.db.delete(questions).where(eq(questions.examId, exam.id));
    const gone = await api.result(s, resultId);
    assert.equal(gone.statusCode, 200);
    assert.equal(gone.json().result.exam, body.result.exam);
    assert.deepEqual(gone.json().questions, []);
  });

  test('a private exam granted to the student\'s institute is listed and can be started', async () => {
    const exam = await makeExam({ type: 'private', owner: ids.admin });
    await t.db.insert(examInstituteAccess).values({ examId: exam.id, instituteId: ids.institute });
    const s = await f.person(0, ids.institute);
    assert.ok(((await api.available(s)).json() as { _id: string }[]).some((e) => e._id === exam.id));
    assert.equal((await api.start(s, exam.id)).statusCode, 200);
    const n = await t.db.select({ n: sql<number>`count(*)` }).from(attempts).where(eq(attempts.examId, exam.id));
    assert.equal(Number(n[0]!.n), 1);
  });
});
