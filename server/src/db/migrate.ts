/**
 * A tiny migrator: applies server/migrations/NNNN_name.sql in order, one transaction per file,
 * and records applied names in schema_migrations. On PostgreSQL, concurrent starts are serialised
 * with pg_advisory_xact_lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../config.ts';
import type { Database } from './index.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
/** arbitrary constant key for the advisory lock */
const LOCK_KEY = 7_411_202_501;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name text PRIMARY KEY,
  applied_at timestamp with time zone NOT NULL DEFAULT now()
)`;

export interface Migration { name: string; sql: string }

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs.readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies pending migrations; returns the names applied by this call. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = listMigrations(dir);
  const applied: string[] = [];
  const raw = database.raw;

  if (raw.kind === 'pglite') {
    const client = raw.client;
    await client.exec(CREATE_TABLE);
    for (const m of migrations) {
      await client.transaction(async (tx) => {
        const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
        if (done.rows.length > 0) return;
        await tx.exec(m.sql);
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
        applied.push(m.name);
      });
    }
    return applied;
  }

  const conn = await raw.pool.connect();
  try {
    const inTx = async (fn: () => Promise<void>) => {
      await conn.query('BEGIN');
      try {
        await conn.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
        await fn();
        await conn.query('COMMIT');
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      }
    };
    await inTx(async () => { await conn.query(CREATE_TABLE); });
    for (const m of migrations) {
      await inTx(async () => {
        const done = await conn.query('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
        if ((done.rowCount ?? 0) > 0) return;
        await conn.query(m.sql); // simple query protocol: several statements allowed
        await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
        applied.push(m.name);
      });
    }
  } finally {
    conn.release();
  }
  return applied;
}
