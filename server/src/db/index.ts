/**
 * Opens the database: embedded PGlite (one process per data directory, guarded by a lock file)
 * or PostgreSQL when DATABASE_URL is set. Both give the same drizzle query API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgTypes, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { Config } from '../config.ts';

export type Schema = typeof schema;
/** The drizzle instance; the same query API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (what `db.transaction(async (tx) => ...)` passes). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: helpers that may run inside a transaction take this. */
export type Executor = Db | Tx;

export type RawClient =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; pool: pg.Pool };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the underlying driver (the migrator needs multi-statement scripts) */
  raw: RawClient;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: sets search_path on every pooled connection (tests use a schema per file) */
  searchPath?: string;
  /** PostgreSQL pool size (default 20) */
  poolMax?: number;
  /**
   * PGlite in memory only: an initialised data directory (PGlite's dumpDataDir) to start from instead of running
   * initdb, which takes seconds (the tests start from one template: test/helpers.ts)
   */
  loadDataDir?: Blob;
}

/** A value as one jsonb parameter (a batch's rows, read with jsonb_to_recordset or jsonb_array_elements_text). */
export const jsonb = (v: unknown): SQL => sql`${JSON.stringify(v)}::jsonb`;

/** Anything that runs raw SQL: the app's Db or a transaction, or a drizzle instance on one connection (the migrator). */
export interface Executes { execute(query: SQL): Promise<unknown> }

/** Runs raw SQL and returns its rows on both drivers. Remember: count(*) is a string on pg — Number() it. */
export async function queryRows<T = Record<string, unknown>>(db: Executes, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export class DataDirLockedError extends Error {
  constructor(public readonly pid: number, public readonly dir: string) {
    super(`Another server process (pid ${pid}) is already using the data directory ${dir}. Stop it first, or set DATA_DIR to another directory.`);
    this.name = 'DataDirLockedError';
  }
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR/server.lock atomically; returns a release function. */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const token = `${process.pid}\n`;
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      fs.writeSync(fd, token);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === token) fs.unlinkSync(lockPath);
        } catch { /* already gone */ }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = NaN;
      try {
        pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      } catch { /* vanished between open and read: retry */ }
      if (pidAlive(pid)) throw new DataDirLockedError(pid, dir);
      // stale lock (dead pid or garbage): take it over
      try { fs.unlinkSync(lockPath); } catch { /* someone else removed it */ }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

/**
 * bytea as hex through Node's Buffer: PGlite's own parser and serializer go byte by byte in JavaScript (about 2 s for
 * the 19 MB of an exam's media, read by an export or written by an import), Buffer's hex codec is native.
 */
const PGLITE_TYPES: Pick<PGliteOptions, 'parsers' | 'serializers'> = {
  parsers: { [pgTypes.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex') },
  serializers: { [pgTypes.BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}` },
};

export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: options.poolMax ?? 20,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    pool.on('error', () => { /* idle client errors: the next query reports them */ });
    try {
      await pool.query('select 1');
    } catch (err) {
      await pool.end().catch(() => {});
      throw new Error(`Cannot connect to PostgreSQL (DATABASE_URL): ${(err as Error).message}`);
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: 'postgres',
      raw: { kind: 'postgres', pool },
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  let client: PGlite;
  let release: () => void = () => {};
  if (config.dataDir === ':memory:') {
    client = new PGlite({ ...PGLITE_TYPES, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  } else {
    release = acquireLock(config.dataDir);
    try {
      const pgdata = path.join(config.dataDir, 'pgdata');
      fs.mkdirSync(pgdata, { recursive: true });
      client = new PGlite(pgdata, PGLITE_TYPES);
    } catch (err) {
      release();
      throw err;
    }
  }
  try {
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export { schema, sql };
