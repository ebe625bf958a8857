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

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

/**
 * The users of all requests waiting at one moment are read with one `SELECT ... WHERE id IN (...)`: at the end of an
 * exam hundreds of requests arrive at once, and one lookup each was the largest cost on PGlite's single connection.
 * Every request is still checked against a read that started after it arrived, so revocation stays exact.
 */
const userLoaders = new WeakMap<Db, Batcher<string, AuthUser | undefined>>();

/** Every column but the password hash (never needed here: not read, not transferred, not parsed). */
const { passwordHash: _hash, ...columns } = getTableColumns(users);
export const authColumns = columns;
const authColumnList = Object.entries(authColumns);

/**
 * The users of these ids, as `db.select(authColumns)` returns them (same properties, same values: each column's own
 * driver mapping, e.g. timestamps to Date), but read as ONE JSON text per row: PGlite decodes every field of a result
 * separately (a copy and a TextDecoder call each), which for 500 users of 18 columns cost twice as much as parsing
 * 500 JSON texts.
 */
export async function readAuthUsers(db: Db, ids: string[]): Promise<AuthUser[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ j: string | Record<string, unknown> }>(db, sql`
    select row_to_json(u)::text as j
      from (select ${sql.join(authColumnList.map(([, c]) => sql.identifier(c.name)), sql`, `)} from ${users} where ${users.id} in ${ids}) u`);
  return rows.map((r) => {
    const o = (typeof r.j === 'string' ? JSON.parse(r.j) : r.j) as Record<string, unknown>;
    const user: Record<string, unknown> = {};
    for (const [key, col] of authColumnList) {
      const v = o[col.name];
      user[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    return user as AuthUser;
  });
}

function userLoader(db: Db, kind: 'pglite' | 'postgres'): Batcher<string, AuthUser | undefined> {
  let loader = userLoaders.get(db);
  if (!loader) {
    loader = new Batcher<string, AuthUser | undefined>(async (ids) => {
      const rows = await readAuthUsers(db, [...new Set(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
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
