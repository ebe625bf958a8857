/**
 * Test helpers. `buildTestApp()` gives an app on an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * on PostgreSQL in a fresh schema (dropped by close()).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, queryRows, type Database, type Db } from '../src/db/index.ts';
import { sql } from 'drizzle-orm';
import { migrate } from '../src/db/migrate.ts';
import { seedDatabase, type SeedResult } from '../src/seed/index.ts';

export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURE_EXAM = path.join(TEST_DIR, 'fixtures', 'mini-exam.json');
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DEMO_PASSWORD = 'password123';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  seed: SeedResult | undefined;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** seed the demo data (with the fixture exam unless examPath is given); default true */
  seed?: boolean;
  examPath?: string;
  /** raw env values passed to loadConfig, e.g. { REMOTE_STUDENT_URL: '...' } */
  env?: Record<string, string>;
  /** typed overrides applied after loadConfig */
  configOverrides?: Partial<Config>;
  /** called after buildApp and before ready (add test-only routes here) */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  return {
    // no renditions unless a test asks (RENDITION_THREADS): background encodes would race the tests' fingerprints
    ...loadConfig({ DATA_DIR: ':memory:', JWT_SECRET: 'test-secret-0123456789abcdef0123456789', LOG_LEVEL: 'silent', RENDITION_THREADS: '0', ...env }),
    databaseUrl: TEST_DATABASE_URL,
    ...overrides,
  };
}

/** Opens a fresh database: in-memory PGlite, or a new PostgreSQL schema (dropped on close). */
export async function openTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) return openDatabase({ dataDir: ':memory:', databaseUrl: undefined });
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schemaName}`);
  await admin.end();
  const database = await openDatabase({ dataDir: ':memory:', databaseUrl: TEST_DATABASE_URL }, { searchPath: schemaName, poolMax: 5 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schemaName} cascade`);
    await c.end();
  };
  return database;
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env, options.configOverrides);
  const database = await openTestDatabase();
  try {
    await migrate(database);
    const seed = options.seed === false
      ? undefined
      : await seedDatabase(database, config, { examPath: options.examPath ?? FIXTURE_EXAM });
    const app = await buildApp({ config, database, logger: false });
    await options.beforeReady?.(app);
    await app.ready();
    return {
      app, db: database.db, database, config, seed,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export async function signin(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  return { res, body: res.json() as { token: string; user: { _id: string; role: number }; institute: unknown; error?: string } };
}

export async function tokenFor(app: FastifyInstance, email: string): Promise<string> {
  const { res, body } = await signin(app, email);
  if (res.statusCode !== 200) throw new Error(`signin ${email} failed: ${res.statusCode} ${res.body}`);
  return body.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const ALL_TABLES = ['users', 'categories', 'exams', 'exam_institute_access', 'questions', 'media', 'attempts', 'attempt_answers',
  'results', 'exam_access', 'exam_access_exams', 'settings', 'attempt_plays'];

/** One hash of every row of every table (sign-in throttle counters aside): equal before and after means nothing changed. */
export async function dbFingerprint(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const t of ALL_TABLES) {
    const rows = await queryRows<{ h: string | null }>(db, sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${t} x`));
    parts.push(`${t}:${rows[0]?.h}`);
  }
  return parts.join(',');
}
