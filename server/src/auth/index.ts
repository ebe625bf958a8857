/**
 * Authentication hooks.
 *
 * In a route group (a plugin registered under /api):
 *   app.addHook('onRequest', authenticate);          // every route of the group needs a valid token
 *   app.addHook('preValidation', requireRole(ROLES.admin, ROLES.institute));
 *   app.get('/x/:userId', { preValidation: requireSelf('userId') }, handler);
 * Both run at preValidation, before the body is validated: a refused caller gets 403 whatever it sent.
 * `request.user` is then the signed-in user (see AuthUser).
 */
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler, onRequestAsyncHookHandler } from 'fastify';
import { getTableColumns, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/index.ts';
import { Batcher, batchLogger } from '../batcher.ts';
import { users, type User } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { signToken, TokenError, verifyToken } from './jwt.ts';

export const ROLES = { student: 0, institute: 1, admin: 2 } as const;

/** The signed-in user as stored (camelCase row), without the password hash. */
export type AuthUser = Omit<User, 'passwordHash'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** set by `authenticate`; only meaningful on protected routes */
    user: AuthUser;
  }
}

export function issueToken(
  user: Pick<User, 'id' | 'role' | 'tokenVersion'>,
  secret: string,
  expiresInSeconds: number,
): string {
  return signToken({ sub: user.id, role: user.role, tv: user.tokenVersion }, secret, expiresInSeconds);
}

/** The session token a request carries (`Authorization: Bearer <token>`), if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

/**
 * The users of all requests waiting at one moment are read together: at the end of an exam hundreds of requests arrive
 * at once, and one lookup each was the largest cost on PGlite's single connection. Rows already read are kept (per
 * database handle) with the value of `auth_generation` they were read with: every statement that changes users bumps
 * that counter in its own transaction (a trigger), so a batch first reads the counter (one tiny query, after
 * every request of the batch arrived) and uses the kept rows only while it is unchanged; otherwise, and for users not
 * kept, it reads the rows and the counter in one statement (one snapshot). Revocation stays exact: a password change,
 * a deletion or a disabling committed before the batch's read is seen, from any process.
 */
const userLoaders = new WeakMap<Db, Batcher<string, AuthUser | undefined>>();

/** Every column but the password hash (never needed here: not read, not transferred, not parsed). */
const { passwordHash: _hash, ...columns } = getTableColumns(users);
export const authColumns = columns;
const authColumnList = Object.entries(authColumns);

/**
 * The users of these ids and the value of auth_generation, read in one statement, the users as
 * `db.select(authColumns)` returns them (same properties, same values: each column's own driver mapping, e.g.
 * timestamps to Date), but read as ONE JSON text per row: PGlite decodes every field of a result separately (a copy and
 * a TextDecoder call each), which for 500 users of 18 columns cost twice as much as parsing 500 JSON texts.
 */
export async function readAuthUsersAt(db: Db, ids: string[]): Promise<{ generation: string; users: AuthUser[] }> {
  const rows = await queryRows<{ g: string; j: string | Record<string, unknown> | null }>(db, sql`
    select g.value::text as g, x.j
      from auth_generation g
      left join lateral (
        select row_to_json(u)::text as j
          from (select ${sql.join(authColumnList.map(([, c]) => sql.identifier(c.name)), sql`, `)} from ${users}
                 where ${users.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))) u
      ) x on true
     where g.id = 1`);
  const generation = rows[0]?.g;
  if (generation === undefined) throw new Error('auth_generation has no row (migration 0001_hand_written)');
  const list: AuthUser[] = [];
  for (const r of rows) {
    if (r.j === null) continue;
    const o = (typeof r.j === 'string' ? JSON.parse(r.j) : r.j) as Record<string, unknown>;
    const user: Record<string, unknown> = {};
    for (const [key, col] of authColumnList) {
      const v = o[col.name];
      user[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    list.push(user as AuthUser);
  }
  return { generation, users: list };
}

/** The users of these ids (see readAuthUsersAt), without the counter. */
export async function readAuthUsers(db: Db, ids: string[]): Promise<AuthUser[]> {
  if (ids.length === 0) return [];
  return (await readAuthUsersAt(db, ids)).users;
}

/** The rows kept by one database handle's loader, with the auth_generation value they were read with. */
export interface AuthUserCache { generation: string | undefined; rows: Map<string, AuthUser> }

/** Most rows kept per database handle (~1 kB each); past it the cache starts again empty. */
export const AUTH_CACHE_MAX = 20_000;

/**
 * The users of these ids: the kept rows while auth_generation is unchanged, the others read (with the counter) and
 * kept. A user that does not exist is absent from the map (and not kept).
 */
export async function cachedAuthUsers(db: Db, cache: AuthUserCache, ids: string[]): Promise<Map<string, AuthUser>> {
  if (cache.generation !== undefined && cache.rows.size > 0) {
    const [row] = await queryRows<{ value: string }>(db, sql`select value::text as value from auth_generation where id = 1`);
    if (row?.value !== cache.generation) {
      cache.rows.clear();
      cache.generation = undefined;
    }
  }
  const out = new Map<string, AuthUser>();
  const missing: string[] = [];
  for (const id of ids) {
    const u = cache.rows.get(id);
    if (u) out.set(id, u);
    else missing.push(id);
  }
  if (missing.length) {
    const { generation, users: rows } = await readAuthUsersAt(db, missing);
    // users changed since the kept rows were read: they go; the rows just read are current as of `generation`
    if (generation !== cache.generation) {
      cache.rows.clear();
      cache.generation = generation;
    }
    if (cache.rows.size + rows.length > AUTH_CACHE_MAX) cache.rows.clear();
    for (const u of rows) {
      out.set(u.id, u);
      cache.rows.set(u.id, u);
    }
  }
  return out;
}

function userLoader(db: Db, kind: 'pglite' | 'postgres'): Batcher<string, AuthUser | undefined> {
  let loader = userLoaders.get(db);
  if (!loader) {
    const cache: AuthUserCache = { generation: undefined, rows: new Map() };
    loader = new Batcher<string, AuthUser | undefined>(async (ids) => {
      const byId = await cachedAuthUsers(db, cache, [...new Set(ids)]);
      return ids.map((id) => ({ ok: true, value: byId.get(id) }));
    }, { maxBatch: 500, concurrency: kind === 'pglite' ? 1 : 3, onBatch: batchLogger('users') });
    userLoaders.set(db, loader);
  }
  return loader;
}

/**
 * onRequest hook: verifies the bearer token and loads the user (must exist, not deleted,
 * status 1, token_version equal to the token's tv). 401 {error:'Unauthorized'} or {error:'Token Expired'}.
 */
export const authenticate: onRequestAsyncHookHandler = async function authenticate(request: FastifyRequest) {
  const token = bearer(request);
  if (!token) throw new HttpError(401, 'Unauthorized');
  const secret = request.server.config.jwtSecret;
  if (!secret) throw new Error('JWT secret not resolved');
  let payload;
  try {
    payload = verifyToken(token, secret);
  } catch (err) {
    if (err instanceof TokenError && err.expired) throw new HttpError(401, 'Token Expired');
    throw new HttpError(401, 'Unauthorized');
  }
  const row = await userLoader(request.server.db, request.server.database.kind).add(payload.sub);
  if (!row || row.deletedAt || row.status !== 1 || row.tokenVersion !== payload.tv) {
    throw new HttpError(401, 'Unauthorized');
  }
  request.user = { ...row }; // its own object: requests of one user in a batch share the row
};

/** preValidation hook: the signed-in user's role must be one of `roles`, else 403 {error:'Forbidden'}. */
export function requireRole(...roles: number[]): preValidationAsyncHookHandler {
  return async function roleCheck(request: FastifyRequest, _reply: FastifyReply) {
    if (!request.user || !roles.includes(request.user.role)) throw new HttpError(403, 'Forbidden');
  };
}

/**
 * preValidation hook: the path parameter `paramName` (the acting user's id that ends most paths)
 * must equal the signed-in user's id, else 403 {error:'Forbidden'}.
 */
export function requireSelf(paramName = 'userId'): preValidationAsyncHookHandler {
  return async function selfCheck(request: FastifyRequest, _reply: FastifyReply) {
    const params = request.params as Record<string, string | undefined> | undefined;
    if (!request.user || !params || params[paramName] !== request.user.id) throw new HttpError(403, 'Forbidden');
  };
}

export { hashPassword, verifyPassword } from './password.ts';
export { signToken, verifyToken, TokenError } from './jwt.ts';
