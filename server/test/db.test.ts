import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { acquireLock, openDatabase, queryRows } from '../src/db/index.ts';
import { listMigrations, migrate } from '../src/db/migrate.ts';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { resolveJwtSecret } from '../src/auth/secret.ts';
import { openTestDatabase, TEST_DATABASE_URL } from './helpers.ts';

describe('migrations', () => {
  test('apply once, then running again is a no-op', async () => {
    const database = await openTestDatabase();
    try {
      const first = await migrate(database);
      assert.deepEqual(first, listMigrations().map((m) => m.tag));
      assert.ok(first.includes('0000_baseline'));
      assert.deepEqual(await migrate(database), []);
      const rows = await queryRows<{ n: number | string }>(database.db, sql`select count(*) as n from __drizzle_migrations`);
      assert.equal(Number(rows[0]!.n), first.length);
      const tables = await queryRows<{ table_name: string }>(database.db, sql`
        select table_name from information_schema.tables where table_schema = current_schema() order by table_name`);
      const names = tables.map((r) => r.table_name);
      for (const name of ['users', 'categories', 'exams', 'exam_institute_access', 'questions', 'media', 'attempts',
        'attempt_answers', 'results', 'exam_access', 'exam_access_exams', 'login_failures', 'settings', 'auth_generation', '__drizzle_migrations']) {
        assert.ok(names.includes(name), `missing table ${name}`);
      }
    } finally {
      await database.close();
    }
  });

  test('concurrent migrate calls do not conflict', async () => {
    const database = await openTestDatabase();
    try {
      const [a, b] = await Promise.all([migrate(database), migrate(database)]);
      assert.equal(a.length + b.length, listMigrations().length);
    } finally {
      await database.close();
    }
  });

  test('the partial unique index on lower(email) ignores deleted users', async () => {
    const database = await openTestDatabase();
    try {
      await migrate(database);
      const ins = (id: string, email: string, uid: string, deleted = false) => database.db.execute(sql`
        insert into users (id, email, password_hash, role, user_uid, deleted_at)
        values (${id}, ${email}, 'x', 0, ${uid}, ${deleted ? new Date().toISOString() : null})`);
      await ins('a', 'Same@Example.com', 'U1', true);
      await ins('b', 'same@example.com', 'U2');
      await assert.rejects(ins('c', 'SAME@example.com', 'U3'));
    } finally {
      await database.close();
    }
  });
});

describe('config', () => {
  test('defaults and DATA_DIR resolved against the repo root', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.dataDir, path.join(REPO_ROOT, 'data'));
    assert.equal(c.jwtExpiresIn, 7 * 24 * 3600);
    assert.equal(c.seed, 'demo');
    assert.equal(c.examDurationSeconds, 3000);
    assert.equal(c.examGraceSeconds, 60);
    assert.equal(c.webRoot, REPO_ROOT);
    assert.deepEqual(c.corsOrigins, []);
    assert.equal(loadConfig({ DATA_DIR: '/tmp/x' }).dataDir, '/tmp/x');
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'http://a.com, http://b.com' }).corsOrigins, ['http://a.com', 'http://b.com']);
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/);
    assert.throws(() => loadConfig({ SEED: 'maybe' }), /SEED/);
  });
});

describe('PGlite data directory lock', { skip: TEST_DATABASE_URL ? 'PostgreSQL run' : false }, () => {
  test('a second open on the same directory throws the clear message; after close it opens again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglock-'));
    try {
      const first = await openDatabase({ dataDir: dir, databaseUrl: undefined });
      assert.equal(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim(), String(process.pid));
      await assert.rejects(openDatabase({ dataDir: dir, databaseUrl: undefined }), {
        message: `Another server process (pid ${process.pid}) is already using the data directory ${dir}. Stop it first, or set DATA_DIR to another directory.`,
      });
      await migrate(first);
      await first.close();
      assert.equal(fs.existsSync(path.join(dir, 'server.lock')), false);
      const again = await openDatabase({ dataDir: dir, databaseUrl: undefined });
      assert.deepEqual(await migrate(again), [], 'data persisted: migrations already applied');
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a stale lock (dead pid) is taken over', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglock-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
      fs.writeFileSync(path.join(dir, 'server.lock'), `${dead.stdout.toString()}\n`);
      const release = acquireLock(dir);
      assert.equal(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim(), String(process.pid));
      release();
      assert.equal(fs.existsSync(path.join(dir, 'server.lock')), false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('JWT secret generated once into DATA_DIR/jwt-secret with mode 0600', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const database = { kind: 'pglite' } as Parameters<typeof resolveJwtSecret>[1];
      const s1 = await resolveJwtSecret(config, database);
      const s2 = await resolveJwtSecret(config, database);
      assert.equal(s1, s2);
      assert.ok(s1.length >= 32);
      assert.equal(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777, 0o600);
      assert.equal(await resolveJwtSecret({ ...config, jwtSecret: 'from-env' }, database), 'from-env');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('JWT secret in the settings table', { skip: TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL' }, () => {
  test('shared by every process', async () => {
    const database = await openTestDatabase();
    try {
      await migrate(database);
      const config = { ...loadConfig({}), databaseUrl: TEST_DATABASE_URL };
      const s1 = await resolveJwtSecret(config, database);
      const s2 = await resolveJwtSecret(config, database);
      assert.equal(s1, s2);
    } finally {
      await database.close();
    }
  });
});
