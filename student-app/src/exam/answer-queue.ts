/**
 * Answers not yet confirmed by the server, kept in local storage per attempt so that a reload, a crash or a dropped
 * connection loses nothing. Sends are serialized (one request at a time, each carrying every pending answer),
 * retried with exponential backoff and flushed again when the browser comes back online.
 */
import { backoffDelay, browserOnline } from './retry';

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

export interface AnswerItem {
  question: string;
  answer: string;
}

/** Sends answers to the server; rejects on failure (with `{ status }`, 0 when the server was not reached). */
export type AnswerSender = (answers: AnswerItem[]) => Promise<unknown>;

export interface QueueSnapshot {
  status: SaveStatus;
  pending: number;
}

export interface AnswerQueueOptions {
  attemptId: string;
  send: AnswerSender;
  storage?: Storage;
  /** navigator.onLine by default */
  isOnline?: () => boolean;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const answerStorageKey = (attemptId: string) => `examAnswers:${attemptId}`;

/** Server answers overlaid with the local pending ones: a choice made on this device and not yet saved wins. */
export function mergeAnswers(server: Record<string, string>, pending: Record<string, string>): Record<string, string> {
  return { ...server, ...pending };
}

export class AnswerQueue {
  private pending: Record<string, string>;
  private running: Promise<boolean> | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private offline = false;
  private failed = false;
  private listeners = new Set<() => void>();
  private snapshot: QueueSnapshot;
  private disposed = false;
  private readonly opts: Required<Omit<AnswerQueueOptions, 'storage'>> & { storage: Storage | undefined };

  constructor(options: AnswerQueueOptions) {
    this.opts = {
      isOnline: browserOnline,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      ...options,
      storage: options.storage ?? globalThis.localStorage,
    };
    this.pending = this.load();
    this.offline = !this.opts.isOnline();
    this.snapshot = this.compute();
  }

  /** Pending answers (question id → answer), oldest choice order kept. */
  get pendingAnswers(): Record<string, string> {
    return { ...this.pending };
  }

  getSnapshot = (): QueueSnapshot => this.snapshot;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Records a choice: kept locally at once, then sent. */
  set(question: string, answer: string): Promise<boolean> {
    // Re-inserting moves the key to the end, so the queue keeps the order in which choices were made.
    delete this.pending[question];
    this.pending[question] = answer;
    this.persist();
    this.notify();
    return this.flush();
  }

  /** Sends everything pending; resolves true when nothing is left pending. Concurrent calls share one run. */
  flush(): Promise<boolean> {
    if (this.disposed) return Promise.resolve(Object.keys(this.pending).length === 0);
    if (this.running) {
      // the running loop picks new entries up before it ends
      return this.running;
    }
    this.clearRetry();
    this.running = this.loop().finally(() => {
      this.running = null;
      this.notify();
    });
    return this.running;
  }

  /** The browser came back online: retry at once with a fresh backoff. */
  online() {
    this.offline = false;
    this.failures = 0;
    this.notify();
    void this.flush();
  }

  offlineNow() {
    this.offline = true;
    this.notify();
  }

  /** The attempt is over and its answers are in a result: forget them. */
  clear() {
    this.pending = {};
    this.clearRetry();
    try {
      this.opts.storage?.removeItem(answerStorageKey(this.opts.attemptId));
    } catch {
      /* ignore */
    }
    this.notify();
  }

  dispose() {
    this.disposed = true;
    this.clearRetry();
    this.listeners.clear();
  }

  private async loop(): Promise<boolean> {
    while (Object.keys(this.pending).length > 0) {
      if (this.disposed) return false;
      if (!this.opts.isOnline()) {
        this.offline = true;
        this.notify();
        return false; // the 'online' event flushes
      }
      const batch = Object.entries(this.pending);
      this.notify(true);
      try {
        await this.opts.send(batch.map(([question, answer]) => ({ question, answer })));
        for (const [q, a] of batch) if (this.pending[q] === a) delete this.pending[q];
        this.persist();
        this.failures = 0;
        this.failed = false;
        this.offline = false;
      } catch (e) {
        this.failures += 1;
        const status = (e as { status?: unknown })?.status;
        this.offline = status === 0 || !this.opts.isOnline();
        this.failed = !this.offline;
        this.scheduleRetry();
        this.notify();
        return false;
      }
    }
    this.notify();
    return true;
  }

  private scheduleRetry() {
    this.clearRetry();
    if (this.disposed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, backoffDelay(this.failures, this.opts.baseDelayMs, this.opts.maxDelayMs));
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private load(): Record<string, string> {
    try {
      const raw = this.opts.storage?.getItem(answerStorageKey(this.opts.attemptId));
      const v = raw ? (JSON.parse(raw) as unknown) : null;
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const out: Record<string, string> = {};
        for (const [k, a] of Object.entries(v as Record<string, unknown>)) if (typeof a === 'string') out[k] = a;
        return out;
      }
    } catch {
      /* unreadable: start empty */
    }
    return {};
  }

  private persist() {
    try {
      const key = answerStorageKey(this.opts.attemptId);
      if (Object.keys(this.pending).length) this.opts.storage?.setItem(key, JSON.stringify(this.pending));
      else this.opts.storage?.removeItem(key);
    } catch {
      /* storage full: the answer is still in memory and being sent */
    }
  }

  private compute(sending = false): QueueSnapshot {
    const pending = Object.keys(this.pending).length;
    let status: SaveStatus;
    if (this.offline) status = 'offline';
    else if (pending === 0) status = 'saved';
    else if (this.failed && !sending) status = 'error';
    else status = 'saving';
    return { status, pending };
  }

  private notify(sending = false) {
    const next = this.compute(sending || this.running !== null);
    if (next.status === this.snapshot.status && next.pending === this.snapshot.pending) return;
    this.snapshot = next;
    for (const fn of this.listeners) fn();
  }
}
