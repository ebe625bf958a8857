/** Exam authoring: lists, create/edit/delete rules, roles, foreign exams, categories and private-exam access. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { examInstituteAccess, exams, questions, results } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { call, createExam, type World, buildWorld } from './authoring-support.ts';

let w: World;
before(async () => { w = await buildWorld(); });
after(async () => { await w?.t.close(); });

const examCount = async () => Number((await w.t.db.select({ n: sql<number | string>`count(*)` }).from(exams))[0]!.n);
const idsOf = (list: { _id: string }[]) => list.map((e) => e._id);

describe('roles', () => {
  test('students get 403 on every authoring route, whatever the body', async () => {
    const s = w.student;
    const e = w.demoExam;
    const q = newId();
    const routes: [('GET' | 'POST' | 'PUT' | 'DELETE'), string, unknown?][] = [
      ['GET', `exams/admin/${s.id}`], ['GET', `exams/institute/${s.id}`], ['GET', `exams/shared/${s.id}`],
      ['GET', `exams/institute/${w.institute.id}/${s.id}`], ['GET', `exams/exam/${e}/${s.id}`],
      ['POST', `exams/create/${s.id}`, { title: 'x', is_cbt: false }], ['POST', `exams/create/${s.id}`, { is_cbt: 'bad' }],
      ['PUT', `exams/${e}/${s.id}`, { title: 'x', is_cbt: false }], ['DELETE', `exams/${e}/${s.id}`],
      ['PUT', `exams/publish/${e}/${s.id}`], ['GET', `questions/${e}/${s.id}`], ['GET', `questions/summary/${e}/${s.id}`],
      ['POST', `questions/create/new/${e}/${s.id}`, { question_number: 'bad' }], ['PUT', `questions/new/${e}/${q}/${s.id}`, {}],
      ['DELETE', `questions/${q}/${s.id}`], ['POST', `upload-file/${e}/${s.id}`, {}], ['GET', `results/exam/${e}/${s.id}`],
      ['GET', `categories/${s.id}`], ['POST', `categories/create/${s.id}`, { title: 'x' }], ['DELETE', `categories/${w.categories[0]}/${s.id}`],
      ['GET', `exams/exam/institutes/${e}/${s.id}`], ['PUT', `exam/addInstituteAccess/${e}/${s.id}`, { institute: w.institute.id }],
      ['PUT', `exam/removeInstituteAccess/${e}/${s.id}`, { institute: w.institute.id }],
    ];
    for (const [method, url, body] of routes) {
      const r = await call(w.t, s, method, url, body);
      assert.equal(r.statusCode, 403, `${method} ${url}`);
    }
    const [demo] = await w.t.db.select().from(exams).where(eq(exams.id, e));
    assert.equal(demo!.deletedAt, null);
  });

  test('the trailing user id must be the caller (requireSelf)', async () => {
    assert.equal((await call(w.t, w.institute, 'GET', `exams/institute/${w.other.id}`)).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'POST', `exams/create/${w.other.id}`, { title: 'x', is_cbt: false })).statusCode, 403);
  });

  test('no token: 401', async () => {
    const r = await w.t.app.inject({ url: `/api/exams/admin/${w.admin.id}` });
    assert.equal(r.statusCode, 401);
  });

  test('admin-only routes refuse institutes', async () => {
    assert.equal((await call(w.t, w.institute, 'GET', `exams/admin/${w.institute.id}`)).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'POST', `categories/create/${w.institute.id}`, { title: 'Inst cat' })).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/institutes/${w.demoExam}/${w.institute.id}`)).statusCode, 403);
  });
});

describe('create exam', () => {
  test('admin sets the type; default private; new exams are hidden', async () => {
    const pub = await createExam(w.t, w.admin, { title: '  Admin Public  ', type: 'public' });
    assert.equal(pub.statusCode, 200, pub.body);
    assert.equal(pub.data.title, 'Admin Public');
    assert.equal(pub.data.type, 'public');
    assert.equal(pub.data.status, 0);
    assert.equal(pub.data.question_count, 0);
    assert.equal(pub.data.user._id, w.admin.id);
    const def = await createExam(w.t, w.admin, {});
    assert.equal(def.data.type, 'private');
    const free = await createExam(w.t, w.admin, { type: 'free_for_all' });
    assert.equal(free.data.type, 'free_for_all');
  });

  test('an institute\'s exams are private whatever the body says', async () => {
    const r = await createExam(w.t, w.institute, { type: 'public' });
    assert.equal(r.statusCode, 200);
    assert.equal(r.data.type, 'private');
    assert.equal(r.data.user._id, w.institute.id);
  });

  test('institute_role 0 cannot add exams', async () => {
    const before = await examCount();
    const r = await createExam(w.t, w.noAdd, {});
    assert.equal(r.statusCode, 403);
    assert.deepEqual(r.data, { error: 'You cannot add exams' });
    const bad = await call(w.t, w.noAdd, 'POST', `exams/create/${w.noAdd.id}`, { is_cbt: 'nope' });
    assert.equal(bad.statusCode, 403);
    assert.equal(await examCount(), before);
  });

  test('bad input: 400 and nothing created', async () => {
    const before = await examCount();
    const cat = w.categories[0]!;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ is_cbt: false }, 'Title cannot be empty.'],
      [{ title: '   ', is_cbt: false }, 'Title cannot be empty.'],
      [{ title: 'x'.repeat(201), is_cbt: false }, 'Title should be less than 200 characters.'],
      [{ title: 'x'.repeat(5000), is_cbt: false }, /title/],
      [{ title: 'T' }, 'is_cbt is required'],
      [{ title: 'T', is_cbt: 'yes' }, /is_cbt/],
      [{ title: 'T', is_cbt: false, type: 'secret' }, ' Invalid Type.'],
      [{ title: 'T', is_cbt: false, status: 7 }, /status/],
      [{ title: 'T', is_cbt: false, category: newId() }, 'Category Not Found'],
      [{ title: 'T', is_cbt: true, exam: 'REF-1' }, 'Category is required'],
      [{ title: 'T', is_cbt: true, category: '', exam: 'REF-1' }, 'Category is required'],
      [{ title: 'T', is_cbt: true, category: 'not-an-id', exam: 'REF-1' }, 'Category Not Found'],
      [{ title: 'T', is_cbt: true, category: cat }, 'Reference exam is required'],
      [{ title: 'T', is_cbt: true, category: cat, exam: '   ' }, 'Reference exam is required'],
      [{ title: 'T', is_cbt: { a: 1 } }, /is_cbt/],
    ];
    for (const [body, error] of cases) {
      const r = await call(w.t, w.admin, 'POST', `exams/create/${w.admin.id}`, body);
      assert.equal(r.statusCode, 400, JSON.stringify(body));
      if (typeof error === 'string') assert.equal(r.data.error, error, JSON.stringify(body));
      else assert.match(r.data.error, error, JSON.stringify(body));
    }
    const noBody = await w.t.app.inject({ method: 'POST', url: `/api/exams/create/${w.admin.id}`, headers: { authorization: `Bearer ${w.admin.token}` } });
    assert.equal(noBody.statusCode, 400);
    assert.equal(await examCount(), before);
  });

  test('CBT exam with category and reference exam', async () => {
    const r = await createExam(w.t, w.institute, { is_cbt: true, category: w.categories[1], exam: 'EPS-REF-7' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.data.is_cbt, true);
    assert.deepEqual(r.data.category, { _id: w.categories[1], title: 'EPS-TOPIK Manufacturing' });
    assert.equal(r.data.exam, 'EPS-REF-7');
  });
});

describe('exam lists and reading', () => {
  let adminPrivate: string;
  let otherPrivate: string;
  let adminPublicHidden: string;
  let instOwn: string;
  before(async () => {
    adminPrivate = (await createExam(w.t, w.admin, { title: 'Admin private' })).data._id;
    adminPublicHidden = (await createExam(w.t, w.admin, { title: 'Admin public hidden', type: 'public' })).data._id;
    otherPrivate = (await createExam(w.t, w.other, { title: 'Other private' })).data._id;
    instOwn = (await createExam(w.t, w.institute, { title: 'Institute own' })).data._id;
    // published without 40 questions: only for listing rules (publishing itself is tested with real questions)
    await w.t.db.update(exams).set({ status: 1 }).where(eq(exams.id, adminPrivate));
  });

  test('admin: all non-deleted exams', async () => {
    const r = await call(w.t, w.admin, 'GET', `exams/admin/${w.admin.id}`);
    assert.equal(r.statusCode, 200);
    const ids = idsOf(r.data);
    for (const id of [adminPrivate, otherPrivate, instOwn, adminPublicHidden, w.demoExam]) assert.ok(ids.includes(id));
    const demo = r.data.find((e: { _id: string }) => e._id === w.demoExam);
    assert.equal(demo.question_count, 2);
    assert.equal(demo.category.title, 'EPS-TOPIK General');
  });

  test('institute: own list, shared list', async () => {
    const own = idsOf((await call(w.t, w.institute, 'GET', `exams/institute/${w.institute.id}`)).data);
    assert.ok(own.includes(instOwn));
    assert.ok(!own.includes(otherPrivate) && !own.includes(w.demoExam));
    let shared = idsOf((await call(w.t, w.institute, 'GET', `exams/shared/${w.institute.id}`)).data);
    assert.ok(shared.includes(w.demoExam), 'published public exam of the admin');
    assert.ok(!shared.includes(adminPrivate), 'private, not opened');
    assert.ok(!shared.includes(adminPublicHidden), 'public but unpublished');
    assert.ok(!shared.includes(otherPrivate) && !shared.includes(instOwn));
    assert.equal((await call(w.t, w.admin, 'PUT', `exam/addInstituteAccess/${adminPrivate}/${w.admin.id}`, { institute: w.institute.id })).statusCode, 200);
    shared = idsOf((await call(w.t, w.institute, 'GET', `exams/shared/${w.institute.id}`)).data);
    assert.ok(shared.includes(adminPrivate), 'opened to the institute');
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/${adminPrivate}/${w.institute.id}`)).statusCode, 200);
    const otherShared = idsOf((await call(w.t, w.other, 'GET', `exams/shared/${w.other.id}`)).data);
    assert.ok(!otherShared.includes(adminPrivate), 'not opened to the other institute');
    await call(w.t, w.admin, 'PUT', `exam/removeInstituteAccess/${adminPrivate}/${w.admin.id}`, { institute: w.institute.id });
    shared = idsOf((await call(w.t, w.institute, 'GET', `exams/shared/${w.institute.id}`)).data);
    assert.ok(!shared.includes(adminPrivate));
  });

  test('exams of one institute: admin any, institute only itself', async () => {
    const r = await call(w.t, w.admin, 'GET', `exams/institute/${w.other.id}/${w.admin.id}`);
    assert.equal(r.statusCode, 200);
    assert.deepEqual(idsOf(r.data), [otherPrivate]);
    const self = await call(w.t, w.institute, 'GET', `exams/institute/${w.institute.id}/${w.institute.id}`);
    assert.ok(idsOf(self.data).includes(instOwn));
    assert.equal((await call(w.t, w.institute, 'GET', `exams/institute/${w.other.id}/${w.institute.id}`)).statusCode, 403);
    assert.equal((await call(w.t, w.admin, 'GET', `exams/institute/${w.student.id}/${w.admin.id}`)).statusCode, 404);
  });

  test('one exam: admin any; institute own or shared; foreign 404', async () => {
    assert.equal((await call(w.t, w.admin, 'GET', `exams/exam/${otherPrivate}/${w.admin.id}`)).statusCode, 200);
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/${instOwn}/${w.institute.id}`)).statusCode, 200);
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/${w.demoExam}/${w.institute.id}`)).statusCode, 200);
    for (const id of [otherPrivate, adminPrivate, adminPublicHidden, newId(), 'not-an-id']) {
      const r = await call(w.t, w.institute, 'GET', `exams/exam/${id}/${w.institute.id}`);
      assert.equal(r.statusCode, 404, id);
      assert.deepEqual(r.data, { error: 'Exam Not Found' });
    }
  });
});

describe('edit exam', () => {
  test('owner edits; institute type stays private; admin may change the type', async () => {
    const id = (await createExam(w.t, w.institute, { title: 'Before' })).data._id;
    const r = await call(w.t, w.institute, 'PUT', `exams/${id}/${w.institute.id}`, { title: 'After', is_cbt: false, type: 'public' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.data.title, 'After');
    assert.equal(r.data.type, 'private');
    const a = await call(w.t, w.admin, 'PUT', `exams/${id}/${w.admin.id}`, { title: 'After', is_cbt: false, type: 'public' });
    assert.equal(a.data.type, 'public');
    const keep = await call(w.t, w.admin, 'PUT', `exams/${id}/${w.admin.id}`, { title: 'After 2', is_cbt: false });
    assert.equal(keep.data.type, 'public', 'no type in the body keeps the type');
  });

  test('same validation as create; nothing changed', async () => {
    const id = (await createExam(w.t, w.institute, { title: 'Stable' })).data._id;
    for (const body of [{ title: '', is_cbt: false }, { title: 'X', is_cbt: true }, { title: 'X', is_cbt: true, category: w.categories[0] }, { title: 'X' }]) {
      const r = await call(w.t, w.institute, 'PUT', `exams/${id}/${w.institute.id}`, body);
      assert.equal(r.statusCode, 400, JSON.stringify(body));
    }
    const read = await call(w.t, w.institute, 'GET', `exams/exam/${id}/${w.institute.id}`);
    assert.equal(read.data.title, 'Stable');
    assert.equal(read.data.is_cbt, false);
  });

  test('foreign exams: 403 (readable) or 404 (not readable), nothing changed', async () => {
    const otherId = (await createExam(w.t, w.other, { title: 'Other owns' })).data._id;
    const r1 = await call(w.t, w.institute, 'PUT', `exams/${otherId}/${w.institute.id}`, { title: 'Hacked', is_cbt: false });
    assert.equal(r1.statusCode, 404);
    const r2 = await call(w.t, w.institute, 'PUT', `exams/${w.demoExam}/${w.institute.id}`, { title: 'Hacked', is_cbt: false });
    assert.equal(r2.statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'DELETE', `exams/${w.demoExam}/${w.institute.id}`)).statusCode, 403);
    assert.equal((await call(w.t, w.institute, 'DELETE', `exams/${otherId}/${w.institute.id}`)).statusCode, 404);
    assert.equal((await call(w.t, w.institute, 'PUT', `exams/publish/${otherId}/${w.institute.id}`)).statusCode, 404);
    assert.equal((await call(w.t, w.other, 'GET', `exams/exam/${otherId}/${w.other.id}`)).data.title, 'Other owns');
    const demo = await call(w.t, w.admin, 'GET', `exams/exam/${w.demoExam}/${w.admin.id}`);
    assert.equal(demo.data.title, 'Mini Test Exam');
    // admin may edit anyone's exam
    const a = await call(w.t, w.admin, 'PUT', `exams/${otherId}/${w.admin.id}`, { title: 'Renamed by admin', is_cbt: false });
    assert.equal(a.statusCode, 200);
    assert.equal(a.data.user._id, w.other.id, 'owner unchanged');
  });

  test('status: only an available exam switches between Available and Hiden', async () => {
    const id = (await createExam(w.t, w.institute, { title: 'Status' })).data._id;
    const up = await call(w.t, w.institute, 'PUT', `exams/${id}/${w.institute.id}`, { title: 'Status', is_cbt: false, status: 1 });
    assert.equal(up.statusCode, 400);
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/${id}/${w.institute.id}`)).data.status, 0);
    const same = await call(w.t, w.institute, 'PUT', `exams/${id}/${w.institute.id}`, { title: 'Status', is_cbt: false, status: 0 });
    assert.equal(same.statusCode, 200);
    await w.t.db.update(exams).set({ status: 1 }).where(eq(exams.id, id));
    const hide = await call(w.t, w.institute, 'PUT', `exams/${id}/${w.institute.id}`, { title: 'Status', is_cbt: false, status: 0 });
    assert.equal(hide.statusCode, 200);
    assert.equal(hide.data.status, 0);
    const back = await call(w.t, w.institute, 'PUT', `exams/${id}/${w.institute.id}`, { title: 'Status', is_cbt: false, status: 1 });
    assert.equal(back.statusCode, 400, 'a hidden exam becomes available by publishing');
  });
});

describe('delete exam', () => {
  test('soft-deletes the exam and its questions; results stay readable with the exam title', async () => {
    const id = (await createExam(w.t, w.institute, { title: 'To delete' })).data._id;
    await w.t.db.insert(questions).values({ id: newId(), examId: id, type: 'Reading', questionNumber: 1, itemType: 'picture_word', answer: '1', option1: 'a', option2: 'b', option3: 'c', option4: 'd' });
    await w.t.db.insert(examInstituteAccess).values({ examId: id, instituteId: w.other.id });
    const resultId = newId();
    await w.t.db.insert(results).values({
      id: resultId, attemptId: newId(), examId: id, examTitle: 'To delete', userId: w.student.id, instituteId: w.institute.id,
      score: 1, totalQuestions: 1, attempted: 1, answers: [{ question: 'q', questionNumber: 1, type: 'Reading', answer: '1', correct: true }],
    });
    const r = await call(w.t, w.institute, 'DELETE', `exams/${id}/${w.institute.id}`);
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.data, { _id: id });
    assert.equal((await call(w.t, w.institute, 'GET', `exams/exam/${id}/${w.institute.id}`)).statusCode, 404);
    assert.ok(!idsOf((await call(w.t, w.institute, 'GET', `exams/institute/${w.institute.id}`)).data).includes(id));
    assert.ok(!idsOf((await call(w.t, w.admin, 'GET', `exams/admin/${w.admin.id}`)).data).includes(id));
    assert.equal((await w.t.db.select().from(questions).where(eq(questions.examId, id))).length, 0);
    const [row] = await w.t.db.select().from(exams).where(eq(exams.id, id));
    assert.ok(row!.deletedAt, 'soft-deleted');
    assert.equal((await call(w.t, w.institute, 'DELETE', `exams/${id}/${w.institute.id}`)).statusCode, 404, 'twice');
    // the results of the deleted exam stay readable
    for (const who of [w.admin, w.institute]) {
      const list = await call(w.t, who, 'GET', `results/exam/${id}/${who.id}`);
      assert.equal(list.statusCode, 200);
      assert.equal(list.data.length, 1);
      assert.equal(list.data[0]._id, resultId);
      assert.equal(list.data[0].exam, 'To delete');
      assert.equal(list.data[0].user.email, 'student@example.com');
    }
    const [kept] = await w.t.db.select().from(results).where(eq(results.id, resultId));
    assert.equal(kept!.examTitle, 'To delete');
  });
});

describe('categories', () => {
  test('list for admin and institute', async () => {
    for (const who of [w.admin, w.institute]) {
      const r = await call(w.t, who, 'GET', `categories/${who.id}`);
      assert.equal(r.statusCode, 200);
      assert.ok(r.data.some((c: { title: string }) => c.title === 'EPS-TOPIK General'));
    }
  });

  test('create: title required, bounded, unique case-insensitive', async () => {
    const ok = await call(w.t, w.admin, 'POST', `categories/create/${w.admin.id}`, { title: '  Agriculture ' });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.data.title, 'Agriculture');
    const dup = await call(w.t, w.admin, 'POST', `categories/create/${w.admin.id}`, { title: 'AGRICULTURE' });
    assert.equal(dup.statusCode, 409);
    assert.deepEqual(dup.data, { error: 'Category already exists' });
    for (const body of [{}, { title: '' }, { title: '  ' }, { title: 'x'.repeat(101) }, { title: ['a', 'b'] }, { title: { a: 1 } }]) {
      const r = await call(w.t, w.admin, 'POST', `categories/create/${w.admin.id}`, body);
      assert.equal(r.statusCode, 400, JSON.stringify(body));
    }
    const list = await call(w.t, w.admin, 'GET', `categories/${w.admin.id}`);
    assert.equal(list.data.filter((c: { title: string }) => c.title.toLowerCase() === 'agriculture').length, 1);
    assert.equal(list.data.length, 3);
  });

  test('delete: refused while a non-deleted exam uses it', async () => {
    const cat = (await call(w.t, w.admin, 'POST', `categories/create/${w.admin.id}`, { title: 'Fishery' })).data._id;
    const exam = (await createExam(w.t, w.admin, { is_cbt: true, category: cat, exam: 'REF' })).data._id;
    const refused = await call(w.t, w.admin, 'DELETE', `categories/${cat}/${w.admin.id}`);
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.data, { error: 'Category is used by an exam' });
    assert.equal((await call(w.t, w.institute, 'DELETE', `categories/${cat}/${w.institute.id}`)).statusCode, 403);
    await call(w.t, w.admin, 'DELETE', `exams/${exam}/${w.admin.id}`);
    const ok = await call(w.t, w.admin, 'DELETE', `categories/${cat}/${w.admin.id}`);
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.data, { _id: cat });
    assert.equal((await call(w.t, w.admin, 'DELETE', `categories/${cat}/${w.admin.id}`)).statusCode, 404);
    assert.equal((await call(w.t, w.admin, 'DELETE', `categories/nope/${w.admin.id}`)).statusCode, 404);
  });
});

describe('private-exam access (Who can see this exam?)', () => {
  test('add (idempotent), list, remove', async () => {
    const id = (await createExam(w.t, w.admin, { title: 'Shared private' })).data._id;
    const url = (p: string) => `${p}/${id}/${w.admin.id}`;
    assert.deepEqual((await call(w.t, w.admin, 'GET', url('exams/exam/institutes'))).data, []);
    const add = await call(w.t, w.admin, 'PUT', url('exam/addInstituteAccess'), { institute: w.institute.id });
    assert.equal(add.statusCode, 200);
    assert.deepEqual(add.data.map((i: { _id: string }) => i._id), [w.institute.id]);
    assert.equal(add.data[0].name, 'Kathmandu Korean Academy');
    assert.equal(add.data[0].email, 'institute@example.com');
    const again = await call(w.t, w.admin, 'PUT', url('exam/addInstituteAccess'), { institute: w.institute.id });
    assert.equal(again.data.length, 1, 'idempotent');
    await call(w.t, w.admin, 'PUT', url('exam/addInstituteAccess'), { institute: w.other.id });
    assert.equal((await call(w.t, w.admin, 'GET', url('exams/exam/institutes'))).data.length, 2);
    const rm = await call(w.t, w.admin, 'PUT', url('exam/removeInstituteAccess'), { institute: w.institute.id });
    assert.equal(rm.statusCode, 200);
    assert.deepEqual(rm.data.map((i: { _id: string }) => i._id), [w.other.id]);
    const rmRow = await call(w.t, w.admin, 'PUT', url('exam/removeInstituteAccess'), { institute: { _id: w.other.id, name: 'x' } });
    assert.deepEqual(rmRow.data, []);
  });

  test("the private exams opened to one institute, in one call (the admin's view of that institute)", async () => {
    const granted = (inst: string) => call(w.t, w.admin, 'GET', `exams/granted/${inst}/${w.admin.id}`);
    const before = (await granted(w.institute.id)).data as { _id: string }[];
    const open = (await createExam(w.t, w.admin, { title: 'Opened to Kathmandu' })).data._id;
    const notOpen = (await createExam(w.t, w.admin, { title: 'Opened to nobody' })).data._id;
    const toOther = (await createExam(w.t, w.admin, { title: 'Opened to the other' })).data._id;
    await call(w.t, w.admin, 'PUT', `exam/addInstituteAccess/${open}/${w.admin.id}`, { institute: w.institute.id });
    await call(w.t, w.admin, 'PUT', `exam/addInstituteAccess/${toOther}/${w.admin.id}`, { institute: w.other.id });
    const r = await granted(w.institute.id);
    assert.equal(r.statusCode, 200);
    const ids = (r.data as { _id: string; title: string }[]).map((e) => e._id);
    assert.ok(ids.includes(open));
    assert.ok(!ids.includes(notOpen) && !ids.includes(toOther));
    assert.equal(ids.length, before.length + 1);
    assert.equal(r.data.find((e: { _id: string }) => e._id === open).title, 'Opened to Kathmandu');
    // removing the access removes it from the list; a deleted exam is not listed
    await call(w.t, w.admin, 'PUT', `exam/removeInstituteAccess/${open}/${w.admin.id}`, { institute: w.institute.id });
    assert.ok(!((await granted(w.institute.id)).data as { _id: string }[]).some((e) => e._id === open));
    await call(w.t, w.admin, 'DELETE', `exams/${toOther}/${w.admin.id}`);
    assert.ok(!((await granted(w.other.id)).data as { _id: string }[]).some((e) => e._id === toOther));
    // not an institute: 404; an institute asking: 403
    for (const inst of [w.student.id, newId(), 'x']) assert.equal((await granted(inst)).statusCode, 404);
    assert.equal((await call(w.t, w.institute, 'GET', `exams/granted/${w.institute.id}/${w.institute.id}`)).statusCode, 403);
  });

  test('bad input and public exams refused', async () => {
    const id = (await createExam(w.t, w.admin, { title: 'Private 2' })).data._id;
    const url = (p: string) => `${p}/${id}/${w.admin.id}`;
    for (const body of [{}, { institute: '' }, { institute: '  ' }]) {
      const r = await call(w.t, w.admin, 'PUT', url('exam/addInstituteAccess'), body);
      assert.equal(r.statusCode, 400);
      assert.deepEqual(r.data, { error: 'Cannot be Empty' });
    }
    for (const inst of [w.student.id, newId(), 'x']) {
      const r = await call(w.t, w.admin, 'PUT', url('exam/addInstituteAccess'), { institute: inst });
      assert.equal(r.statusCode, 400, 'not an institute');
    }
    assert.deepEqual((await call(w.t, w.admin, 'GET', url('exams/exam/institutes'))).data, []);
    for (const [method, p, body] of [['GET', 'exams/exam/institutes'], ['PUT', 'exam/addInstituteAccess', { institute: w.institute.id }], ['PUT', 'exam/removeInstituteAccess', { institute: w.institute.id }]] as const) {
      const r = await call(w.t, w.admin, method, `${p}/${w.demoExam}/${w.admin.id}`, body);
      assert.equal(r.statusCode, 400);
      assert.deepEqual(r.data, { error: 'Only private exams can be shared' });
    }
    assert.equal((await call(w.t, w.admin, 'GET', `exams/exam/institutes/${newId()}/${w.admin.id}`)).statusCode, 404);
    const grants = await w.t.db.select().from(examInstituteAccess).where(eq(examInstituteAccess.examId, w.demoExam));
    assert.equal(grants.length, 0);
  });
});
