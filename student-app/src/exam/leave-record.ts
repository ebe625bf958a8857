/**
 * The record of leaving the exam: each time the running exam page is hidden (another tab or app), the window loses
 * the focus, or full screen is left, with its start and length. `LeaveTracker` turns the page's events into records
 * (one record while any of those lasts; it ends when the student is back); `LeaveQueue` keeps them in local storage
 * until the server has stored them (the outbox, ./outbox.ts, as the answers: serialized sends of up to 100, backoff,
 * again when back online). The server ignores a record it already has (same id), so a resend is harmless.
 */
import type { LeaveRecord } from 'shared-api';
import { Outbox } from './outbox';
import { retryableError } from './retry';

export type LeaveKind = LeaveRecord['kind'];
/** Which cause names a record when several overlap (a tab switch also blurs the window). */
const RANK: Record<LeaveKind, number> = { fullscreen: 0, blur: 1, hidden: 2 };
/** records per request at most (the server takes 100) */
const BATCH = 100;

export const leaveStorageKey = (attemptId: string) => `examLeaves:${attemptId}`;
export const openLeaveKey = (attemptId: string) => `examLeaveOpen:${attemptId}`;

/** An id unique enough per attempt (crypto.randomUUID needs a secure context; a LAN address is not one). */
export const leaveId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

interface Open { id: string; kind: LeaveKind; at: number }

/**
 * The causes of being away, and the open record. `away(kind, at)` when a cause starts, `back(kind, at)` when it ends;
 * the record is finished (and handed to `onRecord`) when no cause is left. The open record is kept in storage, so a
 * page closed while away is finished when the exam is opened again (`resume`).
 */
export class LeaveTracker {
  private causes = new Set<LeaveKind>();
  private open: Open | null = null;

  constructor(
    private readonly attemptId: string,
    private readonly onRecord: (r: LeaveRecord) => void,
    private readonly storage: Storage | undefined = globalThis.localStorage,
  ) {}

  /** A record left open by an earlier visit of the page (closed or reloaded while away): finished at `at`. */
  resume(at: number) {
    try {
      const raw = this.storage?.getItem(openLeaveKey(this.attemptId));
      const o = raw ? (JSON.parse(raw) as Partial<Open>) : null;
      if (o && typeof o.id === 'string' && typeof o.at === 'number' && o.kind && o.kind in RANK) {
        this.onRecord({ id: o.id, kind: o.kind, startedAt: new Date(o.at).toISOString(), durationMs: Math.max(0, Math.round(at - o.at)) });
      }
      this.storage?.removeItem(openLeaveKey(this.attemptId));
    } catch {
      /* unreadable: nothing to finish */
    }
  }

  get away(): boolean {
    return this.open !== null;
  }

  leave(kind: LeaveKind, at: number) {
    this.causes.add(kind);
    if (!this.open) this.open = { id: leaveId(), kind, at };
    else if (RANK[kind] > RANK[this.open.kind]) this.open = { ...this.open, kind };
    this.persist();
  }

  back(kind: LeaveKind, at: number) {
    this.causes.delete(kind);
    if (this.causes.size === 0) this.finish(at);
  }

  /** The exam ends (or the page goes): whatever is open is finished now. */
  finish(at: number) {
    this.causes.clear();
    const o = this.open;
    if (!o) return;
    this.open = null;
    this.persist();
    this.onRecord({ id: o.id, kind: o.kind, startedAt: new Date(o.at).toISOString(), durationMs: Math.max(0, Math.round(at - o.at)) });
  }

  private persist() {
    try {
      if (this.open) this.storage?.setItem(openLeaveKey(this.attemptId), JSON.stringify(this.open));
      else this.storage?.removeItem(openLeaveKey(this.attemptId));
    } catch {
      /* storage full: the record is still in memory */
    }
  }
}

export type LeaveSender = (leaves: LeaveRecord[]) => Promise<unknown>;

/** What the key holds: the records, each checked. */
const decodeLeaves = (v: unknown): LeaveRecord[] =>
  Array.isArray(v) ? (v as LeaveRecord[]).filter((r) => r && typeof r.id === 'string' && typeof r.startedAt === 'string') : [];

export class LeaveQueue {
  private readonly outbox: Outbox<LeaveRecord>;

  constructor(opts: {
    attemptId: string;
    send: LeaveSender;
    storage?: Storage;
    isOnline?: () => boolean;
    baseDelayMs?: number;
    maxDelayMs?: number;
  }) {
    const { attemptId, send, ...rest } = opts;
    this.outbox = new Outbox<LeaveRecord>({
      ...rest,
      key: leaveStorageKey(attemptId),
      batch: BATCH,
      decode: decodeLeaves,
      identity: (r) => r.id,
      send,
      // a refusal that sending again cannot change (malformed, not the student's, time over) drops the records
      retryable: retryableError,
    });
  }

  get size(): number {
    return this.outbox.items.length;
  }

  add(record: LeaveRecord): Promise<boolean> {
    this.outbox.update((pending) => (pending.some((p) => p.id === record.id) ? pending : [...pending, record]));
    return this.flush();
  }

  /** Sends everything pending; resolves true when nothing is left. Concurrent calls share one run. */
  flush(): Promise<boolean> {
    return this.outbox.flush();
  }

  online() {
    this.outbox.online();
  }

  dispose() {
    this.outbox.dispose();
  }
}
