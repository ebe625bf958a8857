/**
 * The durable retrying sender of the exam page, shared by its four queues (answers: ./answer-queue.ts, listening
 * plays: ./play-queue.ts, records of leaving: ./leave-record.ts, the submission: ./submission-queue.ts). What waits
 * is kept in local storage under the queue's key, so a reload, a crash or a dropped connection loses nothing; it is
 * sent one request at a time (each carrying up to `batch` of the oldest items; items added meanwhile go in the next
 * request), retried with exponential backoff while the server cannot be reached or is failing, left waiting while the
 * browser says it is offline, and sent again at once by `online()` (the page calls it on the browser's 'online'
 * event). Each queue says how its items are stored, which failures are final (the batch is dropped: sending it again
 * cannot change the answer) and what the server's answer means, through the hooks.
 */

import { backoffDelay, browserOnline } from './retry';

export interface OutboxOptions<T, R> {
  /** the local storage key of what waits */
  key: string;
  /** the items in what the key holds, checked (anything unreadable: nothing waits) */
  decode: (stored: unknown) => T[];
  /** what the key holds for these items (default: the array itself) */
  encode?: (items: readonly T[]) => unknown;
  /** an item's identity: an answer of the server to a batch removes every waiting item with the identity of one sent */
  identity: (item: T) => string;
  /** items per request at most (default: all that wait) */
  batch?: number;
  /** sends a batch; rejects on failure (with `{ status }`, 0 when the server was not reached) */
  send: (batch: T[]) => Promise<R>;
  /** a failure worth sending again, later (default: every failure); any other drops the batch */
  retryable?: (error: unknown) => boolean;
  /** local storage by default */
  storage?: Storage;
  /** navigator.onLine by default */
  isOnline?: () => boolean;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** a batch goes out */
  onSending?: () => void;
  /** the server has the batch (already removed from what waits) */
  onSent?: (batch: T[], answer: R) => void;
  /** the server refused the batch for good (already removed from what waits) */
  onRefused?: (batch: T[], error: unknown) => void;
  /** a failure: the batch is sent again after the backoff (or when back online) */
  onFailed?: (error: unknown) => void;
  /** the browser says it is offline: the batch waits for `online()` */
  onOffline?: () => void;
  /** written with the items (in the same write: skipped when they are) */
  onSave?: () => void;
  /** a batch is done with (sent or refused) and what waits is stored */
  onSettled?: () => void;
  /** a run of sends has ended */
  onIdle?: () => void;
}

/** How a run of sends ended: nothing left, offline, disposed, or a retry scheduled. */
type End = 'empty' | 'offline' | 'disposed' | 'retry';

export class Outbox<T, R = unknown> {
  private pending: readonly T[];
  private running: Promise<boolean> | null = null;
  /** a run is under way (from its first, synchronous step: `running` is set only after it) */
  private active = false;
  /** flush() was called while a run was under way: run again when it ends (the browser may be back online) */
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly storage: Storage | undefined;
  private readonly isOnline: () => boolean;

  constructor(private readonly opts: OutboxOptions<T, R>) {
    this.storage = opts.storage ?? globalThis.localStorage;
    this.isOnline = opts.isOnline ?? browserOnline;
    this.pending = this.load();
  }

  /** What waits, oldest first. */
  get items(): readonly T[] {
    return this.pending;
  }

  /** A run of sends is under way. */
  get busy(): boolean {
    return this.active;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Changes what waits and stores it at once (not sent yet: `flush()`). */
  update(change: (items: readonly T[]) => readonly T[]) {
    this.pending = change(this.pending);
    this.save();
  }

  /** Sends everything that waits; resolves true when nothing is left. Concurrent calls share one run. */
  flush(): Promise<boolean> {
    if (this.disposed) return Promise.resolve(this.pending.length === 0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearRetry();
    this.active = true;
    this.running = this.settle(this.loop());
    return this.running;
  }

  /** The browser came back online: send at once, with a fresh backoff. */
  online() {
    this.failures = 0;
    void this.flush();
  }

  /** Forgets what waits, in storage too (a send on its way still ends). */
  clear() {
    this.pending = [];
    this.clearRetry();
    try {
      this.storage?.removeItem(this.opts.key);
    } catch {
      /* ignore */
    }
  }

  dispose() {
    this.disposed = true;
    this.clearRetry();
  }

  /** Stores what waits (the key is removed when nothing does). */
  save() {
    // disposed: the key is the next page's queue's now (it read what waits and writes it); a late answer to a send of
    // this one must not write back what this one held (a choice made meanwhile on the new page would be lost)
    if (this.disposed) return;
    try {
      if (this.pending.length) this.storage?.setItem(this.opts.key, JSON.stringify(this.opts.encode ? this.opts.encode(this.pending) : this.pending));
      else this.storage?.removeItem(this.opts.key);
      this.opts.onSave?.();
    } catch {
      /* storage full: what waits is still in memory and being sent */
    }
  }

  /**
   * A run of sends has ended: again when flush() was called meanwhile (unless a retry is scheduled), else idle. (No
   * await between the last send's end and `running` set back to null: a retry timer due at once finds the run over.)
   */
  private settle(run: Promise<End>): Promise<boolean> {
    return run.then(
      (end) => {
        if (this.again && end !== 'retry' && !this.disposed) {
          this.again = false;
          return this.settle(this.loop());
        }
        this.idle();
        return end === 'empty';
      },
      (e: unknown) => {
        this.idle();
        throw e;
      },
    );
  }

  private idle() {
    this.again = false;
    this.running = null;
    this.active = false;
    this.opts.onIdle?.();
  }

  /** Sends until nothing waits, the browser is offline (`online()` sends again), or a retry is scheduled. */
  private async loop(): Promise<End> {
    while (this.pending.length > 0) {
      if (this.disposed) return 'disposed';
      if (!this.isOnline()) {
        this.opts.onOffline?.();
        return 'offline';
      }
      const batch = this.pending.slice(0, this.opts.batch ?? this.pending.length);
      this.opts.onSending?.();
      try {
        const answer = await this.opts.send(batch);
        this.remove(batch);
        this.opts.onSent?.(batch, answer);
      } catch (e) {
        if (this.opts.retryable?.(e) ?? true) {
          this.failures += 1;
          this.scheduleRetry();
          this.opts.onFailed?.(e);
          return 'retry';
        }
        this.remove(batch);
        this.opts.onRefused?.(batch, e);
      }
      this.save();
      this.opts.onSettled?.();
    }
    return 'empty';
  }

  /** The server answered for the batch (reached: the backoff starts again). */
  private remove(batch: T[]) {
    const done = new Set(batch.map(this.opts.identity));
    this.pending = this.pending.filter((item) => !done.has(this.opts.identity(item)));
    this.failures = 0;
  }

  private scheduleRetry() {
    this.clearRetry();
    if (this.disposed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, backoffDelay(this.failures, this.opts.baseDelayMs ?? 1000, this.opts.maxDelayMs ?? 30_000));
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private load(): T[] {
    try {
      const raw = this.storage?.getItem(this.opts.key);
      return this.opts.decode(raw ? (JSON.parse(raw) as unknown) : null);
    } catch {
      return []; // unreadable: nothing waits
    }
  }
}
