/** JWT HS256 with node:crypto (no dependency). */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenPayload {
  /** user id */
  sub: string;
  role: number;
  /** users.token_version at signing */
  tv: number;
  iat: number;
  exp: number;
}

export class TokenError extends Error {
  constructor(public readonly expired: boolean, message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signToken(
  claims: { sub: string; role: number; tv: number },
  secret: string,
  expiresInSeconds: number,
  now = Math.floor(Date.now() / 1000),
): string {
  const payload: TokenPayload = { sub: claims.sub, role: claims.role, tv: claims.tv, iat: now, exp: now + expiresInSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/** Verifies signature, algorithm and expiry; throws TokenError. */
export function verifyToken(token: string, secret: string, now = Math.floor(Date.now() / 1000)): TokenPayload {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError(false, 'malformed token');
  const [h, p, s] = parts as [string, string, string];
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError(false, 'malformed header');
  }
  if (!header || typeof header !== 'object' || (header as { alg?: unknown }).alg !== 'HS256') {
    throw new TokenError(false, 'unsupported algorithm');
  }
  const expected = sign(`${h}.${p}`, secret);
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenError(false, 'bad signature');
  let payload: Partial<TokenPayload>;
  try {
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Partial<TokenPayload>;
  } catch {
    throw new TokenError(false, 'malformed payload');
  }
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.tv !== 'number' || typeof payload.role !== 'number') {
    throw new TokenError(false, 'missing claims');
  }
  if (payload.exp <= now) throw new TokenError(true, 'expired');
  return payload as TokenPayload;
}
