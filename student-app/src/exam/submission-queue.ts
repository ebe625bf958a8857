/**
 * The student's submission of an attempt (by the student or at time zero), kept in local storage from the moment it is
 * made until the server has stored it: sent by the exam page's one durable sender (./outbox.ts, as the answers, the
 * listening plays and the records of leaving are), so a reload, a crash, a dropped connection or a failing server
 * loses nothing. It is retried with a growing pause while the server cannot be reached or is failing, waits while the
 * browser is offline, and goes out again at once when the browser is back online (`online()`). The server's submit is
 * idempotent (one result per attempt): a submission sent again after a reload while one was on its way is answered
 * with the result stored the first time.
 */
import type { SubmitResponse } from 'shared-api';
import type { AnswerItem } from './answer-queue';
import { Outbox } from './outbox';
import { retryableError } from './retry';
import { submissionKey } from './storage';

export { submissionKey };

export interface Submission {
  /** when the student submitted (the device's clock) */
  at: number;
  /** every answer on screen then (absent in what the build before this one kept: the answers on screen are sent) */
  answers?: AnswerItem[];
}

/**
 * 'none': not submitted, or refused by the server (the student may submit again); 'sending': on its way the first
 * time; 'kept': kept on this device and sent again (a send failed, the browser is offline, or it was found after a
 * reload); 'stored': the server has it (`result`).
 */
export type SubmissionState = 'none' | 'sending' | 'kept' | 'stored';

export interface SubmissionSnapshot {
  state: SubmissionState;
  result: SubmitResponse | null;
}

export interface SubmissionQueueOptions {
  attemptId: string;
  /** posts the submission; resolves with the server's result, rejects with `{ status }` (0: not reached) */
  send: (submission: Submission) => Promise<SubmitResponse>;
  /** the server has stored it (not called by a disposed queue: the next page's queue owns the submission) */
  onStored?: (result: SubmitResponse) => void;
  /** the server refused it for good: nothing is kept (not called by a disposed queue) */
  onRefused?: (error: unknown) => void;
  storage?: Storage;
  isOnline?: () => boolean;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

const isAnswer = (a: unknown): a is AnswerItem =>
  !!a && typeof a === 'object' && typeof (a as AnswerItem).question === 'string' && typeof (a as AnswerItem).answer === 'string';

/** What the key holds: one submission (the build before this one kept `{ at }` alone). */
function decodeSubmission(v: unknown): Submission[] {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
  const { at, answers } = v as { at?: unknown; answers?: unknown };
  if (typeof at !== 'number') return [];
  return [Array.isArray(answers) ? { at, answers: answers.filter(isAnswer) } : { at }];
}

export class SubmissionQueue {
  /** at most one item: the attempt's submission */
  private readonly outbox: Outbox<Submission, SubmitResponse>;
  /** a send failed, the browser was offline, or the submission was found on the device */
  private kept: boolean;
  private result: SubmitResponse | null = null;
  private listeners = new Set<() => void>();
  private snapshot: SubmissionSnapshot;

  constructor(opts: SubmissionQueueOptions) {
    this.outbox = new Outbox<Submission, SubmitResponse>({
      key: submissionKey(opts.attemptId),
      storage: opts.storage,
      isOnline: opts.isOnline,
      baseDelayMs: opts.baseDelayMs ?? 2000,
      maxDelayMs: opts.maxDelayMs ?? 30_000,
      batch: 1,
      decode: decodeSubmission,
      encode: ([submission]) => submission,
      identity: () => opts.attemptId,
      send: ([submission]) => opts.send(submission!),
      retryable: retryableError,
      onSent: (_batch, result) => {
        if (this.outbox.isDisposed) return;
        this.result = result;
        this.notify();
        opts.onStored?.(result);
      },
      onRefused: (_batch, error) => {
        if (this.outbox.isDisposed) return;
        this.kept = false;
        this.notify();
        opts.onRefused?.(error);
      },
      onFailed: () => this.keep(),
      onOffline: () => this.keep(),
    });
    this.kept = this.outbox.items.length > 0;
    this.snapshot = this.compute();
  }

  getSnapshot = (): SubmissionSnapshot => this.snapshot;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** The submission kept on this device (null when there is none). */
  get waiting(): Submission | null {
    return this.outbox.items[0] ?? null;
  }

  /** The student submits: kept on the device at once, then sent. Once per attempt (again only after a refusal). */
  submit(answers: AnswerItem[]): Promise<boolean> {
    if (this.outbox.isDisposed || this.result || this.waiting) return Promise.resolve(this.waiting === null);
    this.outbox.update(() => [{ at: Date.now(), answers }]);
    this.notify();
    return this.flush();
  }

  /** Sends the kept submission (resolves true when nothing is left to send). */
  flush(): Promise<boolean> {
    return this.outbox.flush();
  }

  /** The browser came back online: send at once, with a fresh backoff. */
  online() {
    this.outbox.online();
  }

  dispose() {
    this.outbox.dispose();
    this.listeners.clear();
  }

  private keep() {
    if (this.outbox.isDisposed) return;
    this.kept = true;
    this.notify();
  }

  private compute(): SubmissionSnapshot {
    const state: SubmissionState = this.result ? 'stored' : !this.waiting ? 'none' : this.kept ? 'kept' : 'sending';
    return { state, result: this.result };
  }

  private notify() {
    const next = this.compute();
    if (next.state === this.snapshot.state && next.result === this.snapshot.result) return;
    this.snapshot = next;
    for (const fn of this.listeners) fn();
  }
}
