/**
 * The JWT secret: JWT_SECRET, else generated on first start and kept in DATA_DIR/jwt-secret (mode 0600),
 * or, with DATABASE_URL, in the settings table so several processes share it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { settings } from '../db/schema.ts';

export async function resolveJwtSecret(config: Config, database: Database): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const fresh = randomBytes(48).toString('base64url');
  if (database.kind === 'postgres') {
    await database.db.insert(settings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
    const [row] = await database.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'jwt_secret'));
    if (!row) throw new Error('Could not store the JWT secret in the settings table');
    return row.value;
  }
  if (config.dataDir === ':memory:') return fresh;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${fresh}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return fresh;
}
