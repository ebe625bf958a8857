/**
 * Support for tests and the benchmark that run the REAL server as child processes (crash.test.ts, scale-out.test.ts,
 * bench/bench-exam-end.mjs): prepare a database (migrations, demo seed, many students), start/stop/kill servers,
 * fresh PostgreSQL databases, a small HTTP client.
 */
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { eq, inArray } from 'drizzle-orm';
import { REPO_ROOT, SERVER_ROOT } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/index.ts';
import { examAccess, exams, questions, results, users } from '../src/db/schema.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/seed/index.ts';
import { hashPassword } from '../src/auth/password.ts';
import { newId } from '../src/ids.ts';

export const PASSWORD = 'password123';
export const DEMO_EXAM_TITLE = 'EPS-TOPIK Mock Test 1';

export interface Student { id: string; email: string }

export interface Prepared {
  adminId: string;
  instituteId: string;
  examId: string;
  students: Student[];
}

/**
 * Inserts `count` students created by the institute (one password hash shared by all: hashing 500 times would only
 * slow the set-up), each with an exam_access row of type ALL.
 */
export async function insertStudents(db: Db, instituteId: string, count: number, prefix = 'bench'): Promise<Student[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const students: Student[] = [];
  for (let start = 0; start < count; start += 250) {
    const rows = [];
    const access = [];
    for (let i = start; i < Math.min(count, start + 250); i++) {
      const id = newId();
      const email = `${prefix}-${tag}-${String(i + 1).padStart(5, '0')}@bench.test`;
      students.push({ id, email });
      rows.push({
        id, email, passwordHash, firstName: 'Bench', lastName: `Student ${i + 1}`, role: 0, createdBy: instituteId,
        // unique and outside the EPS-000001.. range the seed and nextUserUid use
        userUid: `BENCH-${tag}-${String(i + 1).padStart(6, '0')}`,
      });
      access.push({ id: newId(), userId: id, type: 'ALL', createdBy: instituteId });
    }
    await db.insert(users).values(rows);
    await db.insert(examAccess).values(access);
  }
  return students;
}

/** Opens the database (PGlite DATA_DIR or DATABASE_URL), migrates, seeds the demo data, adds students, closes. */
export async function prepareDatabase(opts: { dataDir?: string; databaseUrl?: string; students: number; prefix?: string }): Promise<Prepared> {
  const database = await openDatabase({ dataDir: opts.dataDir ?? ':memory:', databaseUrl: opts.databaseUrl });
  try {
    await migrate(database);
    await seedDatabase(database, { seed: 'demo', adminEmail: undefined, adminPassword: undefined });
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    const [institute] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'institute@example.com'));
    const [exam] = await database.db.select({ id: exams.id }).from(exams).where(eq(exams.title, DEMO_EXAM_TITLE));
    if (!admin || !institute || !exam) throw new Error('demo seed missing');
    const students = await insertStudents(database.db, institute.id, opts.students, opts.prefix);
    return { adminId: admin.id, instituteId: institute.id, examId: exam.id, students };
  } finally {
    await database.close();
  }
}

/** A fresh PostgreSQL database on the server of `baseUrl` (CREATE DATABASE), dropped by drop(). */
export async function freshPgDatabase(baseUrl: string, prefix = 'bench'): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** True when a PostgreSQL server answers at url within 3 s. */
export async function pgReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  base: string;
  /** stdout + stderr so far */
  output(): string;
  /** resolves with the exit code (or the signal name) */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s; resolves when gone */
  stop(): Promise<void>;
  /** SIGKILL, resolves when gone */
  kill(): Promise<void>;
}

export interface StartOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** wait until /api/health answers (default true) */
  waitReady?: boolean;
  /** extra node flags (e.g. --cpu-prof) */
  nodeArgs?: string[];
}

/** Starts `node --max-semi-space-size=32 --import tsx server/src/server.ts` (production settings, as `npm start`; 127.0.0.1 only). */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    SEED: 'demo',
    // as testConfig: every request of a test comes from 127.0.0.1 at machine speed (a test that wants it sets it)
    REQUEST_BUDGET: 'off',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const proc = spawn(process.execPath, ['--max-semi-space-size=32', ...(opts.nodeArgs ?? []), '--import', 'tsx', path.join(SERVER_ROOT, 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  proc.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<number | string>((resolve) => {
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let gone = false;
  void exited.then(() => { gone = true; });
  const base = `http://127.0.0.1:${opts.port}`;
  const server: ServerProcess = {
    proc, port: opts.port, base, exited,
    output: () => out,
    async stop() {
      if (gone) return;
      proc.kill('SIGTERM');
      const t = setTimeout(() => { if (!gone) proc.kill('SIGKILL'); }, 10_000);
      await exited;
      clearTimeout(t);
    },
    async kill() {
      if (gone) return;
      proc.kill('SIGKILL');
      await exited;
    },
  };
  if (opts.waitReady === false) return server;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`server exited during start-up (${await exited}):\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return server;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server did not become ready within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Reply<T = any> { status: number; body: T; ms: number }

/** JSON request; never throws for HTTP statuses (status 0 = connection error). */
export async function call<T = any>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<Reply<T>> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: any = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed as T, ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, body: { error: (err as Error).message } as T, ms: performance.now() - t0 };
  }
}

/** Runs fn over items with at most `concurrency` in flight; results in order. */
export async function pool<I, O>(items: I[], concurrency: number, fn: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const out = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

export interface StoredResult { attemptId: string; id: string; score: number; attempted: number }

/**
 * Opens the database (the server must be stopped for PGlite) and returns the results of these attempts, plus the
 * answer key of these questions.
 */
export async function readStoredResults(opts: { dataDir: string; databaseUrl?: string }, attemptIds: string[], questionIds: string[]) {
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  try {
    const key = new Map((await database.db.select({ id: questions.id, answer: questions.answer }).from(questions)
      .where(inArray(questions.id, questionIds))).map((q) => [q.id, q.answer]));
    const rows: StoredResult[] = [];
    for (let i = 0; i < attemptIds.length; i += 500) {
      rows.push(...await database.db.select({ attemptId: results.attemptId, id: results.id, score: results.score, attempted: results.attempted })
        .from(results).where(inArray(results.attemptId, attemptIds.slice(i, i + 500))));
    }
    return { key, byAttempt: new Map(rows.map((r) => [r.attemptId, r])) };
  } finally {
    await database.close();
  }
}

/** A TCP port free on 127.0.0.1 right now (so parallel runs of these tests never meet on a fixed port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
