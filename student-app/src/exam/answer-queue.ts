/**
 * Answers not yet confirmed by the server, kept in local storage per attempt so that a reload, a crash or a dropped
 * connection loses nothing: the outbox (./outbox.ts) sends them one request at a time, each carrying every pending
 * answer, retries every failure with exponential backoff and sends again when the browser comes back online.
 */
import { Outbox } from './outbox';
import { browserOnline } from './retry';

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

/** What the key holds: question id → answer, in the order the choices were made. */
function decodeAnswers(v: unknown): AnswerItem[] {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
  return Object.entries(v as Record<string, unknown>).flatMap(([question, answer]) => (typeof answer === 'string' ? [{ question, answer }] : []));
}

export class AnswerQueue {
  /** one item per question: the last choice */
  private readonly outbox: Outbox<AnswerItem>;
  private offline = false;
  private failed = false;
  private listeners = new Set<() => void>();
  private snapshot: QueueSnapshot;

  constructor(options: AnswerQueueOptions) {
    const isOnline = options.isOnline ?? browserOnline;
    this.outbox = new Outbox<AnswerItem>({
      key: answerStorageKey(options.attemptId),
      storage: options.storage,
      isOnline,
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
      decode: decodeAnswers,
      encode: (items) => Object.fromEntries(items.map((i) => [i.question, i.answer])),
      // a choice changed while it was on its way is not confirmed by that send: it stays
      identity: (i) => JSON.stringify([i.question, i.answer]),
      send: (batch) => options.send(batch.map(({ question, answer }) => ({ question, answer }))),
      onSending: () => this.notify(true),
      onSent: () => {
        this.failed = false;
        this.offline = false;
      },
      onFailed: (e) => {
        const status = (e as { status?: unknown })?.status;
        this.offline = status === 0 || !isOnline();
        this.failed = !this.offline;
        this.notify();
      },
      onOffline: () => {
        this.offline = true;
        this.notify(); // the 'online' event flushes
      },
      onSettled: () => {
        if (!this.outbox.items.length) this.notify(); // all saved: said at once
      },
      onIdle: () => this.notify(),
    });
    this.offline = !isOnline();
    this.snapshot = this.compute();
  }

  /** Pending answers (question id → answer), oldest choice order kept. */
  get pendingAnswers(): Record<string, string> {
    return Object.fromEntries(this.outbox.items.map((i) => [i.question, i.answer]));
  }

  getSnapshot = (): QueueSnapshot => this.snapshot;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Records a choice: kept locally at once, then sent. */
  set(question: string, answer: string): Promise<boolean> {
    // The choice goes to the end, so the queue keeps the order in which choices were made.
    this.outbox.update((items) => [...items.filter((i) => i.question !== question), { question, answer }]);
    this.notify();
    return this.flush();
  }

  /** Sends everything pending; resolves true when nothing is left pending. Concurrent calls share one run. */
  flush(): Promise<boolean> {
    return this.outbox.flush();
  }

  /** The browser came back online: retry at once with a fresh backoff. */
  online() {
    this.offline = false;
    this.notify();
    this.outbox.online();
  }

  offlineNow() {
    this.offline = true;
    this.notify();
  }

  /** The attempt is over and its answers are in a result: forget them. */
  clear() {
    this.outbox.clear();
    this.notify();
  }

  dispose() {
    this.outbox.dispose();
    this.listeners.clear();
  }

  private compute(sending = false): QueueSnapshot {
    const pending = this.outbox.items.length;
    let status: SaveStatus;
    if (this.offline) status = 'offline';
    else if (pending === 0) status = 'saved';
    else if (this.failed && !sending) status = 'error';
    else status = 'saving';
    return { status, pending };
  }

  private notify(sending = false) {
    const next = this.compute(sending || this.outbox.busy);
    if (next.status === this.snapshot.status && next.pending === this.snapshot.pending) return;
    this.snapshot = next;
    for (const fn of this.listeners) fn();
  }
}
