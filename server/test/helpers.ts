/**
 * Test helpers. `buildTestApp()` gives an app on an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * on PostgreSQL in a fresh schema (dropped by close()).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, queryRows, type Database, type Db } from '../src/db/index.ts';
import { eq, sql } from 'drizzle-orm';
import { migrate } from '../src/db/migrate.ts';
import { examAccess, examAccessExams, exams, questions, users } from '../src/db/schema.ts';
import { issueToken, type AuthUser } from '../src/auth/index.ts';
import { newId } from '../src/ids.ts';
import { seedDatabase, type SeedResult } from '../src/seed/index.ts';
import { DEFAULT_TIME_ZONE, dayIn } from '../src/zones/index.ts';
import { defaultItemType } from 'shared-api/item-types';

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
    // no renditions unless a test asks (RENDITION_THREADS): background encodes would race the tests' fingerprints;
    // no request budget unless a test asks (request-budget.test.ts): a test's requests all come from one address and
    // a few users, faster than any person
    ...loadConfig({ DATA_DIR: ':memory:', JWT_SECRET: 'test-secret-0123456789abcdef0123456789', LOG_LEVEL: 'silent', RENDITION_THREADS: '0', REQUEST_BUDGET: 'off', ...env }),
    databaseUrl: TEST_DATABASE_URL,
    ...overrides,
  };
}

/**
 * PGlite's initdb takes 4-5 s of a test's start on this machine: the first test file of a run keeps a freshly initialised
 * (empty, not migrated) data directory in .tmp, and every in-memory database starts from it (under 2 s). Written under
 * another name and renamed, so files running at once never read half of it; keyed by PGlite's version.
 */
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion = (JSON.parse(fs.readFileSync(path.join(pgliteEntry.slice(0, pgliteEntry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json'), 'utf8')) as { version: string }).version;
const PGLITE_TEMPLATE = path.join(TEST_DIR, '..', '..', '.tmp', `pglite-template-${pgliteVersion}.tar`);
let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    try {
      return new Blob([await fs.promises.readFile(PGLITE_TEMPLATE)]);
    } catch {
      const fresh = await openDatabase({ dataDir: ':memory:', databaseUrl: undefined });
      const dump = await (fresh.raw as { client: PGlite }).client.dumpDataDir('none');
      await fresh.close();
      fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
      const partial = `${PGLITE_TEMPLATE}.${process.pid}`;
      await fs.promises.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, PGLITE_TEMPLATE);
      return dump;
    }
  })();
  return template;
}

/** Opens a fresh database: in-memory PGlite, or a new PostgreSQL schema (dropped on close). */
export async function openTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) return openDatabase({ dataDir: ':memory:', databaseUrl: undefined }, { loadDataDir: await pgliteTemplate() });
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

/**
 * Today as the server counts it for a user of that zone (YYYY-MM-DD): never the UTC date nor the machine's, which
 * differ from Kathmandu's every evening from 18:15 UTC (tests built on them failed CI every evening).
 */
export const todayIn = (zone: string = DEFAULT_TIME_ZONE, at: Date = new Date()) => dayIn(zone, at);

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

// ---------- fixtures: people, access and exams written straight into the test database ----------

/** A user with a token of its own (signed here: no sign-in request). */
export interface Person {
  id: string;
  token: string;
  h: ReturnType<typeof bearer>;
  user: AuthUser;
}

export interface FixtureQuestion { id: string; number: number; type: 'Reading' | 'Listening'; answer: string }
export interface FixtureExam { id: string; questions: FixtureQuestion[] }

export interface ExamSpec {
  /** the seeded admin by default */
  owner?: string;
  /** 'public' by default */
  type?: string;
  /** 1 (published) by default */
  status?: number;
  /** `Exam <id>` by default */
  title?: string;
  /** Reading questions, numbered 1.. */
  reading?: number;
  /** Listening questions (an audio each), numbered 21.. */
  listening?: number;
  playLimit?: number | null;
  reviewPolicy?: string;
}

let uidSeq = 0;

/**
 * The people, access and exams a test needs, written straight into the database of `t` (seeded: its institute and
 * admin own what is made unless told otherwise). An exam's questions have options a-d, answers cycling '1'..'4' in
 * question order (the i-th: (i % 4) + 1) and answer details `because <answer>`.
 */
export function fixtures(t: TestApp) {
  const seeded = () => t.seed!.ids!;
  const signed = (row: typeof users.$inferSelect, ttlSeconds = 3600): Person => {
    const { passwordHash: _p, ...user } = row;
    const token = issueToken(row, t.config.jwtSecret!, ttlSeconds);
    return { id: row.id, token, h: bearer(token), user };
  };
  const f = {
    /** A new user: role 0 student, 1 institute, 2 admin; `createdBy` its institute (or the admin of an institute). */
    async person(role: 0 | 1 | 2, createdBy: string | null, more: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
      const id = newId();
      const [row] = await t.db.insert(users).values({
        id, email: `${id}@example.com`, passwordHash: 'x', firstName: 'Test', lastName: 'Person', role, createdBy,
        userUid: `EPS-F${++uidSeq}`, ...more,
      }).returning();
      return signed(row!);
    },
    /** Another token of a user (another device: a later expiry gives another token). */
    async as(id: string, ttlSeconds = 3600): Promise<Person> {
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error(`no user ${id}`);
      return signed(row, ttlSeconds);
    },
    /** The student's exam access (granted by the seeded institute unless `over.createdBy`), with its exams' rows. */
    async access(
      userId: string, type: string, over: Partial<typeof examAccess.$inferInsert> = {},
      rows: { examId: string; totalTimes: number; completedTimes?: number }[] = [],
    ): Promise<string> {
      const accessId = newId();
      await t.db.insert(examAccess).values({ id: accessId, userId, type, createdBy: seeded().institute, ...over });
      for (const r of rows) await t.db.insert(examAccessExams).values({ accessId, examId: r.examId, totalTimes: r.totalTimes, completedTimes: r.completedTimes ?? 0 });
      return accessId;
    },
    /** A student of the seeded institute (or `createdBy`) who may take every exam (access ALL). */
    async student(createdBy: string = seeded().institute, more: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
      const s = await f.person(0, createdBy, more);
      await f.access(s.id, 'ALL');
      return s;
    },
    async exam(spec: ExamSpec = {}): Promise<FixtureExam> {
      const id = newId();
      await t.db.insert(exams).values({
        id, title: spec.title ?? `Exam ${id.slice(0, 6)}`, type: spec.type ?? 'public', status: spec.status ?? 1, userId: spec.owner ?? seeded().admin,
        ...(spec.playLimit !== undefined ? { playLimit: spec.playLimit } : {}), ...(spec.reviewPolicy ? { reviewPolicy: spec.reviewPolicy } : {}),
      });
      const numbers = [
        ...Array.from({ length: spec.reading ?? 0 }, (_, i) => i + 1),
        ...Array.from({ length: spec.listening ?? 0 }, (_, i) => 21 + i),
      ];
      const qs: FixtureQuestion[] = [];
      for (const [i, n] of numbers.entries()) {
        const q: FixtureQuestion = { id: newId(), number: n, type: n <= 20 ? 'Reading' : 'Listening', answer: String((i % 4) + 1) };
        await t.db.insert(questions).values({
          id: q.id, examId: id, type: q.type, questionNumber: n, itemType: defaultItemType(n), option1: 'a', option2: 'b', option3: 'c', option4: 'd',
          listening: q.type === 'Reading' ? '' : '/media/x.mp3', answer: q.answer, answerDetails: `because ${q.answer}`,
        });
        qs.push(q);
      }
      return { id, questions: qs };
    },
  };
  return f;
}
