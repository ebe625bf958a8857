import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { attempts, results, users } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;
let emptyInst: string;
const at = (iso: string) => new Date(iso);

/** An attempt (and a result when `score` is given) started at `startedAt`. */
async function attempt(userId: string, instituteId: string | null, startedAt: string, score?: number): Promise<{ attemptId: string; resultId: string | null }> {
  const attemptId = newId();
  const resultId = score === undefined ? null : newId();
  await w.t.db.insert(attempts).values({
    id: attemptId, examId: w.ids.exam, examTitle: 'Mock Exam 1', userId, instituteId, status: resultId ? 'submitted' : 'running',
    startedAt: at(startedAt), deadlineAt: new Date(at(startedAt).getTime() + 50 * 60 * 1000), resultId,
  });
  if (resultId) {
    await w.t.db.insert(results).values({
      id: resultId, attemptId, examId: w.ids.exam, examTitle: 'Mock Exam 1', userId, instituteId, score: score!,
      totalQuestions: 40, attempted: 38, answers: [{ question: 'q1', questionNumber: 1, type: 'Reading', answer: '2', correct: true }],
      // the scale as if the first questions were the right ones: Reading first, then Listening
      totalScore: 5 * score!, readingScore: 5 * Math.min(score!, 20), listeningScore: 5 * Math.max(0, score! - 20),
      createdAt: new Date(at(startedAt).getTime() + 40 * 60 * 1000),
    });
  }
  return { attemptId, resultId };
}

let a1: { attemptId: string; resultId: string | null };
before(async () => {
  w = await peopleWorld();
  const A = w.ids.institute;
  a1 = await attempt(w.ids.student, A, '2031-03-05T10:00:00Z', 30);
  await attempt(w.ids.student, A, '2031-03-05T23:30:00Z');
  await attempt(w.ids.student, A, '2031-03-06T00:00:00Z', 12); // exactly the next day: not in the 5th
  await attempt(w.ids.student, A, '2031-03-06T01:00:00Z', 20);
  await attempt(w.ids.studentB, w.ids.instB, '2031-03-05T12:00:00Z', 25);
  await attempt(w.ids.newStudent, null, '2031-03-05T13:00:00Z', 5);
  const r = await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, {
    name: 'Quiet Institute', email: 'quiet@example.com', phone: '9800000009', address: '', password: 'password123', confirm_password: 'password123', institute_role: 0,
  });
  emptyInst = r.json()._id;
  // these tests' days are UTC days (test/time-zones.test.ts covers other zones)
  await w.t.db.update(users).set({ timeZone: 'UTC' });
});
after(async () => { await w?.t.close(); });

type Day = { _id: string; result: { _id: string; score: number; user: { email: string } } | null; exam: { _id: string; title: string }; user: { _id: string; email: string; firstname: string }; institute: { _id: string; name: string } | null; status: string; createdAt: string };
const day = async (me: string, token: string, date = '2031-03-05', to = '2031-03-06') => {
  const r = await w.call('GET', `reports/date/${me}?date=${date}&to=${to}`, token);
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as Day[];
};

describe("the day's results: GET reports/date/:userId", () => {
  test('admin: every attempt started in [date, to), newest first, with result, exam, user and institute', async () => {
    const rows = await day(w.ids.admin, w.tok.admin);
    assert.deepEqual(rows.map((r) => r.createdAt), [
      '2031-03-05T23:30:00.000Z', '2031-03-05T13:00:00.000Z', '2031-03-05T12:00:00.000Z', '2031-03-05T10:00:00.000Z',
    ]);
    const first = rows.find((r) => r._id === a1.attemptId)!;
    assert.equal(first.result?._id, a1.resultId);
    assert.equal(first.result?.score, 30);
    assert.equal(first.result?.user.email, 'student@example.com');
    assert.deepEqual(first.exam, { _id: w.ids.exam, title: 'Mock Exam 1' });
    assert.equal(first.user.email, 'student@example.com');
    assert.equal(first.user.firstname, 'Demo');
    assert.deepEqual(first.institute, { _id: w.ids.institute, name: 'Kathmandu Korean Academy' });
    assert.equal(first.status, 'submitted');
    assert.equal(rows[0]!.result, null, 'a running attempt has no result yet');
    assert.equal(rows.find((r) => r.user.email === 'newstudent@example.com')!.institute, null);
  });
  test('an institute sees only its students', async () => {
    const a = await day(w.ids.institute, w.tok.institute);
    assert.equal(a.length, 2);
    assert.ok(a.every((r) => r.user._id === w.ids.student));
    const b = await day(w.ids.instB, w.tok.instB);
    assert.deepEqual(b.map((r) => r.user._id), [w.ids.studentB]);
  });
  test('the next day and a two-day range', async () => {
    assert.equal((await day(w.ids.admin, w.tok.admin, '2031-03-06', '2031-03-07')).length, 2);
    assert.equal((await day(w.ids.admin, w.tok.admin, '2031-03-05', '2031-03-07')).length, 6);
    assert.equal((await day(w.ids.admin, w.tok.admin, '2031-03-07', '2031-03-08')).length, 0);
  });
  test('students refused; a bad date refused', async () => {
    assert.equal((await w.call('GET', `reports/date/${w.ids.student}?date=2031-03-05&to=2031-03-06`, w.tok.student)).statusCode, 403);
    assert.equal((await w.call('GET', `reports/date/${w.ids.admin}?date=yesterday`, w.tok.admin)).statusCode, 400);
    assert.equal((await w.call('GET', `reports/date/${w.ids.admin}`, w.tok.admin)).statusCode, 400);
  });
});

describe('results of a user or an institute: GET results/of/:id/:userId', () => {
  const of = (id: string, me: string, token: string) => w.call('GET', `results/of/${id}/${me}`, token);
  test('a student: the admin, its institute, itself', async () => {
    for (const [me, token] of [[w.ids.admin, w.tok.admin], [w.ids.institute, w.tok.institute], [w.ids.student, w.tok.student]] as const) {
      const r = await of(w.ids.student, me, token);
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual((r.json() as { score: number }[]).map((x) => x.score), [20, 12, 30]);
    }
    assert.equal((await of(w.ids.student, w.ids.instB, w.tok.instB)).statusCode, 404);
    assert.equal((await of(w.ids.student, w.ids.studentB, w.tok.studentB)).statusCode, 404);
    assert.equal((await of(newId(), w.ids.admin, w.tok.admin)).statusCode, 404);
  });
  test("an institute: its students' results, for the admin or itself", async () => {
    let r = await of(w.ids.instB, w.ids.admin, w.tok.admin);
    assert.deepEqual((r.json() as { score: number }[]).map((x) => x.score), [25]);
    r = await of(w.ids.instB, w.ids.instB, w.tok.instB);
    assert.equal(r.json().length, 1);
    assert.equal((await of(w.ids.instB, w.ids.institute, w.tok.institute)).statusCode, 404);
    assert.equal((await of(w.ids.instB, w.ids.studentB, w.tok.studentB)).statusCode, 404);
  });
  test('deleting a student keeps its results for the record', async () => {
    const del = await w.call('PUT', `users/delete/${w.ids.instB}`, w.tok.instB, { _id: w.ids.studentB });
    assert.equal(del.statusCode, 200);
    const r = await of(w.ids.instB, w.ids.instB, w.tok.instB);
    assert.deepEqual((r.json() as { score: number }[]).map((x) => x.score), [25]);
    assert.equal((await day(w.ids.instB, w.tok.instB)).length, 1);
  });
});

describe('attempts per institute: GET reports/getReport/:userId', () => {
  const report = (q: string) => w.call('GET', `reports/getReport/${w.ids.admin}?${q}`, w.tok.admin);
  test('counts in the range (end date included), institutes with none at 0, most first', async () => {
    let r = await report('startDate=2031-03-05&endDate=2031-03-05');
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().startDate, '2031-03-05');
    assert.equal(r.json().endDate, '2031-03-05');
    // the means are over the finished attempts only (A's running one is counted, not averaged as 0)
    assert.deepEqual(r.json().reports, [
      { _id: w.ids.institute, name: 'Kathmandu Korean Academy', total: 2, averageScore: 150, averageReading: 100, averageListening: 50 },
      { _id: w.ids.instB, name: 'Pokhara Language School', total: 1, averageScore: 125, averageReading: 100, averageListening: 25 },
      { _id: emptyInst, name: 'Quiet Institute', total: 0, averageScore: null, averageReading: null, averageListening: null },
    ]);
    r = await report('startDate=2031-03-05&endDate=2031-03-06');
    assert.deepEqual((r.json().reports as { total: number }[]).map((x) => x.total), [4, 1, 0]);
    // A: 30, 12 and 20 correct -> 150, 60, 100 points: mean 103.3; Reading 100, 60, 100: 86.7; Listening 50, 0, 0: 16.7
    assert.deepEqual(r.json().reports[0], {
      _id: w.ids.institute, name: 'Kathmandu Korean Academy', total: 4, averageScore: 103.3, averageReading: 86.7, averageListening: 16.7,
    });
    r = await report('startDate=2031-04-01&endDate=2031-04-30');
    assert.deepEqual((r.json().reports as { total: number }[]).map((x) => x.total), [0, 0, 0]);
  });
  test('admin only; bad dates refused', async () => {
    assert.equal((await w.call('GET', `reports/getReport/${w.ids.institute}?startDate=2031-03-05&endDate=2031-03-05`, w.tok.institute)).statusCode, 403);
    assert.equal((await w.call('GET', `reports/getReport/${w.ids.student}?startDate=2031-03-05&endDate=2031-03-05`, w.tok.student)).statusCode, 403);
    assert.equal((await report('startDate=soon&endDate=2031-03-05')).statusCode, 400);
    assert.equal((await report('startDate=2031-03-06&endDate=2031-03-01')).statusCode, 400);
  });
});
