/**
 * Back-office reads that grow with the data (paged lists, reports, the question summary) take turns, so that however
 * many institutes and admins load them at once, the exam's own requests (autosaves, submissions, group-commit batches)
 * never wait behind more than a few of them. A route opts in with `config: { heavyRead: true }`; its handler then runs
 * under a p-limit limiter: one at a time on PGlite (one connection, in this process: a query runs on the event loop),
 * a fifth of the pool on PostgreSQL. The queue is bounded: past READ_QUEUE_MAX waiting reads the caller gets a 503
 * with Retry-After instead of a reply minutes later.
 */
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { LimitFunction } from 'p-limit';
import type { Database } from './db/index.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the handler runs under the back-office read limiter (./read-limit.ts) */
    heavyRead?: boolean;
  }
}

export const READ_QUEUE_MAX = 500;
export const READ_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** How many heavy reads run at once on this database: one on PGlite, a fifth of the opened pool on PostgreSQL. */
export function readConcurrency(database: Database): number {
  return database.raw.kind === 'pglite' ? 1 : Math.max(1, Math.floor((database.raw.pool.options.max ?? 10) / 5));
}

/** A read waits for this long a lull in the exam's writes (no autosave or submission batch queued or running)... */
export const WRITES_QUIET_MS = 10;
/** ...but never longer than this, so that the back office goes on (slowly) through a long stream of autosaves. */
export const WRITES_WAIT_MAX_MS = 500;

/**
 * Wraps every route registered after this call whose config says heavyRead (Fastify's onRoute hook).
 * `writesQuietFor`: milliseconds since the exam's write batchers last had work; each read then starts only after
 * WRITES_QUIET_MS of quiet, or WRITES_WAIT_MAX_MS of waiting, so the students' autosaves and submissions go first and a
 * submission burst is not cut up by reads: on PGlite a read holds the thread the writes need, on PostgreSQL it takes
 * pooled connections and the machine's cores (without it the bench's mixed round gave autosave p99 939 ms on two
 * cores, with it 103 ms).
 */
export function limitHeavyReads(app: FastifyInstance, limit: LimitFunction, writesQuietFor?: () => number): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!(route.config as { heavyRead?: boolean } | undefined)?.heavyRead) return;
    const handler = route.handler;
    route.handler = async function limited(request, reply) {
      if (limit.pendingCount >= READ_QUEUE_MAX) {
        void reply.header('retry-after', '5');
        throw new HttpError(503, READ_BUSY_MESSAGE);
      }
      return limit(async () => {
        // One turn of the event loop before each read: on PGlite a query never waits for I/O (it runs in this thread
        // and resolves in microtasks), so without this the reads queued here would run back to back in one turn and
        // no other request would be read, accepted or written to the database until the queue is empty.
        await setImmediate();
        if (writesQuietFor) {
          const until = performance.now() + WRITES_WAIT_MAX_MS;
          for (let quiet = writesQuietFor(); quiet < WRITES_QUIET_MS && performance.now() < until; quiet = writesQuietFor()) {
            await sleep(WRITES_QUIET_MS - quiet);
          }
        }
        return handler.call(this, request, reply);
      });
    };
  });
}
