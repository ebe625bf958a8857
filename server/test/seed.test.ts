import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import { categories, examAccess, exams, questions, users } from '../src/db/schema.ts';
import fs from 'node:fs';
import { DEMO_EXAM_PATH, seedDatabase } from '../src/seed/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { nextUserUid } from '../src/userUid.ts';
import { buildTestApp, openTestDatabase, signin, testConfig, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => { t = await buildTestApp(); });
after(async () => { await t?.close(); });

describe('demo seed', () => {
  test('users, categories, access', async () => {
    const rows = await t.db.select().from(users).orderBy(asc(users.userUid));
    assert.deepEqual(rows.map((u) => [u.email, u.role, u.userUid]), [
      ['admin@example.com', 2, 'EPS-000001'],
      ['institute@example.com', 1, 'EPS-000002'],
      ['student@example.com', 0, 'EPS-000003'],
      ['newstudent@example.com', 0, 'EPS-000004'],
    ]);
    const inst = rows[1]!;
    assert.equal(inst.firstName, 'Kathmandu Korean Academy');
    assert.equal(inst.instituteRole, 1);
    assert.equal(rows[2]!.createdBy, inst.id);
    assert.equal(rows[3]!.createdBy, null);
    const cats = await t.db.select().from(categories).orderBy(asc(categories.title));
    assert.deepEqual(cats.map((c) => c.title), ['EPS-TOPIK General', 'EPS-TOPIK Manufacturing']);
    const [acc] = await t.db.select().from(examAccess);
    assert.equal(acc!.type, 'CREATOR-AND-PUBLIC-ALL');
    assert.equal(acc!.userId, rows[2]!.id);
    assert.equal(acc!.createdBy, inst.id);
    for (const email of ['admin@example.com', 'institute@example.com', 'student@example.com', 'newstudent@example.com']) {
      assert.equal((await signin(t.app, email)).res.statusCode, 200, email);
    }
  });

  test('the exam with media tokens replaced by stored URLs', async () => {
    const [exam] = await t.db.select().from(exams);
    assert.equal(exam!.title, 'Mini Test Exam');
    assert.equal(exam!.status, 1);
    assert.equal(exam!.type, 'public');
    assert.equal(exam!.isCbt, false);
    assert.equal(exam!.userId, t.seed!.ids!.admin);
    assert.equal(exam!.categoryId, t.seed!.ids!.categories[0]);
    const qs = await t.db.select().from(questions).where(eq(questions.examId, exam!.id)).orderBy(asc(questions.questionNumber));
    assert.equal(qs.length, 2);
    assert.match(qs[0]!.description, /^\/media\/[0-9a-f]{64}\.png$/);
    const listening = qs[1]!;
    assert.match(listening.listening, /^\/media\/[0-9a-f]{64}\.mp3$/);
    const opt = JSON.parse(listening.option1) as { text: string; listening: string };
    assert.equal(opt.text, '하나');
    assert.equal(opt.listening, listening.listening);
    assert.doesNotMatch(JSON.stringify(qs), /media:/);
    const audio = await t.app.inject({ url: listening.listening });
    assert.equal(audio.statusCode, 200);
    assert.equal(audio.headers['content-type'], 'audio/mpeg');
    const img = await t.app.inject({ url: qs[0]!.description });
    assert.equal(img.headers['content-type'], 'image/png');
  });

  test('seeding again does nothing', async () => {
    const r = await seedDatabase(t.database, t.config, { examPath: 'does-not-matter.json' });
    assert.equal(r.seeded, 'none');
    assert.equal((await t.db.select().from(users)).length, 4);
  });

  test('nextUserUid', async () => {
    assert.equal(await nextUserUid(t.db), 'EPS-000005');
  });
});

describe('SEED=none', () => {
  test('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD once', async () => {
    const database = await openTestDatabase();
    try {
      await migrate(database);
      const config = testConfig({ SEED: 'none', ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'very-secret-1' });
      assert.equal((await seedDatabase(database, config)).seeded, 'admin');
      assert.equal((await seedDatabase(database, config)).seeded, 'none');
      const all = await database.db.select().from(users);
      assert.equal(all.length, 1);
      assert.equal(all[0]!.role, 2);
      assert.equal(all[0]!.email, 'boss@example.com');
      assert.equal((await seedDatabase(database, testConfig({ SEED: 'none' }))).seeded, 'none');
    } finally {
      await database.close();
    }
  });
});

describe('the real demo exam (server/seed/demo-exam.json)', { skip: fs.existsSync(DEMO_EXAM_PATH) ? false : 'not written yet' }, () => {
  test('loads: 40 questions, every media token resolved and served', async () => {
    const t2 = await buildTestApp({ examPath: DEMO_EXAM_PATH });
    try {
      const qs = await t2.db.select().from(questions);
      assert.equal(qs.length, 40);
      assert.equal(qs.filter((q) => q.type === 'Reading').length, 20);
      assert.doesNotMatch(JSON.stringify(qs), /media:/);
      const urls = new Set(JSON.stringify(qs).match(/\/media\/[0-9a-f]{64}\.[a-z0-9]+/g) ?? []);
      assert.ok(urls.size > 0);
      for (const u of urls) assert.equal((await t2.app.inject({ method: 'HEAD', url: u })).statusCode, 200, u);
    } finally {
      await t2.close();
    }
  });
});
