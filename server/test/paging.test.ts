/**
 * The back office's lists paged on the server (src/paging.ts): ?page, ?limit, ?search, the total in X-Total-Count, a
 * stable newest-first order, 400 for bad paging values, and ownership through every page and every search. The data
 * is realistic in size (2,100 results, attempts and 80 students of one institute; 300 and 20 of another), written with
 * set-based INSERTs and with many equal timestamps, so that only the id keeps the order stable.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/index.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;
const A_STUDENTS = 80;
const B_STUDENTS = 20;
const A_RESULTS = 2100;
const B_RESULTS = 300;
const DAY = '2030-02-01';

/** `n` students of `institute`: ids md5(prefix || g), emails paged-NNNN@<prefix>.example.com, four per creation minute. */
async function students(prefix: string, institute: string, n: number) {
  await w.t.db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role, created_by, user_uid, created_at)
    select substr(md5(${prefix} || g), 1, 24), 'paged-' || lpad(g::text, 4, '0') || '@' || ${prefix} || '.example.com', 'x',
      'Paged', 'Student' || g, 0, ${institute}, 'PG-' || ${prefix} || '-' || g,
      timestamptz '2030-01-01 00:00:00+00' + (g / 4) * interval '1 minute'
    from generate_series(1, ${n}) g`);
}

/** `n` attempts started on DAY (three per second) with their results, by the students of `prefix`, round robin. */
async function attemptsWithResults(prefix: string, n: number, studentCount: number, instituteId: string) {
  const started = sql`timestamptz '2030-02-01 00:00:00+00' + (g / 3) * interval '1 second'`;
  await w.t.db.execute(sql`insert into attempts (id, exam_id, exam_title, user_id, institute_id, status, started_at, deadline_at, result_id)
    select substr(md5('a' || ${prefix} || g), 1, 24), ${w.ids.exam}, 'Mock Exam 1', substr(md5(${prefix} || (1 + g % ${studentCount})), 1, 24),
      ${instituteId}, 'submitted', ${started}, ${started} + interval '50 minutes', substr(md5('r' || ${prefix} || g), 1, 24)
    from generate_series(1, ${n}) g`);
  await w.t.db.execute(sql`insert into results (id, attempt_id, exam_id, exam_title, user_id, institute_id, score, total_questions, attempted, answers, created_at,
      total_score, reading_score, listening_score)
    select substr(md5('r' || ${prefix} || g), 1, 24), substr(md5('a' || ${prefix} || g), 1, 24), ${w.ids.exam}, 'Mock Exam 1',
      substr(md5(${prefix} || (1 + g % ${studentCount})), 1, 24), ${instituteId}, g % 41, 40, 40, '[]', ${started},
      5 * (g % 21) + 5 * (g % 11), 5 * (g % 21), 5 * (g % 11)
    from generate_series(1, ${n}) g`);
}

/** The report's means of attemptsWithResults(n): 5 * (g % m) over g = 1..n, to one decimal. */
function means(n: number) {
  const mean = (f: (g: number) => number) => {
    let sum = 0;
    for (let g = 1; g <= n; g++) sum += f(g);
    return Math.round((10 * sum) / n) / 10;
  };
  return {
    averageScore: mean((g) => 5 * (g % 21) + 5 * (g % 11)), averageReading: mean((g) => 5 * (g % 21)), averageListening: mean((g) => 5 * (g % 11)),
  };
}

before(async () => {
  w = await peopleWorld();
  await students('pa', w.ids.institute, A_STUDENTS);
  await students('pb', w.ids.instB, B_STUDENTS);
  await attemptsWithResults('pa', A_RESULTS, A_STUDENTS, w.ids.institute);
  await attemptsWithResults('pb', B_RESULTS, B_STUDENTS, w.ids.instB);
});
after(async () => { await w?.t.close(); });

interface Page<T> { status: number; rows: T[]; total: number; body: unknown }

async function get<T = { _id: string }>(path: string, token: string): Promise<Page<T>> {
  const r = await w.call('GET', path, token);
  const total = r.headers['x-total-count'];
  return { status: r.statusCode, rows: r.statusCode === 200 ? (r.json() as T[]) : [], total: Number(total), body: r.json() };
}

/** Every page of `path` (which has no query yet, or ends with one) at `limit`; checks each page's header and size. */
async function allPages<T = { _id: string }>(path: string, token: string, limit: number): Promise<{ rows: T[]; total: number }> {
  const sep = path.includes('?') ? '&' : '?';
  const first = await get<T>(`${path}${sep}page=1&limit=${limit}`, token);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const pages = Math.ceil(first.total / limit);
  const rows = [...first.rows];
  for (let p = 2; p <= pages; p++) {
    const page = await get<T>(`${path}${sep}page=${p}&limit=${limit}`, token);
    assert.equal(page.status, 200);
    assert.equal(page.total, first.total, `page ${p}: the same total`);
    assert.equal(page.rows.length, p < pages ? limit : first.total - limit * (pages - 1), `page ${p}: size`);
    rows.push(...page.rows);
  }
  return { rows, total: first.total };
}

/** Newest first, then id descending; no row twice. */
function assertNewestFirst(rows: { _id: string; createdAt: string }[]) {
  assert.equal(new Set(rows.map((r) => r._id)).size, rows.length, 'no row on two pages');
  let ties = 0;
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (a.createdAt === b.createdAt) {
      ties++;
      assert.ok(a._id > b._id, `equal times ordered by id: ${a._id} before ${b._id}`);
    } else assert.ok(a.createdAt > b.createdAt, `newest first: ${a.createdAt} before ${b.createdAt}`);
  }
  return ties;
}

/** How many of `n` generated results belong to student number `no` (results go round robin: student 1 + g % count). */
const resultsOfStudentNo = (no: number, n: number, count: number) =>
  Array.from({ length: n }, (_, i) => i + 1).filter((g) => 1 + (g % count) === no).length;

type ResultRow = { _id: string; createdAt: string; user: { _id: string; email: string } };
const aEmail = /@pa\.example\.com$/;
const bEmail = /@pb\.example\.com$/;

describe('results of an institute: GET results/of/:id/:userId', () => {
  test('every page, newest first and stable, each row once; the total in X-Total-Count', async () => {
    for (const [me, token] of [[w.ids.admin, w.tok.admin], [w.ids.institute, w.tok.institute]] as const) {
      const { rows, total } = await allPages<ResultRow>(`results/of/${w.ids.institute}/${me}`, token, 100);
      assert.equal(total, A_RESULTS);
      assert.equal(rows.length, A_RESULTS);
      assert.ok(assertNewestFirst(rows) > 1000, 'the data has many equal times');
      assert.ok(rows.every((r) => aEmail.test(r.user.email)), "only the institute's students");
    }
  });
  test('default: page 1 of 50 rows', async () => {
    const p = await get<ResultRow>(`results/of/${w.ids.institute}/${w.ids.institute}`, w.tok.institute);
    assert.equal(p.rows.length, 50);
    assert.equal(p.total, A_RESULTS);
    const again = await get<ResultRow>(`results/of/${w.ids.institute}/${w.ids.institute}?page=1&limit=50`, w.tok.institute);
    assert.deepEqual(again.rows.map((r) => r._id), p.rows.map((r) => r._id));
  });
  test('a page past the end is empty and still tells the total', async () => {
    const p = await get(`results/of/${w.ids.institute}/${w.ids.institute}?page=100&limit=100`, w.tok.institute);
    assert.equal(p.status, 200);
    assert.deepEqual(p.rows, []);
    assert.equal(p.total, A_RESULTS);
  });
  test('search by the student email, case-insensitive, over every page; never another institute\'s rows', async () => {
    const expected = resultsOfStudentNo(7, A_RESULTS, A_STUDENTS);
    const { rows, total } = await allPages<ResultRow>(`results/of/${w.ids.institute}/${w.ids.institute}?search=PAGED-0007%40PA`, w.tok.institute, 10);
    assert.equal(total, expected);
    assert.ok(rows.every((r) => r.user.email === 'paged-0007@pa.example.com'));
    assertNewestFirst(rows);
    // B's students' emails, searched by A: nothing; and by B only B's
    assert.equal((await get(`results/of/${w.ids.institute}/${w.ids.institute}?search=%40pb.example`, w.tok.institute)).total, 0);
    const b = await allPages<ResultRow>(`results/of/${w.ids.instB}/${w.ids.instB}?search=paged`, w.tok.instB, 100);
    assert.equal(b.total, B_RESULTS);
    assert.ok(b.rows.every((r) => bEmail.test(r.user.email)));
  });
  test('another institute is refused on every page and with any search', async () => {
    for (const q of ['', '?page=2', '?limit=100&page=3', '?search=paged', '?search=pa.example']) {
      const r = await w.call('GET', `results/of/${w.ids.institute}/${w.ids.instB}${q}`, w.tok.instB);
      assert.equal(r.statusCode, 404, q);
      assert.equal(r.headers['x-total-count'], undefined);
      assert.ok(!r.body.includes('pa.example.com'));
    }
  });
  test("a student's results: paged the same way", async () => {
    const id = await queryRows<{ id: string }>(w.t.db, sql`select substr(md5('pa' || 7), 1, 24) as id`);
    const student = id[0]!.id;
    const { rows, total } = await allPages<ResultRow>(`results/of/${student}/${w.ids.institute}`, w.tok.institute, 7);
    assert.equal(total, resultsOfStudentNo(7, A_RESULTS, A_STUDENTS));
    assert.ok(rows.length === total && rows.every((r) => r.user._id === student));
    assertNewestFirst(rows);
    assert.equal((await w.call('GET', `results/of/${student}/${w.ids.instB}`, w.tok.instB)).statusCode, 404);
  });
});

describe('paging values: page 1.., limit 1..100, search at most 100 characters', () => {
  const bad = ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'limit=0', 'limit=101', 'limit=2.5', 'limit=x', 'page=1&page=2',
    `search=${'x'.repeat(101)}`, 'page=1000001'];
  const paths = () => [
    `results/of/${w.ids.institute}/${w.ids.admin}`, `results/exam/${w.ids.exam}/${w.ids.admin}`, `users/getAllUsers/${w.ids.admin}`,
    `users/getSelfCreatedUsers/${w.ids.admin}`, `users/noInstitute/${w.ids.admin}`, `users/ofInstitute/${w.ids.institute}/${w.ids.admin}`,
    `users/getAllInstitutes/${w.ids.admin}`, `reports/date/${w.ids.admin}?date=${DAY}`, `reports/getReport/${w.ids.admin}?startDate=${DAY}&endDate=${DAY}`,
  ];
  test('a bad value is a 400 { error } on every paged list', async () => {
    for (const path of paths()) {
      for (const q of bad) {
        const r = await w.call('GET', `${path}${path.includes('?') ? '&' : '?'}${q}`, w.tok.admin);
        assert.equal(r.statusCode, 400, `${path} ${q}: ${r.body}`);
        assert.equal(typeof r.json().error, 'string');
      }
    }
    const r = await w.call('GET', `users/institute/${w.ids.institute}?limit=101`, w.tok.institute);
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'limit must be <= 100' }]);
  });
  test('limit 100 and a 100-character search are accepted', async () => {
    for (const path of paths()) {
      const r = await w.call('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100&search=${'y'.repeat(100)}`, w.tok.admin);
      assert.equal(r.statusCode, 200, `${path}: ${r.body}`);
      assert.equal(r.headers['x-total-count'], '0');
    }
  });
  test('search characters are literal: % and _ match only themselves', async () => {
    assert.equal((await get(`users/getAllUsers/${w.ids.admin}?search=%25`, w.tok.admin)).total, 0);
    assert.equal((await get(`users/getAllUsers/${w.ids.admin}?search=paged_`, w.tok.admin)).total, 0);
    assert.equal((await get(`users/getAllUsers/${w.ids.admin}?search=paged-`, w.tok.admin)).total, A_STUDENTS + B_STUDENTS);
  });
});

describe('results of an exam: GET results/exam/:examId/:userId', () => {
  test('admin: every result; an institute: only its students\', through every page and search', async () => {
    const all = await allPages<ResultRow>(`results/exam/${w.ids.exam}/${w.ids.admin}`, w.tok.admin, 100);
    assert.equal(all.total, A_RESULTS + B_RESULTS);
    assertNewestFirst(all.rows);
    const a = await allPages<ResultRow>(`results/exam/${w.ids.exam}/${w.ids.institute}`, w.tok.institute, 100);
    assert.equal(a.total, A_RESULTS);
    assert.ok(a.rows.every((r) => aEmail.test(r.user.email)));
    const b = await get<ResultRow>(`results/exam/${w.ids.exam}/${w.ids.instB}?search=pa.example&limit=100`, w.tok.instB);
    assert.ok(b.status === 404 || (b.total === 0 && b.rows.length === 0), 'no result of A through B\'s search');
    const bAll = await allPages<ResultRow>(`results/exam/${w.ids.exam}/${w.ids.instB}`, w.tok.instB, 100).catch(() => null);
    if (bAll) assert.ok(bAll.total === B_RESULTS && bAll.rows.every((r) => bEmail.test(r.user.email)));
    const s = await get<ResultRow>(`results/exam/${w.ids.exam}/${w.ids.admin}?search=Paged-0001%40PB&limit=100`, w.tok.admin);
    assert.equal(s.total, resultsOfStudentNo(1, B_RESULTS, B_STUDENTS));
    assert.ok(s.rows.every((r) => r.user.email === 'paged-0001@pb.example.com'));
  });
});

type UserRow = { _id: string; email: string; createdAt: string; created_by: string | null };

describe('user lists', () => {
  test('all users (admin): every student once, newest first, stable; search by email', async () => {
    const { rows, total } = await allPages<UserRow>(`users/getAllUsers/${w.ids.admin}`, w.tok.admin, 9);
    const [{ n }] = await queryRows<{ n: number | string }>(w.t.db, sql`select count(*) as n from users where role = 0 and deleted_at is null`);
    assert.equal(total, Number(n));
    assert.ok(assertNewestFirst(rows) > 10);
    const s = await allPages<UserRow>(`users/getAllUsers/${w.ids.admin}?search=PAGED-00`, w.tok.admin, 10);
    assert.equal(s.total, A_STUDENTS + B_STUDENTS); // paged-0001.. of both institutes
    assert.equal(s.rows.length, s.total);
    assert.ok(s.rows.every((u) => u.email.startsWith('paged-00')));
  });
  test("an institute's users: only its own, on every page and search", async () => {
    const a = await allPages<UserRow>(`users/institute/${w.ids.institute}`, w.tok.institute, 10);
    assert.equal(a.total, A_STUDENTS + 1); // + the demo student
    assert.ok(a.rows.every((u) => u.created_by === w.ids.institute));
    assertNewestFirst(a.rows);
    assert.equal((await get(`users/institute/${w.ids.institute}?search=%40pb.example`, w.tok.institute)).total, 0);
    const b = await allPages<UserRow>(`users/ofInstitute/${w.ids.instB}/${w.ids.instB}`, w.tok.instB, 10);
    assert.equal(b.total, B_STUDENTS + 1); // + student-b
    assert.ok(b.rows.every((u) => u.created_by === w.ids.instB));
    for (const q of ['', '?page=2', '?search=paged']) {
      assert.equal((await w.call('GET', `users/ofInstitute/${w.ids.institute}/${w.ids.instB}${q}`, w.tok.instB)).statusCode, 404);
    }
    const viaAdmin = await get<UserRow>(`users/ofInstitute/${w.ids.instB}/${w.ids.admin}?limit=5&page=2`, w.tok.admin);
    assert.deepEqual([viaAdmin.rows.length, viaAdmin.total], [5, B_STUDENTS + 1]);
  });
  test("'Yours Users' and 'Users With No Institute' (admin)", async () => {
    const own = await get(`users/getSelfCreatedUsers/${w.ids.admin}`, w.tok.admin);
    assert.equal(own.total, own.rows.length);
    const none = await get<UserRow>(`users/noInstitute/${w.ids.admin}?search=newstudent`, w.tok.admin);
    assert.deepEqual(none.rows.map((u) => u.email), ['newstudent@example.com']);
    assert.equal(none.total, 1);
  });
  test('institutes (admin): paged, newest first, search by name, student counts', async () => {
    const all = await get<{ _id: string; name: string; students: number }>(`users/getAllInstitutes/${w.ids.admin}?limit=1`, w.tok.admin);
    assert.deepEqual([all.rows.length, all.total], [1, 2]);
    assert.equal(all.rows[0]!._id, w.ids.instB, 'the newest first');
    const s = await get<{ _id: string; name: string; students: number }>(`users/getAllInstitutes/${w.ids.admin}?search=korean%20ACADEMY`, w.tok.admin);
    assert.deepEqual(s.rows.map((i) => [i._id, i.students]), [[w.ids.institute, A_STUDENTS + 1]]);
    assert.equal(s.total, 1);
  });
});

type DayRow = { _id: string; createdAt: string; user: { email: string }; result: { _id: string } | null };

describe("the day's results: GET reports/date/:userId", () => {
  test('an institute: only its students\' attempts through every page; the admin every one', async () => {
    const a = await allPages<DayRow>(`reports/date/${w.ids.institute}?date=${DAY}`, w.tok.institute, 100);
    assert.equal(a.total, A_RESULTS);
    assert.ok(a.rows.every((r) => aEmail.test(r.user.email) && r.result));
    assert.ok(assertNewestFirst(a.rows) > 1000);
    const all = await get<DayRow>(`reports/date/${w.ids.admin}?date=${DAY}&page=3&limit=100`, w.tok.admin);
    assert.equal(all.total, A_RESULTS + B_RESULTS);
    assert.equal(all.rows.length, 100);
    const s = await get<DayRow>(`reports/date/${w.ids.instB}?date=${DAY}&search=pa.example.com`, w.tok.instB);
    assert.equal(s.total, 0);
    const sb = await get<DayRow>(`reports/date/${w.ids.instB}?date=${DAY}&search=PB.EXAMPLE&limit=100`, w.tok.instB);
    assert.equal(sb.total, B_RESULTS);
  });
  test('dates outside 1970..9999 are a 400, not a 500', async () => {
    for (const d of ['%2B275760-09-13', '-271821-04-20T00:00:00Z', '1969-12-31', '10000-01-01', '%2B010000-01-01']) {
      for (const q of [`date=${d}`, `date=${DAY}&to=${d}`]) {
        const r = await w.call('GET', `reports/date/${w.ids.admin}?${q}`, w.tok.admin);
        assert.equal(r.statusCode, 400, `${q}: ${r.body}`);
        assert.equal(typeof r.json().error, 'string');
      }
      for (const q of [`startDate=${d}&endDate=${DAY}`, `startDate=${DAY}&endDate=${d}`]) {
        const r = await w.call('GET', `reports/getReport/${w.ids.admin}?${q}`, w.tok.admin);
        assert.equal(r.statusCode, 400, `${q}: ${r.body}`);
      }
    }
    assert.equal((await w.call('GET', `reports/date/${w.ids.admin}?date=9999-12-31`, w.tok.admin)).statusCode, 200);
    assert.equal((await w.call('GET', `reports/date/${w.ids.admin}?date=1970-01-01`, w.tok.admin)).statusCode, 200);
    assert.equal((await w.call('GET', `reports/getReport/${w.ids.admin}?startDate=1970-01-01&endDate=9999-12-31`, w.tok.admin)).statusCode, 200);
  });
});

describe('attempts per institute: GET reports/getReport/:userId', () => {
  test('`reports` is one page (most first, then name, then id); the total in X-Total-Count; search by name', async () => {
    const extra = await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, {
      name: 'Another Academy', email: 'another@example.com', phone: '9800000008', address: '', password: 'password123', confirm_password: 'password123', institute_role: 0,
    });
    assert.equal(extra.statusCode, 201);
    const r = await w.call('GET', `reports/getReport/${w.ids.admin}?startDate=${DAY}&endDate=${DAY}&limit=2`, w.tok.admin);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['x-total-count'], '3');
    assert.deepEqual(r.json(), {
      startDate: DAY, endDate: DAY, reports: [
        { _id: w.ids.institute, name: 'Kathmandu Korean Academy', total: A_RESULTS, ...means(A_RESULTS) },
        { _id: w.ids.instB, name: 'Pokhara Language School', total: B_RESULTS, ...means(B_RESULTS) },
      ],
    });
    const p2 = await w.call('GET', `reports/getReport/${w.ids.admin}?startDate=${DAY}&endDate=${DAY}&limit=2&page=2`, w.tok.admin);
    assert.deepEqual(p2.json().reports, [{ _id: extra.json()._id, name: 'Another Academy', total: 0, averageScore: null, averageReading: null, averageListening: null }]);
    const s = await w.call('GET', `reports/getReport/${w.ids.admin}?startDate=${DAY}&endDate=${DAY}&search=ACADEMY`, w.tok.admin);
    assert.deepEqual((s.json().reports as { name: string }[]).map((x) => x.name), ['Kathmandu Korean Academy', 'Another Academy']);
    assert.equal(s.headers['x-total-count'], '2');
  });
});
