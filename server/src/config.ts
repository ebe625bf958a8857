/** Every setting comes from the environment, with defaults. `loadConfig(env)` lets tests build configs. */
import type { RequestBudget } from './request-budget.ts';
import path from 'node:path';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/** /work/main (the monorepo root), computed from this file's location: server/src/config.ts */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** server/ */
export const SERVER_ROOT = path.join(REPO_ROOT, 'server');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** absolute path, or ':memory:' (tests: in-memory PGlite, no lock) */
  dataDir: string;
  /** postgres://... switches to PostgreSQL; undefined = embedded PGlite */
  databaseUrl: string | undefined;
  /** undefined until resolved by resolveJwtSecret() (generated and stored on first start) */
  jwtSecret: string | undefined;
  /** seconds */
  jwtExpiresIn: number;
  seed: 'demo' | 'none';
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  examDurationSeconds: number;
  examGraceSeconds: number;
  /** how often the expiry sweeper closes overdue attempts (seconds) */
  examSweepSeconds: number;
  contactPhone: string;
  socialUrl: string;
  remoteStudentUrl: string;
  remoteInstituteUrl: string;
  remoteAdminUrl: string;
  /** the repo root: built apps are in WEB_ROOT/{shell,student-app,institute-app,admin-app}/dist */
  webRoot: string;
  /** allowed origins for the API; empty = same-origin only */
  corsOrigins: string[];
  /**
   * proxies (IPs or CIDR ranges) whose X-Forwarded-For is believed for the client's address (sign-in throttling);
   * empty = the client's address is the socket's, whatever the request's headers say
   */
  trustProxy: string[];
  /** requests per minute per client (request-budget.ts); null: no budget (REQUEST_BUDGET=off) */
  requestBudget: RequestBudget | null;
  logLevel: LogLevel;
  /** exam transfer: host or host:port (lower case) the guarded fetch may reach even when loopback/private */
  transferAllowHosts: string[];
  /** exam transfer: time limit of one request to the other deployment (ms) */
  transferTimeoutMs: number;
  /** exam transfer: total bytes one transfer may download */
  transferMaxBytes: number;
  /** worker threads that make media renditions (src/renditions/); 0 = none made (students get the originals) */
  renditionThreads: number;
  /**
   * A directory where finished renditions are kept by the original's bytes and the encoder's code (RENDITION_CACHE_DIR;
   * none by default): another data directory with the same media (the demo data of each test server, a copy of a
   * deployment) takes them from there instead of encoding again
   */
  renditionCacheDir: string | undefined;
}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`Invalid ${name}: ${raw} (expected an integer >= ${min})`);
  return n;
}

function str(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** TRUST_PROXY: comma-separated IPs or CIDR ranges. Not `true` (that would believe any client) nor a hop count (Fastify 5 ignores those). */
function proxies(env: NodeJS.ProcessEnv): string[] {
  const list = (str(env, 'TRUST_PROXY') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    const [ip = '', bits, extra] = entry.split('/');
    const version = isIP(ip);
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!version || !prefixOk || extra !== undefined) {
      throw new Error(`Invalid TRUST_PROXY entry: ${entry} (expected the proxy's IP address or a CIDR range such as 10.0.0.0/8)`);
    }
  }
  return list;
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDirRaw = str(env, 'DATA_DIR') ?? './data';
  const dataDir = dataDirRaw === ':memory:' ? ':memory:' : path.resolve(REPO_ROOT, dataDirRaw);
  const seedRaw = (str(env, 'SEED') ?? 'demo').toLowerCase();
  if (seedRaw !== 'demo' && seedRaw !== 'none') throw new Error(`Invalid SEED: ${seedRaw} (expected demo or none)`);
  const logLevel = (str(env, 'LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`Invalid LOG_LEVEL: ${logLevel}`);
  const databaseUrl = str(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('Invalid DATABASE_URL: expected postgres://user:password@host:port/database');
  }
  return {
    port: int(env, 'PORT', 8080),
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret: str(env, 'JWT_SECRET'),
    jwtExpiresIn: int(env, 'JWT_EXPIRES_IN', 7 * 24 * 3600, 1),
    seed: seedRaw,
    adminEmail: str(env, 'ADMIN_EMAIL'),
    adminPassword: env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD,
    examDurationSeconds: int(env, 'EXAM_DURATION_SECONDS', 3000, 1),
    examGraceSeconds: int(env, 'EXAM_GRACE_SECONDS', 60),
    examSweepSeconds: int(env, 'EXAM_SWEEP_SECONDS', 15, 1),
    contactPhone: str(env, 'CONTACT_PHONE') ?? '9800000000',
    socialUrl: str(env, 'SOCIAL_URL') ?? 'https://www.facebook.com/',
    remoteStudentUrl: str(env, 'REMOTE_STUDENT_URL') ?? '/remotes/student/remoteEntry.js',
    remoteInstituteUrl: str(env, 'REMOTE_INSTITUTE_URL') ?? '/remotes/institute/remoteEntry.js',
    remoteAdminUrl: str(env, 'REMOTE_ADMIN_URL') ?? '/remotes/admin/remoteEntry.js',
    webRoot: path.resolve(REPO_ROOT, str(env, 'WEB_ROOT') ?? '.'),
    corsOrigins: (str(env, 'CORS_ORIGINS') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: proxies(env),
    requestBudget: str(env, 'REQUEST_BUDGET')?.toLowerCase() === 'off' ? null : {
      user: int(env, 'REQUEST_BUDGET_USER', 600, 1),
      address: int(env, 'REQUEST_BUDGET_ADDRESS', 1200, 1),
      files: int(env, 'REQUEST_BUDGET_FILES', 12_000, 1),
    },
    logLevel,
    transferAllowHosts: (str(env, 'TRANSFER_ALLOW_HOSTS') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    transferTimeoutMs: int(env, 'TRANSFER_TIMEOUT_MS', 15_000, 1),
    transferMaxBytes: int(env, 'TRANSFER_MAX_BYTES', 60 * 1024 * 1024, 1),
    // one core is left to the event loop that serves running exams
    renditionThreads: int(env, 'RENDITION_THREADS', Math.min(2, Math.max(1, availableParallelism() - 1))),
    renditionCacheDir: str(env, 'RENDITION_CACHE_DIR') || undefined,
  };
}
