/**
 * Device tokens (OWASP's "device cookies" for slowing password guessing, kept in the browser's storage as the session
 * is): a browser that has signed in to an account gets a signed token naming that account; presented with a later
 * sign-in to the same account it makes the attempt a trusted device's, which the address's lock does not refuse. A
 * classroom behind one NAT address can then lock that address with mistyped passwords (throttle.ts) without locking
 * out the students whose phones have signed in before. A trusted device's own failures lock that device
 * (throttle.ts: the device key), so a stolen token buys an attacker no more guesses than an address does.
 *
 * Signed with a key derived from the JWT secret, never the secret itself: a device token can never pass as a session
 * token (the session verifier would not accept its signature), nor the other way round.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/** How long a device stays trusted without signing in again. */
export const DEVICE_TOKEN_SECONDS = 365 * 24 * 3600;

export interface DeviceClaims {
  /** the account's email, lower case (the sign-in names the account by email) */
  em: string;
  /** this device's id: the throttle's key for its failures */
  dev: string;
}

const keys = new Map<string, { sign: (p: Record<string, unknown>) => string; verify: (t: string) => Record<string, unknown> }>();

function keyed(secret: string) {
  let k = keys.get(secret);
  if (!k) {
    const key = createHmac('sha256', secret).update('eps device token v1').digest('hex');
    k = { sign: createSigner({ key, algorithm: 'HS256' }), verify: createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true }) };
    keys.set(secret, k);
  }
  return k;
}

/** The account a typed email names, as the throttle and the device tokens key it (sign-in matches emails case-blind). */
export const accountOf = (email: string) => email.trim().toLowerCase();

export function issueDeviceToken(email: string, secret: string, now = Math.floor(Date.now() / 1000)): string {
  return keyed(secret).sign({ em: accountOf(email), dev: randomBytes(16).toString('base64url'), iat: now, exp: now + DEVICE_TOKEN_SECONDS });
}

/**
 * The device of a sign-in to `email`, or null: no token, a token that does not verify (forged, another deployment's,
 * expired, malformed) or one issued for another account. Never throws: an unusable token only means an untrusted
 * device.
 */
export function trustedDevice(token: string | undefined, email: string, secret: string, now = Math.floor(Date.now() / 1000)): string | null {
  if (!token) return null;
  let claims: Record<string, unknown>;
  try {
    claims = keyed(secret).verify(token);
  } catch {
    return null;
  }
  const { em, dev, exp } = claims as Partial<DeviceClaims> & { exp?: unknown };
  if (typeof em !== 'string' || typeof dev !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(dev) || typeof exp !== 'number' || exp <= now) return null;
  return em === accountOf(email) ? dev : null;
}
