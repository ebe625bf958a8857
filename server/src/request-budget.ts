/**
 * The per-client request budget (@fastify/rate-limit, in this process's memory): one client's flood is answered with
 * 429 `{ error }` and a Retry-After before it reaches a handler or the database, so it cannot slow another student's
 * exam. Budgets per minute, by what is asked and who asks:
 * - the API with a session token whose signature verifies (no database read): per user, `budget.user`; a student's
 *   exam sends a few requests a minute (answers and plays are batched by the page's outbox), a back office's CSV export
 *   pages through thousands of rows in tens;
 * - the API without one (sign-in, health): per address (client-address.ts), `budget.address`; a classroom behind one
 *   NAT signs in through one address;
 * - files (the web apps, /media): per address, `budget.files`; that classroom downloads every exam's audio and pictures
 *   at once (the page's download retries a 429 after its backoff).
 * A minute's budget is spent no faster than in SPREAD_SECONDS (below). A refusal is sent REFUSAL_DELAY_MS late: a client that loops on its refusals sends one request a second per loop
 * instead of as many as the server can refuse (300 loops were refused about 3,000 times a second, taking CPU that
 * other students' autosaves needed; with the delay, 600 refusals in the bench's flood round instead of 59,000).
 * Behind several API processes each keeps its own counts: nginx's limit_req in front (docs/deploy.md) is the
 * deployment's shared limit. REQUEST_BUDGET=off turns it off (a proxy that limits by itself).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.ts';
import { bearer, verifyToken } from './auth/index.ts';
import { clientAddress } from './client-address.ts';
import { HttpError } from './errors.ts';

export interface RequestBudget {
  user: number;
  address: number;
  files: number;
}

export const BUDGET_WINDOW_MS = 60_000;
/** How long a 429 waits before it is sent (a timer: no work meanwhile). */
export const REFUSAL_DELAY_MS = 1000;

/** The bucket a request counts in: `user:<id>`, `address:<addr>` or `files:<addr>`. */
export function budgetKey(request: FastifyRequest, secret: string): string {
  const url = request.url;
  if (!url.startsWith('/api/')) return `files:${clientAddress(request.ip)}`;
  const token = bearer(request);
  if (token) {
    try {
      return `user:${verifyToken(token, secret).sub}`;
    } catch {
      /* not a session token of this deployment: counted by address */
    }
  }
  return `address:${clientAddress(request.ip)}`;
}

/**
 * A minute's budget may not be spent faster than in SPREAD_SECONDS: per second, a tenth of it (never under
 * MIN_PER_SECOND, so a small budget is a minute's count only). 300 loops spent a whole minute's 12,000 files in 4 s,
 * the seconds other students' autosaves needed.
 */
export const SPREAD_SECONDS = 10;
const MIN_PER_SECOND = 50;
export const perSecond = (perMinute: number) => Math.max(MIN_PER_SECOND, Math.ceil(perMinute / SPREAD_SECONDS));

export async function registerRequestBudget(app: FastifyInstance, config: Config): Promise<void> {
  const budget = config.requestBudget;
  if (!budget) return;
  const secret = config.jwtSecret!;
  // the key is read once per request (it may verify a token's signature), for both counts
  const keys = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest) => {
    let key = keys.get(request);
    if (key === undefined) keys.set(request, (key = budgetKey(request, secret)));
    return key;
  };
  const perMinute = (key: string) => (key.startsWith('user:') ? budget.user : key.startsWith('files:') ? budget.files : budget.address);
  const refusal = (ttlMs: number) => new HttpError(429, `Too many requests. Please wait ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds and try again.`);
  await app.register(rateLimit, {
    // one hook for the whole server, the first after the address is read (app.ts): before the API's token check and
    // its database read, so a flood with a valid token costs no more than one without
    global: false,
    timeWindow: BUDGET_WINDOW_MS,
    // one bucket per user and per address: room for a large deployment's clients, least recently seen out first
    cache: 100_000,
    keyGenerator: keyOf,
    max: (_request, key) => perMinute(key),
    errorResponseBuilder: (_request, context) => refusal(context.ttl),
  });
  app.addHook('onRequest', app.rateLimit());
  const secondCount = app.createRateLimit({ timeWindow: 1000, keyGenerator: keyOf, max: (_request, key) => perSecond(perMinute(key)) });
  app.addHook('onRequest', async (request) => {
    const count = await secondCount(request);
    if (!count.isAllowed && count.isExceeded) throw refusal(count.ttl);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
    return payload;
  });
}
