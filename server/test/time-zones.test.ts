/**
 * Time zones (issue 25): an institute's (and admin's) days are those of its IANA zone (default Asia/Kathmandu), a
 * student's those of its institute. Today's results, the admin's report range, a student's results list and TIMEFRAME
 * periods turn a YYYY-MM-DD day into that zone's instants. Run under TZ=Asia/Kathmandu and TZ=Asia/Seoul: the
 * process's own zone must not matter.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { attempts, examAccess, results, users } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { dayIn, dayRange, nextDay, startOfDay, storableDayStart, timeZoneName } from '../src/zones/index.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;

/** A submitted attempt with its result, both at `iso`. */
async function resultAt(userId: string, instituteId: string | null, iso: string): Promise<string> {
  const attemptId = newId();
  const resultId = newId();
  const at = new Date(iso);
  await w.t.db.insert(attempts).values({
    id: attemptId, examId: w.ids.exam, examTitle: 'Mock Exam 1', userId, instituteId, status: 'submitted',
    startedAt: at, deadlineAt: new Date(at.getTime() + 50 * 60_000), resultId,
  });
  await w.t.db.insert(results).values({
    id: resultId, attemptId, examId: w.ids.exam, examTitle: 'Mock Exam 1', userId, instituteId, score: 20,
    totalQuestions: 40, attempted: 40, answers: [], createdAt: at,
  });
  return attemptId;
}

const setZone = async (id: string, token: string, time_zone: string) =>
  w.call('PUT', `users/${id}`, token, { firstname: 'Zone', lastname: 'Keeper', time_zone });

const dayIds = async (me: string, token: string, date: string, to?: string) => {
  const r = await w.call('GET', `reports/date/${me}?date=${date}${to ? `&to=${to}` : ''}`, token);
  assert.equal(r.statusCode, 200, r.body);
  return (r.json() as { _id: string }[]).map((x) => x._id);
};

// 2026-03-01T23:15Z is 05:00 on 2 March in Kathmandu (UTC+5:45) and 08:15 on 2 March in Seoul (UTC+9)
const EARLY = '2026-03-01T23:15:00Z';
let early: string;
let earlyB: string;

before(async () => {
  w = await peopleWorld();
  early = await resultAt(w.ids.student, w.ids.institute, EARLY);
  earlyB = await resultAt(w.ids.studentB, w.ids.instB, EARLY);
});
after(async () => { await w?.t.close(); });

describe('the zone arithmetic (src/zones)', () => {
  test('day boundaries in zones without DST', () => {
    assert.equal(startOfDay('Asia/Kathmandu', '2026-03-02').toISOString(), '2026-03-01T18:15:00.000Z');
    assert.equal(startOfDay('Asia/Seoul', '2026-03-02').toISOString(), '2026-03-01T15:00:00.000Z');
    assert.equal(startOfDay('UTC', '2026-03-02').toISOString(), '2026-03-02T00:00:00.000Z');
    assert.equal(dayIn('Asia/Kathmandu', new Date(EARLY)), '2026-03-02');
    assert.equal(dayIn('Asia/Seoul', new Date(EARLY)), '2026-03-02');
    assert.equal(dayIn('UTC', new Date(EARLY)), '2026-03-01');
    assert.equal(dayIn('America/New_York', new Date(EARLY)), '2026-03-01');
  });
  test('a DST change day has 23 or 25 hours', () => {
    const hours = (zone: string, day: string) => { const r = dayRange(zone, day); return (r.to.getTime() - r.from.getTime()) / 3_600_000; };
    assert.equal(hours('Europe/London', '2026-03-29'), 23);
    assert.equal(hours('Europe/London', '2026-10-25'), 25);
    assert.equal(hours('Europe/London', '2026-03-28'), 24);
    assert.equal(hours('America/New_York', '2026-03-08'), 23);
    assert.equal(hours('America/New_York', '2026-11-01'), 25);
    assert.equal(startOfDay('Europe/London', '2026-03-30').toISOString(), '2026-03-29T23:00:00.000Z'); // BST
    assert.equal(startOfDay('America/New_York', '2026-11-02').toISOString(), '2026-11-02T05:00:00.000Z'); // EST again
    // a zone whose midnight is skipped: Havana springs forward at 00:00, the day starts at 01:00 local
    const havana = startOfDay('America/Havana', '2026-03-08');
    assert.equal(dayIn('America/Havana', havana), '2026-03-08');
    assert.notEqual(dayIn('America/Havana', new Date(havana.getTime() - 1)), '2026-03-08');
    assert.equal(hours('Asia/Kathmandu', '2026-03-29'), 24);
    assert.equal(nextDay('9999-12-31'), '10000-01-01');
    assert.equal(storableDayStart('Asia/Kathmandu', '10000-01-01').toISOString(), '9999-12-31T18:15:00.000Z');
    assert.equal(storableDayStart('Asia/Kathmandu', '1970-01-01').toISOString(), '1970-01-01T00:00:00.000Z');
  });
  test('zone names: IANA names (aliases, any case) pass, anything else does not', () => {
    assert.equal(timeZoneName('Asia/Kathmandu'), 'Asia/Kathmandu');
    assert.equal(timeZoneName('asia/seoul'), 'Asia/Seoul');
    assert.equal(timeZoneName('UTC'), 'UTC');
    for (const bad of ['', 'Mars/Olympus', 'Asia/Kathmandu; drop table users', '+05:45', 'x'.repeat(80), 42, null]) {
      assert.equal(timeZoneName(bad), null, String(bad));
    }
  });
});

describe("today's results are days in the institute's zone", () => {
  test('Kathmandu (the default): a result at 05:00 on 2 March belongs to 2 March, not 1 March', async () => {
    assert.equal((await w.row(w.ids.institute))!.timeZone, 'Asia/Kathmandu');
    assert.ok((await dayIds(w.ids.institute, w.tok.institute, '2026-03-02', '2026-03-03')).includes(early));
    assert.ok(!(await dayIds(w.ids.institute, w.tok.institute, '2026-03-01', '2026-03-02')).includes(early));
    // without `to`: the whole day in the zone
    assert.ok((await dayIds(w.ids.institute, w.tok.institute, '2026-03-02')).includes(early));
    assert.ok(!(await dayIds(w.ids.institute, w.tok.institute, '2026-03-01')).includes(early));
  });
  test('Seoul: the same, and the institute\'s own zone decides, not another\'s', async () => {
    const r = await setZone(w.ids.instB, w.tok.instB, 'Asia/Seoul');
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().time_zone, 'Asia/Seoul');
    assert.ok((await dayIds(w.ids.instB, w.tok.instB, '2026-03-02', '2026-03-03')).includes(earlyB));
    assert.ok(!(await dayIds(w.ids.instB, w.tok.instB, '2026-03-01', '2026-03-02')).includes(earlyB));
    // in UTC the same result is on 1 March
    assert.equal((await setZone(w.ids.instB, w.tok.instB, 'UTC')).statusCode, 200);
    assert.ok((await dayIds(w.ids.instB, w.tok.instB, '2026-03-01', '2026-03-02')).includes(earlyB));
    assert.ok(!(await dayIds(w.ids.instB, w.tok.instB, '2026-03-02', '2026-03-03')).includes(earlyB));
    assert.equal((await setZone(w.ids.instB, w.tok.instB, 'Asia/Seoul')).statusCode, 200);
  });
  test("the admin's day is the admin's own zone", async () => {
    assert.ok((await dayIds(w.ids.admin, w.tok.admin, '2026-03-02', '2026-03-03')).includes(early));
    assert.equal((await setZone(w.ids.admin, w.tok.admin, 'America/New_York')).statusCode, 200);
    assert.ok((await dayIds(w.ids.admin, w.tok.admin, '2026-03-01', '2026-03-02')).includes(early));
    assert.ok(!(await dayIds(w.ids.admin, w.tok.admin, '2026-03-02', '2026-03-03')).includes(early));
    assert.equal((await setZone(w.ids.admin, w.tok.admin, 'Asia/Kathmandu')).statusCode, 200);
  });
  test('the session carries the zone: the user, and a student\'s institute', async () => {
    const r = await w.t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'student-b@example.com', password: 'password123' } });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().institute.time_zone, 'Asia/Seoul');
    const i = await w.t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'inst-b@example.com', password: 'password123' } });
    assert.equal(i.json().user.time_zone, 'Asia/Seoul');
  });
});

describe('a date-time without its offset is refused: it would be read in the server process\'s zone', () => {
  test('reports and TIMEFRAME', async () => {
    for (const q of ['date=2026-03-02T05:00:00', 'date=10000-01-01', 'date=2026-03-02&to=2026-03-03T00:00']) {
      const r = await w.call('GET', `reports/date/${w.ids.institute}?${q}`, w.tok.institute);
      assert.equal(r.statusCode, 400, `${q}: ${r.body}`);
    }
    const ok = await w.call('GET', `reports/date/${w.ids.institute}?date=2026-03-01T18:15:00%2B00:00&to=2026-03-02T18:15:00Z`, w.tok.institute);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.ok((ok.json() as { _id: string }[]).some((x) => x._id === early));
    const r = await w.call('POST', `examaccess/create/${w.ids.institute}`, w.tok.institute,
      { user: w.ids.student, type: 'TIMEFRAME', startTime: '2030-01-10T00:00:00', endTime: '2030-01-12' });
    assert.equal(r.statusCode, 400, r.body);
  });
});

describe('report ranges', () => {
  const total = async (start: string, end: string, inst: string) => {
    const r = await w.call('GET', `reports/getReport/${w.ids.admin}?startDate=${start}&endDate=${end}&limit=100`, w.tok.admin);
    assert.equal(r.statusCode, 200, r.body);
    return (r.json().reports as { _id: string; total: number }[]).find((x) => x._id === inst)?.total;
  };
  test("the admin's range is days in the admin's zone, the end day included", async () => {
    assert.equal(await total('2026-03-02', '2026-03-02', w.ids.institute), 1);
    assert.equal(await total('2026-03-01', '2026-03-01', w.ids.institute), 0);
    assert.equal((await setZone(w.ids.admin, w.tok.admin, 'UTC')).statusCode, 200);
    assert.equal(await total('2026-03-01', '2026-03-01', w.ids.institute), 1);
    assert.equal(await total('2026-03-02', '2026-03-02', w.ids.institute), 0);
    assert.equal((await setZone(w.ids.admin, w.tok.admin, 'Asia/Kathmandu')).statusCode, 200);
  });
  test("a student's results list: days in its institute's zone", async () => {
    const list = async (token: string, id: string, start: string, end: string) => {
      const r = await w.call('GET', `results/user/${id}?startDate=${start}&endDate=${end}`, token);
      assert.equal(r.statusCode, 200, r.body);
      return r.json() as { startDate: string; endDate: string; results: unknown[] };
    };
    assert.equal((await list(w.tok.student, w.ids.student, '2026-03-02', '2026-03-02')).results.length, 1);
    assert.equal((await list(w.tok.student, w.ids.student, '2026-03-01', '2026-03-01')).results.length, 0);
    assert.equal((await list(w.tok.studentB, w.ids.studentB, '2026-03-02', '2026-03-02')).results.length, 1);
    assert.equal((await list(w.tok.studentB, w.ids.studentB, '2026-02-28', '2026-03-01')).results.length, 0);
    // the default range starts on the first result's day in the zone
    const r = await w.call('GET', `results/user/${w.ids.student}`, w.tok.student);
    assert.equal(r.json().startDate <= '2026-03-02', true);
  });
});

describe('TIMEFRAME access periods are whole days in the institute\'s zone', () => {
  const save = (token: string, me: string, user: string, body: Record<string, unknown>) =>
    w.call('POST', `examaccess/create/${me}`, token, { user, ...body });
  const stored = async (user: string) => {
    const [a] = await w.t.db.select().from(examAccess).where(eq(examAccess.userId, user));
    return a!;
  };
  test('Kathmandu: From at its 00:00, To included to its last millisecond', async () => {
    const r = await save(w.tok.institute, w.ids.institute, w.ids.student, { type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-12' });
    assert.ok(r.statusCode < 300, r.body);
    const a = await stored(w.ids.student);
    assert.equal(a.startTime!.toISOString(), '2030-01-09T18:15:00.000Z');
    assert.equal(a.endTime!.toISOString(), '2030-01-12T18:14:59.999Z');
  });
  test('Seoul, and a date-time is taken as its day in the zone', async () => {
    const r = await save(w.tok.instB, w.ids.instB, w.ids.studentB, { type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-10T20:00:00Z' });
    assert.ok(r.statusCode < 300, r.body);
    const a = await stored(w.ids.studentB);
    assert.equal(a.startTime!.toISOString(), '2030-01-09T15:00:00.000Z');
    // 20:00Z on the 10th is the 11th in Seoul: the period runs to the end of the 11th there
    assert.equal(a.endTime!.toISOString(), '2030-01-11T14:59:59.999Z');
  });
  test('read back, the access names its zone (the student\'s institute\'s): an admin elsewhere sees the saved days', async () => {
    assert.equal((await setZone(w.ids.instB, w.tok.instB, 'Asia/Seoul')).statusCode, 200);
    assert.equal((await setZone(w.ids.admin, w.tok.admin, 'America/Los_Angeles')).statusCode, 200);
    try {
      const r = await save(w.tok.admin, w.ids.admin, w.ids.studentB, { type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-12' });
      assert.ok(r.statusCode < 300, r.body);
      const read = await w.call('GET', `examaccess/${w.ids.admin}?id=${w.ids.studentB}`, w.tok.admin);
      assert.equal(read.statusCode, 200, read.body);
      const a = read.json() as { timeZone: string; startTime: string; endTime: string };
      // saved as Seoul's days (the institute's), whoever saved them
      assert.deepEqual(a, { ...a, timeZone: 'Asia/Seoul', startTime: '2030-01-09T15:00:00.000Z', endTime: '2030-01-12T14:59:59.999Z' });
      assert.deepEqual([dayIn(a.timeZone, new Date(a.startTime)), dayIn(a.timeZone, new Date(a.endTime))], ['2030-01-10', '2030-01-12']);
      // in the admin's own zone the From instant is another day: that is why the zone is sent
      assert.deepEqual([dayIn('America/Los_Angeles', new Date(a.startTime)), dayIn('America/Los_Angeles', new Date(a.endTime))], ['2030-01-09', '2030-01-12']);
      // the institute and the student read the same zone
      for (const [me, token] of [[w.ids.instB, w.tok.instB], [w.ids.studentB, w.tok.studentB]] as const) {
        const own = await w.call('GET', `examaccess/${me}?id=${w.ids.studentB}`, token);
        assert.equal(own.statusCode, 200, own.body);
        assert.equal(own.json().timeZone, 'Asia/Seoul');
      }
      const other = await w.call('GET', `examaccess/${w.ids.admin}?id=${w.ids.student}`, w.tok.admin);
      assert.equal(other.json().timeZone, 'Asia/Kathmandu');
    } finally {
      assert.equal((await setZone(w.ids.admin, w.tok.admin, 'Asia/Kathmandu')).statusCode, 200);
    }
  });
  test('a DST zone: the To day ends at its own midnight', async () => {
    assert.equal((await setZone(w.ids.instB, w.tok.instB, 'Europe/London')).statusCode, 200);
    const r = await save(w.tok.instB, w.ids.instB, w.ids.studentB, { type: 'TIMEFRAME', startTime: '2030-03-31', endTime: '2030-03-31' });
    assert.ok(r.statusCode < 300, r.body);
    const a = await stored(w.ids.studentB);
    assert.equal(a.startTime!.toISOString(), '2030-03-31T00:00:00.000Z');
    assert.equal(a.endTime!.toISOString(), '2030-03-31T22:59:59.999Z'); // 23 hours: BST from 01:00
    assert.equal((await setZone(w.ids.instB, w.tok.instB, 'Asia/Seoul')).statusCode, 200);
  });
});

describe('setting the zone', () => {
  test('an invalid zone is a 400 and changes nothing', async () => {
    for (const zone of ['Mars/Olympus', 'Asia/Kathmandu\u0000', '', 'UTC+5:45', 'a'.repeat(65)]) {
      const r = await setZone(w.ids.institute, w.tok.institute, zone);
      assert.equal(r.statusCode, 400, `${zone}: ${r.body}`);
      assert.ok(typeof r.json().error === 'string');
    }
    const wrongType = await w.call('PUT', `users/${w.ids.institute}`, w.tok.institute, { firstname: 'Zone', lastname: 'Keeper', time_zone: 545 });
    assert.equal(wrongType.statusCode, 400);
    const row = (await w.row(w.ids.institute))!;
    assert.equal(row.timeZone, 'Asia/Kathmandu');
    assert.notEqual(row.firstName, 'Zone');
  });
  test("a student cannot set one (its zone is its institute's); nobody sets another's", async () => {
    const r = await setZone(w.ids.student, w.tok.student, 'Asia/Seoul');
    assert.equal(r.statusCode, 400, r.body);
    const other = await setZone(w.ids.institute, w.tok.instB, 'Asia/Seoul');
    assert.ok(other.statusCode === 403 || other.statusCode === 404, other.body);
    assert.equal((await w.row(w.ids.institute))!.timeZone, 'Asia/Kathmandu');
  });
  test('the zone is stored in its IANA spelling', async () => {
    const r = await setZone(w.ids.institute, w.tok.institute, 'asia/seoul');
    assert.equal(r.statusCode, 200, r.body);
    assert.equal((await w.t.db.select({ z: users.timeZone }).from(users).where(eq(users.id, w.ids.institute)))[0]!.z, 'Asia/Seoul');
    assert.equal((await setZone(w.ids.institute, w.tok.institute, 'Asia/Kathmandu')).statusCode, 200);
  });
});
