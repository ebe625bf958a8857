import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { examAccess, examAccessExams, exams } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;
let privA: string; // published private exam of the demo institute (A)
let privB: string; // published private exam of institute B
let hiddenA: string; // unpublished exam of A
before(async () => {
  w = await peopleWorld();
  [privA, privB, hiddenA] = [newId(), newId(), newId()];
  await w.t.db.insert(exams).values([
    { id: privA, title: 'A private', type: 'private', status: 1, userId: w.ids.institute },
    { id: privB, title: 'B private', type: 'private', status: 1, userId: w.ids.instB },
    { id: hiddenA, title: 'A hidden', type: 'private', status: 0, userId: w.ids.institute },
  ]);
});
after(async () => { await w?.t.close(); });

const save = (body: Record<string, unknown>, me = w.ids.institute, token = w.tok.institute) =>
  w.call('POST', `examaccess/create/${me}`, token, { user: w.ids.student, ...body });
const read = (student = w.ids.student, me = w.ids.institute, token = w.tok.institute) =>
  w.call('GET', `examaccess/${me}?id=${student}`, token);
const dbAccess = async (student: string) => {
  const [a] = await w.t.db.select().from(examAccess).where(eq(examAccess.userId, student));
  const rows = a ? await w.t.db.select().from(examAccessExams).where(eq(examAccessExams.accessId, a.id)) : [];
  return { a, rows };
};

describe('reading access: GET examaccess/:userId?id=', () => {
  test('the seeded access of the demo student; null for a student without one', async () => {
    const r = await read();
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().type, 'CREATOR-AND-PUBLIC-ALL');
    assert.equal(r.json().user, w.ids.student);
    const none = await w.call('GET', `examaccess/${w.ids.admin}?id=${w.ids.newStudent}`, w.tok.admin);
    assert.equal(none.statusCode, 200);
    assert.equal(none.json(), null);
  });
  test('a student reads its own; not another one; another institute cannot', async () => {
    assert.equal((await read(w.ids.student, w.ids.student, w.tok.student)).statusCode, 200);
    assert.equal((await read(w.ids.student, w.ids.studentB, w.tok.studentB)).statusCode, 404);
    assert.equal((await read(w.ids.student, w.ids.instB, w.tok.instB)).statusCode, 404);
  });
});

describe('saving access: POST examaccess/create/:userId', () => {
  test('SELECTEDEXAM with exam rows (titles returned), then the rules module sees it', async () => {
    const r = await save({ type: 'SELECTEDEXAM', exams: [{ exam: w.ids.exam, total_times: 2 }, { exam: privA, total_times: 1 }] });
    assert.equal(r.statusCode, 200, r.body);
    const a = r.json();
    assert.equal(a.type, 'SELECTEDEXAM');
    const [demo] = await w.t.db.select().from(exams).where(eq(exams.id, w.ids.exam));
    const rows = (a.exams as { exam: { _id: string; title: string }; total_times: number; completed_times: number }[])
      .map((e) => [e.exam._id, e.exam.title, e.total_times, e.completed_times]);
    assert.deepEqual(rows.sort(), [[w.ids.exam, demo!.title, 2, 0], [privA, 'A private', 1, 0]].sort());
    assert.deepEqual((await read()).json(), a);
  });
  test('re-saving keeps completed counts of remaining rows; removed rows go', async () => {
    const { a } = await dbAccess(w.ids.student);
    await w.t.db.update(examAccessExams).set({ completedTimes: 2 }).where(eq(examAccessExams.examId, w.ids.exam));
    const r = await save({ type: 'SELECTEDEXAM', exams: [{ exam: w.ids.exam, total_times: 3 }] });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json().exams.map((e: { total_times: number; completed_times: number }) => [e.total_times, e.completed_times]), [[3, 2]]);
    const after = await dbAccess(w.ids.student);
    assert.equal(after.a!.id, a!.id, 'one access per student');
    assert.equal(after.rows.length, 1);
  });
  test('ALL-X-TIMES keeps completed_times while the type stays; another type resets it', async () => {
    let r = await save({ type: 'ALL-X-TIMES', total_times: 3 });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual([r.json().total_times, r.json().completed_times, r.json().exams], [3, 0, []]);
    await w.t.db.update(examAccess).set({ completedTimes: 2 }).where(eq(examAccess.userId, w.ids.student));
    r = await save({ type: 'ALL-X-TIMES', total_times: 5 });
    assert.deepEqual([r.json().total_times, r.json().completed_times], [5, 2]);
    r = await save({ type: 'ALL' });
    assert.deepEqual([r.json().type, r.json().completed_times, r.json().total_times], ['ALL', 0, null]);
  });
  test('TIMEFRAME: dates, end inclusive to the end of that day (days in the institute\'s zone, Asia/Kathmandu)', async () => {
    const r = await save({ type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-12' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().startTime, '2030-01-09T18:15:00.000Z');
    assert.equal(r.json().endTime, '2030-01-12T18:14:59.999Z');
    const same = await save({ type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-10' });
    assert.equal(same.statusCode, 200);
  });
  test('every other type saves', async () => {
    for (const type of ['CREATOR-AND-PUBLIC-ALL', 'PUBLIC-ALL', 'ALL', 'FREE-ALL']) {
      const r = await save({ type });
      assert.equal(r.json().type, type);
    }
  });
  test('bad input: refused with the dialog messages, the access unchanged', async () => {
    const before = await dbAccess(w.ids.student);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Type  is required'],
      [{ type: '' }, 'Type  is required'],
      [{ type: 'EVERYTHING' }, ' Invalid Type.'],
      [{ type: 'SELECTEDEXAM', exams: [] }, 'Exam is required'],
      [{ type: 'SELECTEDEXAM' }, 'Exam is required'],
      [{ type: 'SELECTEDEXAM', exams: [{ exam: '', total_times: 1 }] }, 'Exam is required'],
      [{ type: 'SELECTEDEXAM', exams: [{ exam: w.ids.exam }] }, 'Total Times is required'],
      [{ type: 'SELECTEDEXAM', exams: [{ exam: w.ids.exam, total_times: 0 }] }, 'Total Times is required'],
      [{ type: 'SELECTEDEXAM', exams: [{ exam: newId(), total_times: 1 }] }, 'Exam is not available to this user'],
      [{ type: 'SELECTEDEXAM', exams: [{ exam: privB, total_times: 1 }] }, 'Exam is not available to this user'],
      [{ type: 'SELECTEDEXAM', exams: [{ exam: hiddenA, total_times: 1 }] }, 'Exam is not available to this user'],
      [{ type: 'TIMEFRAME', startTime: '2030-01-10' }, 'To Date is required'],
      [{ type: 'TIMEFRAME', endTime: '2030-01-10' }, 'From Date is required'],
      [{ type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-09' }, 'To Date should be after From Date'],
      [{ type: 'TIMEFRAME', startTime: 'someday', endTime: '2030-01-09' }, ' Invalid From Date.'],
      [{ type: 'ALL-X-TIMES' }, 'Total Times is required'],
      [{ type: 'ALL-X-TIMES', total_times: 0 }, 'Total Times is required'],
    ];
    for (const [body, error] of cases) {
      const r = await save(body);
      assert.deepEqual([r.statusCode, r.json()], [400, { error }], JSON.stringify(body));
    }
    assert.equal((await save({ type: 'ALL-X-TIMES', total_times: 'many' })).statusCode, 400);
    assert.deepEqual(await dbAccess(w.ids.student), before);
  });
  test('an admin may set it; institute B may not for A\'s student (nothing changed)', async () => {
    let r = await save({ type: 'PUBLIC-ALL' }, w.ids.admin, w.tok.admin);
    assert.equal(r.statusCode, 200);
    const before = await dbAccess(w.ids.student);
    r = await save({ type: 'ALL' }, w.ids.instB, w.tok.instB);
    assert.deepEqual([r.statusCode, r.json()], [404, { error: 'User Not Found' }]);
    r = await save({ type: 'SELECTEDEXAM', exams: [{ exam: privB, total_times: 9 }] }, w.ids.instB, w.tok.instB);
    assert.equal(r.statusCode, 404);
    assert.deepEqual(await dbAccess(w.ids.student), before);
  });
  test('institute B gives its own student its own private exam', async () => {
    const r = await w.call('POST', `examaccess/create/${w.ids.instB}`, w.tok.instB, { user: w.ids.studentB, type: 'SELECTEDEXAM', exams: [{ exam: privB, total_times: 1 }] });
    assert.equal(r.statusCode, 200, r.body);
    const listed = await w.call('GET', `exams/published/users/${w.ids.studentB}`, w.tok.studentB);
    assert.equal(listed.statusCode, 200, listed.body);
    {
      assert.deepEqual((listed.json() as { _id: string }[]).map((e) => e._id), [privB], 'the student sees exactly that exam');
    }
  });
  test('only for students; students cannot set access', async () => {
    let r = await w.call('POST', `examaccess/create/${w.ids.admin}`, w.tok.admin, { user: w.ids.institute, type: 'ALL' });
    assert.equal(r.statusCode, 400);
    r = await w.call('POST', `examaccess/create/${w.ids.student}`, w.tok.student, { user: w.ids.student, type: 'ALL' });
    assert.equal(r.statusCode, 403);
    r = await w.call('POST', `examaccess/create/${w.ids.admin}`, w.tok.admin, { type: 'ALL' });
    assert.equal(r.statusCode, 400);
  });
});
