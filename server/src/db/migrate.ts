/**
 * Applies the migrations drizzle-kit generated from src/db/schema.ts (server/drizzle, listed in meta/_journal.json)
 * with drizzle-orm's own migrators, which record each applied file's hash in `__drizzle_migrations`. That table is
 * kept in the schema of the tables (current_schema(), `public` unless the connection's search_path says otherwise),
 * beside them, so one PostgreSQL database can hold several independent copies (the tests use a schema per test).
 *
 * Around the drizzle migrator:
 * - concurrent starts: on PostgreSQL the whole call runs on one connection holding a session advisory lock, so
 *   several server processes starting at once apply each migration once (drizzle's migrator takes no lock); on PGlite
 *   (one process) calls on one client run one after the other.
 * - databases migrated by the hand-written migrator this one replaced (`schema_migrations` holding 0001..0005, whose
 *   SQL the first journal entries reproduce exactly: test/migrations.test.ts compares the catalogs) have those
 *   entries recorded as applied without running them, then the later ones run as usual.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { SERVER_ROOT } from '../config.ts';
import { queryRows, type Database, type Executes } from './index.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const MIGRATIONS_TABLE = '__drizzle_migrations';
/** arbitrary constant key for the advisory lock (the old migrator's: an old and a new process exclude each other) */
const LOCK_KEY = 7_411_202_501;

/** What the hand-written migrator recorded in schema_migrations, all of it, in its last release. */
export const LEGACY_MIGRATIONS = ['0001_init', '0002_attempts', '0003_compact_result_answers', '0004_auth_generation', '0005_list_indexes'];
/** The journal entries that together build exactly what LEGACY_MIGRATIONS built. */
export const BASELINE_TAGS = ['0000_baseline', '0001_hand_written'];

export interface Migration {
  /** the file name without .sql, e.g. 0000_baseline */
  tag: string;
  /** the journal's timestamp: drizzle applies the entries later than the last recorded one */
  when: number;
  /** sha256 of the file, as drizzle records it */
  hash: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const files = readMigrationFiles({ migrationsFolder: dir });
  return files.map((f, i) => ({ tag: journal.entries[i]!.tag, when: f.folderMillis, hash: f.hash }));
}

/** a drizzle instance on one connection (PGlite's, or the PostgreSQL connection holding the lock) */
interface Conn extends Executes { transaction<T>(fn: (tx: Executes) => Promise<T>): Promise<T> }

async function currentSchema(db: Executes): Promise<string> {
  const [row] = await queryRows<{ schema: string }>(db, sql`select current_schema() as schema`);
  return row!.schema;
}

async function tableExists(db: Executes, name: string): Promise<boolean> {
  const r = await queryRows(db, sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${name}`);
  return r.length > 0;
}

/**
 * A database the old migrator brought to its last migration, never seen by this one: record the baseline entries as
 * applied (same hashes and timestamps drizzle's migrator would write). A database it left part way is refused: the
 * baseline would re-create tables it has.
 */
async function adoptLegacy(db: Conn, schema: string, migrations: Migration[]): Promise<string[]> {
  if (!(await tableExists(db, 'schema_migrations'))) return [];
  const table = sql`${sql.identifier(schema)}.${sql.identifier(MIGRATIONS_TABLE)}`;
  if (await tableExists(db, MIGRATIONS_TABLE)) {
    const recorded = await queryRows(db, sql`select 1 from ${table} limit 1`);
    if (recorded.length > 0) return []; // adopted before
  }
  const done = new Set((await queryRows<{ name: string }>(db, sql`select name from schema_migrations`)).map((r) => r.name));
  const missing = LEGACY_MIGRATIONS.filter((n) => !done.has(n));
  if (missing.length > 0) {
    throw new Error(`This database was migrated by the earlier, hand-written migrator and lacks ${missing.join(', ')}: start a server `
      + 'from before the drizzle-kit migrations (git 4e7ef6c) on it once to finish those, then this one.');
  }
  const baseline = BASELINE_TAGS.map((tag) => {
    const m = migrations.find((x) => x.tag === tag);
    if (!m) throw new Error(`migration ${tag} missing from the journal`);
    return m;
  });
  await db.transaction(async (tx) => {
    // drizzle's own DDL for its table (PgDialect.migrate), so its migrator finds it as it would have made it
    await tx.execute(sql`create table if not exists ${table} (id serial primary key, hash text not null, created_at bigint)`);
    for (const m of baseline) await tx.execute(sql`insert into ${table} (hash, created_at) values (${m.hash}, ${m.when})`);
  });
  return BASELINE_TAGS;
}

/** The journal entries drizzle's migrator is about to apply (those later than the last one recorded). */
async function pending(db: Executes, schema: string, migrations: Migration[]): Promise<string[]> {
  if (!(await tableExists(db, MIGRATIONS_TABLE))) return migrations.map((m) => m.tag);
  const [last] = await queryRows<{ created_at: string | number | null }>(db,
    sql`select created_at from ${sql.identifier(schema)}.${sql.identifier(MIGRATIONS_TABLE)} order by created_at desc limit 1`);
  const after = last ? Number(last.created_at) : -Infinity;
  return migrations.filter((m) => m.when > after).map((m) => m.tag);
}

/** The steps, once no other call can run them: adopt an old database, note what is pending, run drizzle's migrator. */
async function steps(db: Conn, runDrizzle: (config: MigrationConfig) => Promise<void>, dir: string,
  onAdopt?: (tags: string[]) => void): Promise<string[]> {
  const migrations = listMigrations(dir);
  const schema = await currentSchema(db);
  const adopted = await adoptLegacy(db, schema, migrations);
  if (adopted.length) onAdopt?.(adopted);
  const applied = await pending(db, schema, migrations);
  await runDrizzle({ migrationsFolder: dir, migrationsSchema: schema, migrationsTable: MIGRATIONS_TABLE });
  return applied;
}

const pgliteQueue = new WeakMap<PGlite, Promise<unknown>>();

/**
 * Applies pending migrations; returns the tags applied by this call. `onAdopt` is told the baseline tags when this call
 * recorded them as applied on a database of the old migrator.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR, onAdopt?: (tags: string[]) => void): Promise<string[]> {
  const raw = database.raw;

  if (raw.kind === 'pglite') {
    // one process, one connection: calls on the same client wait for each other
    const db = drizzlePglite({ client: raw.client });
    const run = () => steps(db, (config) => migratePglite(db, config), dir, onAdopt);
    const result = (pgliteQueue.get(raw.client) ?? Promise.resolve()).then(run, run);
    pgliteQueue.set(raw.client, result.catch(() => {}));
    return result;
  }

  const conn = await raw.pool.connect();
  let broken: Error | undefined;
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      const db = drizzlePg({ client: conn });
      return await steps(db, (config) => migratePg(db, config), dir, onAdopt);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch((err: Error) => { broken = err; });
    }
  } finally {
    // a connection that could not release the lock is closed rather than handed back to the pool still holding it
    conn.release(broken);
  }
}
