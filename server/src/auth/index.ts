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
import { eq } from 'drizzle-orm';
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
 * onRequest/preHandler hook: verifies the bearer token and loads the user (must exist, not deleted,
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
  const [row] = await request.server.db.select().from(users).where(eq(users.id, payload.sub)).limit(1);
  if (!row || row.deletedAt || row.status !== 1 || row.tokenVersion !== payload.tv) {
    throw new HttpError(401, 'Unauthorized');
  }
  const { passwordHash: _omit, ...user } = row;
  request.user = user;
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
