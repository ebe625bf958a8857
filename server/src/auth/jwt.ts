/**
 * JWT HS256 through fast-jwt (the signer and verifier behind @fastify/jwt), used directly: tokens are signed and
 * checked outside a request too (seed, tests, the scale-out processes), and its synchronous API keeps `issueToken`
 * a plain function. Only HS256 is accepted; the payload must carry the claims below.
 */
import { createSigner, createVerifier, TokenError as FastJwtError } from 'fast-jwt';

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

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

// one signer and one verifier per secret (a process has one; tests use a few)
const signers = new Map<string, Signer>();
const verifiers = new Map<string, Verifier>();

export function signToken(
  claims: { sub: string; role: number; tv: number },
  secret: string,
  expiresInSeconds: number,
  now = Math.floor(Date.now() / 1000),
): string {
  let signer = signers.get(secret);
  if (!signer) signers.set(secret, (signer = createSigner({ key: secret, algorithm: 'HS256' })));
  return signer({ sub: claims.sub, role: claims.role, tv: claims.tv, iat: now, exp: now + expiresInSeconds });
}

/** Verifies signature, algorithm and expiry (at `now`, in seconds); throws TokenError. */
export function verifyToken(token: string, secret: string, now = Math.floor(Date.now() / 1000)): TokenPayload {
  let verifier = verifiers.get(secret);
  if (!verifier) verifiers.set(secret, (verifier = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true })));
  let payload: Partial<TokenPayload>;
  try {
    // expiry is checked below against `now` (the verifier would use the wall clock)
    payload = verifier(token) as Partial<TokenPayload>;
  } catch (err) {
    throw new TokenError(false, err instanceof FastJwtError ? err.code : 'invalid token');
  }
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.tv !== 'number' || typeof payload.role !== 'number') {
    throw new TokenError(false, 'missing claims');
  }
  if (payload.exp <= now) throw new TokenError(true, 'expired');
  return payload as TokenPayload;
}
