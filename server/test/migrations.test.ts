/**
 * The drizzle-kit migrations (server/drizzle, generated from src/db/schema.ts):
 * - they build the same database as the hand-written SQL migrations they replaced (test/fixtures/legacy-migrations,
 *   the files as the last release applied them): the two catalogs are compared table by table;
 * - a database the old migrator brought to 0005 is adopted (the baseline recorded as applied, not run again), keeps its
 *   data, and then takes later migrations; one left part way is refused;
 * - schema.ts and the migrations agree: `drizzle-kit generate` finds nothing to write.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/index.ts';
import { BASELINE_TAGS, LEGACY_MIGRATIONS, listMigrations, migrate, MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { encodeResultAnswers, results } from '../src/db/schema.ts';
import { SERVER_ROOT } from '../src/config.ts';
import { defaultItemType } from 'shared-api/item-types';
import { openTestDatabase, TEST_DIR } from './helpers.ts';

const LEGACY_DIR = path.join(TEST_DIR, 'fixtures', 'legacy-migrations');

/** The old migrator, as it ran: each file in one transaction, its name recorded in schema_migrations. */
async function legacyMigrate(database: Database, upTo = LEGACY_MIGRATIONS.at(-1)!): Promise<void> {
  const names = LEGACY_MIGRATIONS.filter((n) => n <= upTo);
  const table = `CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamp with time zone NOT NULL DEFAULT now())`;
  const raw = database.raw;
  if (raw.kind === 'pglite') {
    await raw.client.exec(table);
    for (const name of names) {
      if ((await raw.client.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).rows.length) continue;
      await raw.client.transaction(async (tx) => {
        await tx.exec(fs.readFileSync(path.join(LEGACY_DIR, `${name}.sql`), 'utf8'));
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      });
    }
    return;
  }
  const conn = await raw.pool.connect();
  try {
    await conn.query(table);
    for (const name of names) {
      if ((await conn.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).rowCount) continue;
      await conn.query('BEGIN');
      await conn.query(fs.readFileSync(path.join(LEGACY_DIR, `${name}.sql`), 'utf8'));
      await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      await conn.query('COMMIT');
    }
  } finally {
    conn.release();
  }
}

/** Everything the application's tables are made of in the current schema, both migrators' bookkeeping left out. */
async function catalog(database: Database) {
  const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  const skip = sql`('schema_migrations', 'schema_migrations_pkey', '__drizzle_migrations', '__drizzle_migrations_pkey', '__drizzle_migrations_id_seq')`;
  // the schema's name (public, or a test's t_xxx) taken out of definitions
  const [{ schema }] = await q<{ schema: string }>(sql`select current_schema() as schema`) as [{ schema: string }];
  const unqualify = (s: string) => s.replaceAll(`${schema}.`, '');
  return {
    relations: await q(sql`
      select c.relname, c.relkind, c.relpersistence, coalesce(array_to_string(c.reloptions, ','), '') as options
        from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relname not in ${skip}
       order by c.relname`),
    columns: await q(sql`
      select table_name, column_name,
             row_number() over (partition by table_name order by ordinal_position)::int as position,
             data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision,
             datetime_precision, collation_name, is_identity, is_generated
        from information_schema.columns
       where table_schema = current_schema() and table_name not in ${skip}
       order by table_name, position`),
    constraints: await q(sql`
      select cl.relname, con.conname, con.contype, pg_get_constraintdef(con.oid) as def, con.condeferrable
        from pg_constraint con join pg_class cl on cl.oid = con.conrelid
       where cl.relnamespace = current_schema()::regnamespace and cl.relname not in ${skip}
       order by cl.relname, con.conname`),
    indexes: (await q<{ tablename: string; indexname: string; indexdef: string }>(sql`
      select tablename, indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename not in ${skip}
       order by tablename, indexname`)).map((r) => ({ ...r, indexdef: unqualify(r.indexdef) })),
    triggers: (await q<{ relname: string; tgname: string; def: string }>(sql`
      select cl.relname, t.tgname, pg_get_triggerdef(t.oid) as def
        from pg_trigger t join pg_class cl on cl.oid = t.tgrelid
       where cl.relnamespace = current_schema()::regnamespace and not t.tgisinternal
       order by cl.relname, t.tgname`)).map((r) => ({ ...r, def: unqualify(r.def) })),
    functions: await q(sql`
      select p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_function_result(p.oid) as result,
             l.lanname, p.provolatile, p.prosrc
        from pg_proc p join pg_language l on l.oid = p.prolang
       where p.pronamespace = current_schema()::regnamespace
       order by p.proname`),
    authGenerationRows: (await q<{ n: string | number }>(sql`select count(*) as n from auth_generation where id = 1 and value > 0`))
      .map((r) => Number(r.n)),
  };
}

/** Tables created by the migrations after the baseline (the legacy SQL migrations never had them). */
const AFTER_BASELINE_TABLES = ['media_renditions', 'attempt_plays', 'attempt_leaves', 'extra_time', 'blueprints', 'result_marks', 'bank_figures',
  'bank_figures_queue'];
/** Trigger functions created by the migrations after the baseline (dropped with their triggers). */
const AFTER_BASELINE_FUNCTIONS = ['bank_results_added', 'bank_results_changed', 'bank_questions_changed', 'bank_users_changed'];
/** Columns added by the migrations after the baseline: [table, column]. */
const AFTER_BASELINE_COLUMNS = [
  ['exams', 'play_limit'], ['exams', 'review_policy'], ['results', 'total_score'], ['results', 'reading_score'], ['results', 'listening_score'],
  ['users', 'time_zone'], ['users', 'language'],
  ...(['main_heading_alt', 'description_alt', 'option1_alt', 'option2_alt', 'option3_alt', 'option4_alt'] as const).map((c) => ['questions', c] as const),
  ['questions', 'item_type'], ['questions', 'item_id'],
] as const;

describe('drizzle-kit migrations', () => {
  test('build exactly the database the hand-written SQL migrations built', async () => {
    const legacy = await openTestDatabase();
    const generated = await openTestDatabase();
    try {
      await legacyMigrate(legacy);
      await migrate(generated);
      // tables of migrations after the baseline (0002_media_renditions, ...) are not in the hand-written SQL
      for (const table of AFTER_BASELINE_TABLES) await generated.db.execute(sql.raw(`drop table ${table}`));
      for (const fn of AFTER_BASELINE_FUNCTIONS) await generated.db.execute(sql.raw(`drop function ${fn} cascade`));
      for (const [table, column] of AFTER_BASELINE_COLUMNS) await generated.db.execute(sql.raw(`alter table ${table} drop column ${column}`));
      const [a, b] = [await catalog(legacy), await catalog(generated)];
      // not vacuous: the parts that matter are there
      assert.equal(a.relations.filter((r) => (r as { relkind: string }).relkind === 'r').length, 14);
      assert.ok(a.indexes.some((r) => r.indexname === 'users_students_created_idx'));
      assert.equal(a.triggers.length, 1);
      assert.equal(a.functions.length, 1);
      assert.deepEqual(a.authGenerationRows, [1]);
      for (const part of Object.keys(a) as (keyof typeof a)[]) assert.deepEqual(b[part], a[part], `${part} differ`);
    } finally {
      await legacy.close();
      await generated.close();
    }
  });

  test('a database the old migrator brought to 0005 is adopted: baseline recorded, not run again, data kept, later migrations applied', async () => {
    const database = await openTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      // results written before the old 0003 (jsonb objects) go through the old migrations, then the new migrator
      await legacyMigrate(database, '0002_attempts');
      const old = [
        { question: 'q1', questionNumber: 1, type: 'Reading', answer: '2', correct: true },
        { question: 'q2', questionNumber: 21, type: 'Listening', answer: '0', correct: false },
        { question: 'q3', questionNumber: 3, type: 'Other, "quoted"', answer: '4', correct: false },
      ];
      await database.db.execute(sql`
        insert into results (id, attempt_id, exam_id, exam_title, user_id, score, total_questions, attempted, answers)
        values ('r1', 'a1', 'e', 'Exam', 'u', 1, 3, 2, ${JSON.stringify(old)}::jsonb)`);
      await legacyMigrate(database);
      await database.db.execute(sql`
        insert into users (id, email, password_hash, role, user_uid) values ('u1', 'old@example.com', 'x', 0, 'EPS-1')`);

      // a later migration, as the next `npm run db:generate` would add it
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const journalPath = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '0099_later' });
      fs.writeFileSync(journalPath, JSON.stringify(journal));
      fs.writeFileSync(path.join(dir, '0099_later.sql'), 'ALTER TABLE "users" ADD COLUMN "later" text;');

      const adopted: string[][] = [];
      // two starts at once (on PostgreSQL two connections: the advisory lock decides)
      const start = () => migrate(database, dir, (tags) => adopted.push(tags));
      const [first, second] = await Promise.all([start(), start()]);
      assert.deepEqual(adopted, [BASELINE_TAGS], 'the baseline recorded once');
      const later = listMigrations(dir).slice(BASELINE_TAGS.length).map((m) => m.tag);
      assert.deepEqual(later.at(-1), '0099_later');
      assert.deepEqual([...first, ...second], later, 'only the later migrations ran, once');
      const recorded = await queryRows<{ hash: string; created_at: string | number }>(database.db,
        sql`select hash, created_at from __drizzle_migrations order by id`);
      const expected = listMigrations(dir);
      assert.deepEqual(recorded.map((r) => [r.hash, Number(r.created_at)]), expected.map((m) => [m.hash, m.when]));
      assert.deepEqual(expected.slice(0, BASELINE_TAGS.length).map((m) => m.tag), BASELINE_TAGS);
      assert.deepEqual(await migrate(database, dir), []);

      // the data is still there and reads through the schema; the trigger still bumps the counter
      const rows = await database.db.select({ id: results.id, answers: results.answers }).from(results);
      assert.deepEqual(rows, [{ id: 'r1', answers: old }]);
      // the scores migration filled in its EPS-TOPIK scores from those answers (question 1 right: 5 points of Reading)
      const scores = await database.db.select({ total: results.totalScore, reading: results.readingScore, listening: results.listeningScore }).from(results);
      assert.deepEqual(scores, [{ total: 5, reading: 5, listening: 0 }]);
      // the bank figures' migration queued the exam of the stored result, for the first search to compute
      const queued = await queryRows<{ exam_id: string; recompute: boolean }>(database.db, sql`select exam_id, recompute from bank_figures_queue`);
      assert.deepEqual(queued, [{ exam_id: 'e', recompute: true }]);
      const raw = await queryRows<{ answers: string }>(database.db, sql`select answers from results where id = 'r1'`);
      assert.deepEqual(JSON.parse(raw[0]!.answers), JSON.parse(encodeResultAnswers(old)));
      const gen = async () => BigInt((await queryRows<{ v: string }>(database.db, sql`select value::text as v from auth_generation`))[0]!.v);
      const before = await gen();
      await database.db.execute(sql`update users set later = 'x' where id = 'u1'`);
      assert.equal(await gen(), before + 1n);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await database.close();
    }
  });

  test('a database the old migrator left part way is refused, untouched', async () => {
    const database = await openTestDatabase();
    try {
      await legacyMigrate(database, '0003_compact_result_answers');
      await assert.rejects(migrate(database), /lacks 0004_auth_generation, 0005_list_indexes/);
      const tables = await queryRows(database.db, sql`
        select 1 from information_schema.tables where table_schema = current_schema() and table_name = '__drizzle_migrations'`);
      assert.equal(tables.length, 0);
    } finally {
      await database.close();
    }
  });

  test('0010 gives every existing question its number\'s item type (shared-api EPS_BLUEPRINT), then no default', async () => {
    const database = await openTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      // the database as it was before 0010, with a question of every number
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const journalPath = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag === '0010_question_item_type');
      assert.ok(at > 0);
      journal.entries = journal.entries.slice(0, at);
      fs.writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(database, dir);
      for (let n = 1; n <= 40; n++) {
        await database.db.execute(sql`insert into questions (id, exam_id, type, question_number, answer)
          values (${`q${n}`}, 'e', ${n <= 20 ? 'Reading' : 'Listening'}, ${n}, '1')`);
      }
      assert.ok((await migrate(database)).includes('0010_question_item_type'));
      const rows = await queryRows<{ n: number; t: string }>(database.db, sql`select question_number as n, item_type as t from questions order by question_number`);
      assert.deepEqual(rows.map((r) => [Number(r.n), r.t]), Array.from({ length: 40 }, (_, i) => [i + 1, defaultItemType(i + 1)]));
      await assert.rejects(database.db.execute(sql`insert into questions (id, exam_id, type, question_number, answer) values ('x', 'e', 'Reading', 1, '1')`),
        'a new question names its item type');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await database.close();
    }
  });

  test('schema.ts and the migrations agree: drizzle-kit generate finds nothing to write, check finds no conflict', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drizzle-out-'));
    try {
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      // the package exports no bin path; bin.cjs sits beside its main file
      const bin = path.join(path.dirname(createRequire(path.join(SERVER_ROOT, 'package.json')).resolve('drizzle-kit')), 'bin.cjs');
      const kit = (...args: string[]) => execFileSync(process.execPath, [bin, ...args], { cwd: SERVER_ROOT, encoding: 'utf8', stdio: 'pipe' });
      const out = kit('generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(SERVER_ROOT, dir));
      assert.match(out, /No schema changes/, out);
      const files = (d: string) => fs.readdirSync(d, { recursive: true }).map(String).sort();
      assert.deepEqual(files(dir), files(MIGRATIONS_DIR));
      const check = kit('check', '--dialect', 'postgresql', '--out', path.relative(SERVER_ROOT, MIGRATIONS_DIR));
      assert.match(check, /Everything's fine/, check);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
