/**
 * The record of leaving the exam: each time the student's exam page was hidden, lost the focus or left full screen,
 * with its start and length, sent by the exam page like its answers (a queue on the device; the device's id of each
 * record makes a resend harmless). Kept with the attempt for institutes and admins to see, as information only: it
 * never changes a score, and no student endpoint carries it.
 */
import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { attemptLeaves, attempts } from '../db/schema.ts';
import type { Config } from '../config.ts';
import { httpError } from '../errors.ts';
import { LEAVES_MAX } from 'shared-api/constants';
import type { LeaveRecord, LeaveSummary } from 'shared-api/types';

type Clock = Pick<Config, 'examGraceSeconds'>;

export const LEAVE_KINDS = ['hidden', 'blur', 'fullscreen'] as const;
/** records in one request at most */
export const LEAVES_PER_REQUEST = 100;
/** a single record's length at most (longer than any attempt can run; the window clamps it anyway) */
export const LEAVE_MAX_MS = 24 * 3600 * 1000;

/** The request body's JSON schema (Fastify): anything else is a 400 before the attempt is read. */
export const leavesBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['leaves'],
  properties: {
    leaves: {
      type: 'array',
      maxItems: LEAVES_PER_REQUEST,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind', 'startedAt', 'durationMs'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          kind: { type: 'string', enum: [...LEAVE_KINDS] },
          startedAt: { type: 'string', maxLength: 40 },
          durationMs: { type: 'integer', minimum: 0, maximum: LEAVE_MAX_MS },
        },
      },
    },
  },
} as const;

/**
 * Stores records of leaving a running attempt of the student (404 for anyone else's), until its deadline + grace
 * (then 409). Each is clamped to the attempt's window (its start to its end: submission, deadline or now); records
 * already stored (same id) are left as they are; past LEAVES_MAX per attempt the rest are ignored.
 */
export async function recordLeaves(db: Db, clock: Clock, studentId: string, attemptId: string, items: LeaveRecord[], now = new Date()) {
  const parsed = items.map((i) => ({ ...i, at: Date.parse(i.startedAt) }));
  if (parsed.some((p) => !Number.isFinite(p.at))) throw httpError(400, 'Invalid startedAt');
  return db.transaction(async (tx) => {
    // locked: two requests of one attempt cannot both take the last free places
    const [a] = await tx.select().from(attempts).where(and(eq(attempts.id, attemptId), eq(attempts.userId, studentId))).limit(1).for('update');
    if (!a) throw httpError(404, 'Attempt Not Found');
    if (now.getTime() > a.deadlineAt.getTime() + clock.examGraceSeconds * 1000) throw httpError(409, 'Exam time is over');
    const from = a.startedAt.getTime();
    const to = Math.max(from, Math.min(a.deadlineAt.getTime(), a.submittedAt?.getTime() ?? Infinity, now.getTime()));
    const byId = new Map(parsed.map((p) => [p.id, p]));
    const known = byId.size
      ? new Set((await tx.select({ id: attemptLeaves.clientId }).from(attemptLeaves)
        .where(and(eq(attemptLeaves.attemptId, a.id), inArray(attemptLeaves.clientId, [...byId.keys()])))).map((r) => r.id))
      : new Set<string>();
    const [stored] = await tx.select({ n: count() }).from(attemptLeaves).where(eq(attemptLeaves.attemptId, a.id));
    const room = Math.max(0, LEAVES_MAX - Number(stored?.n ?? 0));
    const fresh = [...byId.values()].filter((p) => !known.has(p.id));
    const rows = fresh.slice(0, room).map((p) => {
      const start = Math.min(Math.max(p.at, from), to);
      const end = Math.min(Math.max(p.at + p.durationMs, start), to);
      return { attemptId: a.id, clientId: p.id, kind: p.kind, startedAt: new Date(start), durationMs: end - start };
    });
    if (rows.length) await tx.insert(attemptLeaves).values(rows).onConflictDoNothing();
    return { stored: rows.length, ignored: fresh.length - rows.length };
  });
}

/** SQL of an attempt's records of leaving: how many, and how long in all (ms). */
export const leaveCountSql = (attemptId: AnyColumn | SQL) =>
  sql<number>`(select count(*) from attempt_leaves l where l.attempt_id = ${attemptId})`.mapWith(Number);
export const leaveMsSql = (attemptId: AnyColumn | SQL) =>
  sql<number>`(select coalesce(sum(l.duration_ms), 0) from attempt_leaves l where l.attempt_id = ${attemptId})`.mapWith(Number);
/** The condition "the attempt has records of leaving" (the results lists' filter). */
export const hasLeavesSql = (attemptId: AnyColumn | SQL) =>
  sql`exists (select 1 from attempt_leaves l where l.attempt_id = ${attemptId})`;

/** The summary of one attempt's records. */
export async function leaveSummary(db: Db, attemptId: string): Promise<LeaveSummary> {
  const [row] = await db.select({ count: count(), ms: sql<number>`coalesce(sum(${attemptLeaves.durationMs}), 0)`.mapWith(Number) })
    .from(attemptLeaves).where(eq(attemptLeaves.attemptId, attemptId));
  return { count: Number(row?.count ?? 0), ms: Number(row?.ms ?? 0) };
}
