/**
 * The authorization matrix: every /api route, who may call it, and proof that everyone else is refused.
 *
 * Callers: anonymous; `student` (enrolled by `institute`); `student2` (another institute's student); `institute` (the
 * student's institute); `institute2` (another institute); `admin`. For each route and caller the test builds the
 * request against seeded data (fresh, disposable targets where an allowed call would consume them), then checks:
 * allowed → not 401/403/404; refused → 401, 403 or 404 and not one row of the database changed. A second pass calls
 * every route whose path ends with the acting user's id with someone else's id: always refused. A route that exists
 * without a row here fails the test.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { EPS_BLUEPRINT } from 'shared-api/item-types';
import { bearer, dbFingerprint, TEST_DIR } from './helpers.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

type Actor = 'anon' | 'student' | 'student2' | 'institute' | 'institute2' | 'admin';
const ACTORS: Actor[] = ['anon', 'student', 'student2', 'institute', 'institute2', 'admin'];
const ALL: Actor[] = ACTORS;
const SIGNED_IN: Actor[] = ['student', 'student2', 'institute', 'institute2', 'admin'];
const STUDENTS: Actor[] = ['student', 'student2'];
const BACK_OFFICE: Actor[] = ['institute', 'institute2', 'admin'];

interface Ctx { w: PeopleWorld; actor: Actor; actorId: string; fx: Fixtures }
interface Row {
  /** method and route as registered */
  route: string;
  allow: Actor[];
  params?: (c: Ctx) => Promise<Record<string, string>> | Record<string, string>;
  body?: (c: Ctx) => Promise<unknown> | unknown;
  query?: Record<string, string>;
  multipart?: { field: string; filename: string; bytes: Buffer; extra?: Record<string, string> };
  /** the path's :userId is the target user, not the acting user (no self check) */
  userIdIsTarget?: boolean;
}

interface Fixtures {
  demoExam: string;
  instituteExam: string;
  instituteQuestion: string;
  adminPrivateExam: string;
  resultOfStudent: string;
  submittedAttempt: string;
  category: string;
  listeningQuestion: string;
  blueprint: string;
  png: Buffer;
  seq: number;
}

let w: PeopleWorld;
let fx: Fixtures;

const ids = () => ({ anon: w.ids.student, student: w.ids.student, student2: w.ids.studentB, institute: w.ids.institute, institute2: w.ids.instB, admin: w.ids.admin });
const tokenOf = (a: Actor) => (a === 'anon' ? null : { student: w.tok.student, student2: w.tok.studentB, institute: w.tok.institute, institute2: w.tok.instB, admin: w.tok.admin }[a]);
const unique = () => `${Date.now().toString(36)}${(fx.seq++).toString(36)}`;

async function ok(method: string, url: string, token: string, payload?: unknown) {
  const res = await w.t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as never }) });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

// Disposable targets, created fresh for each call that would consume them.
const freshStudentOfInstitute = async () =>
  (await ok('POST', `/api/users/createUser/${w.ids.institute}`, w.tok.institute, {
    firstname: 'Hari', lastname: 'Thapa', email: `m-${unique()}@example.com`, password: 'password123', confirmPassword: 'password123',
  }))._id as string;
const freshStudentWithoutInstitute = async () => {
  const id = await freshStudentOfInstitute();
  await w.t.db.execute(sql`update users set created_by = null where id = ${id}`);
  return id;
};
const freshInstituteExam = async () =>
  (await ok('POST', `/api/exams/create/${w.ids.institute}`, w.tok.institute, { title: `Matrix ${unique()}`, is_cbt: false }))._id as string;
const readingQuestion = (n: number) => ({
  type: 'Reading', question_number: n, main_heading: '다음을 읽고 고르십시오.', main_heading_image: false, heading: '', description: '',
  description_image: false, description_boxed: false, option_type: 'text', option1: '가', option2: '나', option3: '다', option4: '라',
  listening: '', answer: '1', answer_details: '',
});
const freshQuestion = async () => {
  const exam = await freshInstituteExam();
  const q = await ok('POST', `/api/questions/create/new/${exam}/${w.ids.institute}`, w.tok.institute, readingQuestion(1));
  return q._id as string;
};
const freshCategory = async () => (await ok('POST', `/api/categories/create/${w.ids.admin}`, w.tok.admin, { title: `Cat ${unique()}` }))._id as string;
const freshBlueprint = async () =>
  (await ok('POST', `/api/exams/blueprints/create/${w.ids.institute}`, w.tok.institute, { name: `Bp ${unique()}`, slots: [...EPS_BLUEPRINT] }))._id as string;
const runningAttemptOfStudent = async () =>
  (await ok('POST', `/api/reports/create/${w.ids.student}`, w.tok.student, { exam: fx.demoExam }))._id as string;

const ROWS: Row[] = [
  { route: 'GET /api/health', allow: ALL },
  { route: 'POST /api/auth/signin', allow: ALL, body: () => ({}) },
  { route: 'GET /api/stats/:userId', allow: SIGNED_IN },
  // The signed-in user's own details and institute
  { route: 'GET /api/users/getUserInfo/:userId', allow: ['student', 'institute', 'admin'], userIdIsTarget: true, params: () => ({ userId: w.ids.student }) },
  { route: 'GET /api/users/getInstituteInfo/:id', allow: ['student', 'institute', 'admin'], params: () => ({ id: w.ids.institute }) },
  { route: 'PUT /api/users/:userId', allow: SIGNED_IN, body: (c) => ({ firstname: 'Same', lastname: c.actor === 'admin' ? 'Admin' : 'Person' }) },
  { route: 'PUT /api/users/changePassword/:userId', allow: SIGNED_IN, body: () => ({ email: 'x@example.com', password: 'not-the-password', newPassword: 'password1234', confirmPassword: 'password1234' }) },
  { route: 'PUT /api/users/changePicture/:userId', allow: BACK_OFFICE, multipart: { field: 'image', filename: 'me.png', bytes: Buffer.alloc(0) } },
  // The student's exam
  { route: 'GET /api/exams/published/users/:userId', allow: STUDENTS },
  { route: 'GET /api/exams/users/getAll/:userId', allow: STUDENTS },
  // the start page's download: only a student who may start the exam now (student2 has no access to it)
  { route: 'GET /api/exams/download/:examId/:userId', allow: ['student'], params: () => ({ examId: fx.demoExam }) },
  // student2 has no access to the demo exam: the access rules refuse it (403) and nothing is created.
  { route: 'POST /api/reports/create/:userId', allow: ['student'], body: () => ({ exam: fx.demoExam }) },
  { route: 'PUT /api/examaccess/increaseCount/:examId/:userId', allow: STUDENTS, params: () => ({ examId: fx.demoExam }) },
  { route: 'GET /api/attempts/running/:examId/:userId', allow: ['student'], params: async () => { await runningAttemptOfStudent(); return { examId: fx.demoExam }; } },
  { route: 'PUT /api/attempts/:attemptId/answers/:userId', allow: ['student'], params: async () => ({ attemptId: await runningAttemptOfStudent() }), body: () => ({ answers: [] }) },
  { route: 'PUT /api/attempts/:attemptId/listening/:userId', allow: ['student'], params: async () => ({ attemptId: await runningAttemptOfStudent() }), body: () => ({ question: fx.listeningQuestion, audio: 'main', playId: crypto.randomUUID() }) },
  { route: 'PUT /api/attempts/:attemptId/leaves/:userId', allow: ['student'], params: async () => ({ attemptId: await runningAttemptOfStudent() }), body: () => ({ leaves: [] }) },
  { route: 'POST /api/results/create/:examId/:userId', allow: ['student'], params: () => ({ examId: fx.demoExam }), body: async () => ({ report: await runningAttemptOfStudent(), answers: [] }) },
  { route: 'PUT /api/reports/update/:reportId/:userId', allow: ['student'], params: () => ({ reportId: fx.submittedAttempt }), body: () => ({ result: fx.resultOfStudent }) },
  { route: 'GET /api/results/user/:userId', allow: STUDENTS },
  { route: 'GET /api/results/ranks/:userId', allow: STUDENTS },
  { route: 'GET /api/results/:resultId/:userId', allow: ['student', 'institute', 'admin'], params: () => ({ resultId: fx.resultOfStudent }) },
  // Authoring
  { route: 'GET /api/exams/admin/:userId', allow: ['admin'] },
  { route: 'OPTIONS /api/exams/admin/:userId', allow: ALL },
  { route: 'GET /api/exams/institute/:userId', allow: BACK_OFFICE },
  { route: 'GET /api/exams/shared/:userId', allow: BACK_OFFICE },
  { route: 'GET /api/exams/institute/:instituteId/:userId', allow: ['institute', 'admin'], params: () => ({ instituteId: w.ids.institute }) },
  { route: 'GET /api/exams/exam/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }) },
  { route: 'POST /api/exams/create/:userId', allow: BACK_OFFICE, body: () => ({ title: `Matrix ${unique()}`, is_cbt: false }) },
  { route: 'PUT /api/exams/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }), body: () => ({ title: 'Institute exam', is_cbt: false }) },
  { route: 'DELETE /api/exams/:examId/:userId', allow: ['institute', 'admin'], params: async () => ({ examId: await freshInstituteExam() }) },
  { route: 'PUT /api/exams/publish/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }) },
  { route: 'GET /api/questions/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }) },
  { route: 'OPTIONS /api/questions/:examId/:userId', allow: ALL, params: () => ({ examId: fx.instituteExam }) },
  { route: 'POST /api/questions/create/new/:examId/:userId', allow: ['institute', 'admin'], params: async () => ({ examId: await freshInstituteExam() }), body: () => readingQuestion(2) },
  { route: 'PUT /api/questions/new/:examId/:questionId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam, questionId: fx.instituteQuestion }), body: () => readingQuestion(1) },
  { route: 'DELETE /api/questions/:questionId/:userId', allow: ['institute', 'admin'], params: async () => ({ questionId: await freshQuestion() }) },
  { route: 'GET /api/questions/summary/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }) },
  { route: 'GET /api/questions/analysis/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }) },
  // the question bank: each back office its own; a copy into the institute's exam of its own item (a free number each time)
  { route: 'GET /api/questions/bank/:userId', allow: BACK_OFFICE },
  { route: 'POST /api/questions/bank/copy/:userId', allow: ['institute', 'admin'], body: async () => ({ examId: await freshInstituteExam(), itemId: fx.instituteQuestion, questionNumber: 2 }) },
  { route: 'POST /api/upload-file/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }), multipart: { field: 'file', filename: 'x.png', bytes: Buffer.alloc(0), extra: { name: 'description', kind: 'image' } } },
  { route: 'GET /api/results/exam/:examId/:userId', allow: BACK_OFFICE, params: () => ({ examId: fx.demoExam }) },
  { route: 'GET /api/categories/:userId', allow: BACK_OFFICE },
  { route: 'POST /api/categories/create/:userId', allow: ['admin'], body: () => ({ title: `Cat ${unique()}` }) },
  { route: 'DELETE /api/categories/:categoryId/:userId', allow: ['admin'], params: async () => ({ categoryId: await freshCategory() }) },
  { route: 'GET /api/exams/exam/institutes/:examId/:userId', allow: ['admin'], params: () => ({ examId: fx.adminPrivateExam }) },
  { route: 'GET /api/exams/granted/:instituteId/:userId', allow: ['admin'], params: () => ({ instituteId: w.ids.institute }) },
  { route: 'PUT /api/exam/addInstituteAccess/:examId/:userId', allow: ['admin'], params: () => ({ examId: fx.adminPrivateExam }), body: () => ({ institute: w.ids.institute }) },
  { route: 'PUT /api/exam/removeInstituteAccess/:examId/:userId', allow: ['admin'], params: () => ({ examId: fx.adminPrivateExam }), body: () => ({ institute: w.ids.institute }) },
  // exams as packages: export as editing the exam; import (a dry run here: nothing written) as creating one
  { route: 'GET /api/exams/export/:examId/:userId', allow: ['institute', 'admin'], params: () => ({ examId: fx.instituteExam }) },
  { route: 'GET /api/exams/import/template/:userId', allow: BACK_OFFICE },
  { route: 'POST /api/exams/import/:userId', allow: BACK_OFFICE, query: { dryRun: 'true' }, multipart: { field: 'file', filename: 'questions.csv', bytes: Buffer.from('question_number,type,option1,option2,option3,option4,answer\r\n1,Reading,a,b,c,d,1\r\n') } },
  // blueprints (the owner's own) and New exam from bank (a dry run here: nothing written)
  { route: 'GET /api/exams/blueprints/:userId', allow: BACK_OFFICE },
  { route: 'POST /api/exams/blueprints/create/:userId', allow: BACK_OFFICE, body: () => ({ name: `Blueprint ${unique()}`, slots: [...EPS_BLUEPRINT] }) },
  { route: 'PUT /api/exams/blueprints/:blueprintId/:userId', allow: ['institute'], params: () => ({ blueprintId: fx.blueprint }), body: () => ({ name: 'Same', slots: [...EPS_BLUEPRINT] }) },
  { route: 'DELETE /api/exams/blueprints/:blueprintId/:userId', allow: ['institute'], params: async () => ({ blueprintId: await freshBlueprint() }) },
  { route: 'POST /api/exams/assemble/:userId', allow: BACK_OFFICE, body: () => ({ title: 'Assembled', dryRun: true }) },
  { route: 'POST /api/exams/transfer/list/:userId', allow: ['admin'], body: () => ({}) },
  { route: 'POST /api/exams/transferexam/:userId', allow: ['admin'], body: () => ({}) },
  // People
  { route: 'GET /api/users/getAllInstitutes/:userId', allow: ['admin'] },
  { route: 'POST /api/users/createInstitute/:userId', allow: ['admin'], body: () => ({}) },
  { route: 'PUT /api/users/updateInstitute/:userId', allow: ['admin'], body: () => ({ _id: w.ids.instB, name: 'Pokhara Language School', email: 'inst-b@example.com', phone: '9800000001', address: 'Pokhara', institute_role: 1, status: 1 }) },
  { route: 'PUT /api/users/delete/:userId', allow: ['institute', 'admin'], body: async () => ({ _id: await freshStudentOfInstitute() }) },
  { route: 'GET /api/users/institute/:userId', allow: ['institute', 'institute2'] },
  { route: 'GET /api/users/getAllUsers/:userId', allow: ['admin'] },
  { route: 'GET /api/users/getSelfCreatedUsers/:userId', allow: ['admin'] },
  { route: 'GET /api/users/noInstitute/:userId', allow: ['admin'] },
  { route: 'GET /api/users/ofInstitute/:instituteId/:userId', allow: ['institute', 'admin'], params: () => ({ instituteId: w.ids.institute }) },
  { route: 'GET /api/users/get/:id/:userId', allow: ['student', 'institute', 'admin'], params: () => ({ id: w.ids.student }) },
  { route: 'POST /api/users/createUser/:userId', allow: BACK_OFFICE, body: () => ({}) },
  { route: 'POST /api/users/import/:userId', allow: BACK_OFFICE, body: () => ({ csv: 'email,firstname,lastname\n' }) },
  { route: 'PUT /api/users/update/:userId', allow: ['institute', 'admin'], body: async () => ({ _id: await freshStudentOfInstitute(), firstname: 'Hari', lastname: 'Thapa', email: `u-${unique()}@example.com`, status: 1 }) },
  { route: 'PUT /api/users/updateUserPassword/:userId', allow: ['institute', 'admin'], body: async () => ({ user: await freshStudentOfInstitute(), email: 'x@example.com', newPassword: 'password999', confirmPassword: 'password999' }) },
  { route: 'PUT /api/users/addUserToInstitute/:userId', allow: ['admin'], body: async () => ({ user: await freshStudentWithoutInstitute(), institute: w.ids.institute }) },
  // A student reads only itself: its own access and results (the target is the student in both rows).
  { route: 'GET /api/examaccess/:userId', allow: ['student', 'institute', 'admin'] },
  { route: 'POST /api/examaccess/create/:userId', allow: ['institute', 'admin'], body: () => ({ user: w.ids.student, type: 'CREATOR-AND-PUBLIC-ALL' }) },
  // A student's extra time: the student itself reads it (start page), its institute and an admin read and set it.
  { route: 'GET /api/examaccess/extratime/:userId', allow: ['student', 'institute', 'admin'] },
  { route: 'PUT /api/examaccess/extratime/:userId', allow: ['institute', 'admin'], body: () => ({ user: w.ids.student, kind: 'minutes', value: 10 }) },
  { route: 'GET /api/reports/date/:userId', allow: BACK_OFFICE, query: { date: '2026-01-01', to: '2026-01-02' } },
  { route: 'GET /api/results/of/:id/:userId', allow: ['student', 'institute', 'admin'], params: () => ({ id: w.ids.student }) },
  // the score per item type: a student's results as the results list above; an exam's as the exam's results list
  { route: 'GET /api/results/item-types/user/:id/:userId', allow: ['student', 'institute', 'admin'], params: () => ({ id: w.ids.student }) },
  { route: 'GET /api/results/item-types/exam/:examId/:userId', allow: BACK_OFFICE, params: () => ({ examId: fx.demoExam }) },
  { route: 'GET /api/reports/getReport/:userId', allow: ['admin'], query: { startDate: '2026-01-01', endDate: '2026-12-31' } },
];


const fingerprint = () => dbFingerprint(w.t.db);

function multipartPayload(m: NonNullable<Row['multipart']>) {
  const boundary = `----matrix${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(m.extra ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${m.field}"; filename="${m.filename}"\r\nContent-Type: image/png\r\n\r\n`));
  chunks.push(m.bytes.length ? m.bytes : fx.png, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Builds the request first (creating any disposable target), so the database can be fingerprinted before it is sent. */
async function prepare(row: Row, actor: Actor, userIdOverride?: string) {
  const c: Ctx = { w, actor, actorId: ids()[actor], fx };
  const [method, route] = row.route.split(' ') as [string, string];
  const params: Record<string, string> = { userId: c.actorId, ...(await row.params?.(c)) };
  if (userIdOverride) params.userId = userIdOverride;
  const url = route.replace(/:([A-Za-z]+)/g, (_m, p: string) => encodeURIComponent(params[p] ?? 'missing'));
  const query = ['GET /api/examaccess/:userId', 'GET /api/examaccess/extratime/:userId'].includes(row.route) ? { id: w.ids.student } : row.query;
  const headers: Record<string, string> = {};
  const token = tokenOf(actor);
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'OPTIONS') Object.assign(headers, { origin: 'http://other.example', 'access-control-request-method': 'GET' });
  let payload: unknown;
  if (row.multipart) {
    const mp = multipartPayload(row.multipart);
    payload = mp.payload;
    headers['content-type'] = mp.contentType;
  } else if (row.body) payload = await row.body(c);
  return () => w.t.app.inject({ method: method as 'GET', url, query, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
}

describe('authorization matrix', () => {
  before(async () => {
    w = await peopleWorld();
    fx = { seq: 0, png: fs.readFileSync(path.join(TEST_DIR, 'fixtures', 'media', 'dot.png')) } as Fixtures;
    fx.demoExam = w.ids.exam;
    fx.instituteExam = await freshInstituteExam();
    fx.instituteQuestion = (await ok('POST', `/api/questions/create/new/${fx.instituteExam}/${w.ids.institute}`, w.tok.institute, readingQuestion(1)))._id;
    fx.adminPrivateExam = (await ok('POST', `/api/exams/create/${w.ids.admin}`, w.tok.admin, { title: 'Admin private', is_cbt: false, type: 'private' }))._id;
    fx.category = await freshCategory();
    fx.blueprint = await freshBlueprint();
    fx.submittedAttempt = await runningAttemptOfStudent();
    const running = await ok('GET', `/api/attempts/running/${fx.demoExam}/${w.ids.student}`, w.tok.student);
    fx.listeningQuestion = (running.questions as { _id: string; type: string }[]).find((q) => q.type === 'Listening')!._id;
    fx.resultOfStudent = (await ok('POST', `/api/results/create/${fx.demoExam}/${w.ids.student}`, w.tok.student, { report: fx.submittedAttempt, answers: [] })).resultId;
  });
  after(async () => { await w.t.close(); });

  it('has a row for every route, and no row for a route that does not exist', () => {
    const registered = w.t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);
    const listed = ROWS.map((r) => r.route);
    assert.deepEqual(registered.filter((r) => !listed.includes(r)), [], 'routes without a row in the matrix');
    assert.deepEqual(listed.filter((r) => !registered.includes(r)), [], 'rows for routes that do not exist');
  });

  for (const row of ROWS) {
    it(row.route, async () => {
      const wrong: string[] = [];
      for (const actor of ACTORS) {
        const allowed = row.allow.includes(actor);
        const send = await prepare(row, actor);
        const before = allowed ? '' : await fingerprint();
        const res = await send();
        if (allowed) {
          if ([401, 403, 404].includes(res.statusCode)) wrong.push(`${actor} should be allowed, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else {
          if (![401, 403, 404].includes(res.statusCode)) wrong.push(`${actor} should be refused, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (!/"error"/.test(res.body)) wrong.push(`${actor} refused without an { error } body`);
          if ((await fingerprint()) !== before) wrong.push(`${actor} was refused but the database changed`);
        }
      }
      assert.deepEqual(wrong, []);
    });
  }

  it("every route ending in the acting user's id refuses another user's id, changing nothing", async () => {
    const wrong: string[] = [];
    for (const row of ROWS) {
      if (!row.route.endsWith('/:userId') || row.userIdIsTarget || row.route.startsWith('OPTIONS')) continue;
      for (const actor of SIGNED_IN) {
        const someoneElse = actor === 'admin' ? w.ids.institute : w.ids.admin;
        const send = await prepare(row, actor, someoneElse);
        const before = await fingerprint();
        const res = await send();
        if (![401, 403].includes(res.statusCode)) wrong.push(`${row.route} as ${actor} with another id: ${res.statusCode}`);
        if ((await fingerprint()) !== before) wrong.push(`${row.route} as ${actor} with another id changed the database`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
