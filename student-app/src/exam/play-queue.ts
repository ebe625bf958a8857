/**
 * Listening plays of an attempt: this device's counts (what the play controls show and the limit is checked against)
 * and the plays not yet confirmed by the server, both kept in local storage so that a reload, a crash or a dropped
 * connection loses nothing. Each play is named once (its play id) and sent until the server has answered it, one at
 * a time, retried with exponential backoff and sent again when the browser comes back online (as the answers are,
 * ./answer-queue.ts). The server is the judge: a play it refuses (409, another device used the plays) is dropped and
 * its count for that audio taken as it is.
 */
import type { AudioKey, ListeningPlay, ListeningStatus } from 'shared-api';
import { backoffDelay, browserOnline } from './retry';
import { pendingPlaysKey, playCountsKey } from './storage';

export { pendingPlaysKey, playCountsKey };

/** Sends one play; resolves with the server's counts, rejects with `{ status, data? }` (status 0: not reached). */
export type PlaySender = (play: ListeningPlay) => Promise<ListeningStatus>;

export interface PlayQueueOptions {
  attemptId: string;
  send: PlaySender;
  /** plays allowed of each audio; null: no limit */
  limit: number | null;
  /** the counts the server last sent (the running exam) */
  serverCounts?: ListeningStatus;
  /** a play the server refused after it started here (another device used the plays): the exam stops it */
  onRefused?: (play: ListeningPlay) => void;
  storage?: Storage;
  isOnline?: () => boolean;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** A play id: random, 32 hex digits (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newPlayId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Play counts: the larger of the server's and this device's count for each audio (a play may not have reached the server). */
export function mergeListening(server: ListeningStatus, local: ListeningStatus): ListeningStatus {
  const out: ListeningStatus = {};
  for (const q of new Set([...Object.keys(server), ...Object.keys(local)])) {
    const a = server[q] ?? {};
    const b = local[q] ?? {};
    const merged: ListeningStatus[string] = {};
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof typeof a>) {
      merged[k] = Math.max(a[k] ?? 0, b[k] ?? 0);
    }
    out[q] = merged;
  }
  return out;
}

/** Not reached, or a failing server: the play is sent again. Anything else is the server's final word on it. */
const sendAgain = (status: unknown) =>
  typeof status !== 'number' || status === 0 || status >= 500 || status === 408 || status === 429 || status === 401;

const AUDIO: readonly string[] = ['main', 'option1', 'option2', 'option3', 'option4'];

export class PlayQueue {
  private counts: ListeningStatus;
  private pending: ListeningPlay[];
  private running: Promise<void> | null = null;
  /** flush() was called while a run was ending: run again (the browser may be back online meanwhile) */
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();
  private disposed = false;
  private readonly opts: Required<Omit<PlayQueueOptions, 'storage' | 'serverCounts' | 'onRefused'>>
    & Pick<PlayQueueOptions, 'onRefused'> & { storage: Storage | undefined };

  constructor(options: PlayQueueOptions) {
    this.opts = {
      isOnline: browserOnline,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      ...options,
      storage: options.storage ?? globalThis.localStorage,
    };
    this.pending = this.loadPending();
    // the larger of the server's and this device's count for each audio: a play may not have reached the server yet
    this.counts = mergeListening(options.serverCounts ?? {}, this.loadCounts());
  }

  /** The counts of every audio (a new object after each change, for useSyncExternalStore). */
  getSnapshot = (): ListeningStatus => this.counts;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  get limit(): number | null {
    return this.opts.limit;
  }

  /** The exam's limit as the server last sent it (the device's copy may be older). */
  setLimit(limit: number | null) {
    if (limit === this.opts.limit) return;
    this.opts.limit = limit;
    this.counts = { ...this.counts };
    this.notify();
  }

  get pendingPlays(): ListeningPlay[] {
    return [...this.pending];
  }

  used(question: string, audio: AudioKey): number {
    return this.counts[question]?.[audio] ?? 0;
  }

  /** Plays left of this audio, or null when the exam has no limit. */
  left(question: string, audio: AudioKey): number | null {
    return this.opts.limit === null ? null : Math.max(0, this.opts.limit - this.used(question, audio));
  }

  /**
   * A play starts: counted here at once (kept on the device) and queued for the server. Returns the play, or null
   * when no play of this audio is left (nothing is counted: the audio must not start).
   */
  play(question: string, audio: AudioKey): ListeningPlay | null {
    if (this.disposed || this.left(question, audio) === 0) return null;
    const play: ListeningPlay = { question, audio, playId: newPlayId() };
    this.setCount(question, audio, this.used(question, audio) + 1);
    this.pending.push(play);
    this.persist();
    this.notify();
    void this.flush();
    return play;
  }

  /** The server's counts (the running exam fetched again): the larger of them and this device's for each audio. */
  serverCounts(server: ListeningStatus) {
    const next = mergeListening(server, this.counts);
    if (JSON.stringify(next) === JSON.stringify(this.counts)) return;
    this.counts = next;
    this.persist();
    this.notify();
  }

  /** Sends every pending play, one at a time; concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearRetry();
    this.running = (async () => {
      let end: 'done' | 'retry';
      do {
        this.again = false;
        end = await this.loop();
      } while (this.again && end !== 'retry' && !this.disposed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The browser came back online: send at once, with a fresh backoff. */
  online() {
    this.failures = 0;
    void this.flush();
  }

  /** The attempt is over: forget its plays (a send still on its way writes nothing after this). */
  clear() {
    this.pending = [];
    this.disposed = true;
    this.clearRetry();
    try {
      this.opts.storage?.removeItem(pendingPlaysKey(this.opts.attemptId));
      this.opts.storage?.removeItem(playCountsKey(this.opts.attemptId));
    } catch {
      /* ignore */
    }
  }

  dispose() {
    this.disposed = true;
    this.clearRetry();
    this.listeners.clear();
  }

  /** Sends until nothing is pending, the device is offline (the 'online' event flushes) or a retry is scheduled. */
  private async loop(): Promise<'done' | 'retry'> {
    while (this.pending.length > 0) {
      if (this.disposed || !this.opts.isOnline()) return 'done';
      const play = this.pending[0]!;
      try {
        const server = await this.opts.send(play);
        this.drop(play);
        this.failures = 0;
        this.counts = mergeListening(server ?? {}, this.counts);
      } catch (e) {
        const { status, data } = (e ?? {}) as { status?: unknown; data?: { listeningStatus?: unknown } };
        if (sendAgain(status)) {
          this.failures += 1;
          this.scheduleRetry();
          return 'retry';
        }
        this.drop(play);
        if (status === 409 && data && typeof data.listeningStatus === 'object' && data.listeningStatus) {
          // refused beyond the limit: the server's count of this audio is the count
          const server = data.listeningStatus as ListeningStatus;
          this.setCount(play.question, play.audio, Number(server[play.question]?.[play.audio] ?? 0));
          this.opts.onRefused?.(play);
        }
        // any other refusal (the time is over, an audio the exam no longer has): nothing to send again
      }
      this.persist();
      this.notify();
    }
    return 'done';
  }

  private drop(play: ListeningPlay) {
    this.pending = this.pending.filter((p) => p.playId !== play.playId);
  }

  private setCount(question: string, audio: AudioKey, n: number) {
    this.counts = { ...this.counts, [question]: { ...this.counts[question], [audio]: n } };
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

  private read(key: string): unknown {
    try {
      const raw = this.opts.storage?.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  }

  private loadCounts(): ListeningStatus {
    const v = this.read(playCountsKey(this.opts.attemptId));
    const out: ListeningStatus = {};
    if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
    for (const [q, audios] of Object.entries(v as Record<string, unknown>)) {
      if (!audios || typeof audios !== 'object') continue;
      for (const [a, n] of Object.entries(audios as Record<string, unknown>)) {
        if (AUDIO.includes(a) && typeof n === 'number' && Number.isFinite(n) && n >= 0) (out[q] ??= {})[a as AudioKey] = n;
      }
    }
    return out;
  }

  private loadPending(): ListeningPlay[] {
    const v = this.read(pendingPlaysKey(this.opts.attemptId));
    if (!Array.isArray(v)) return [];
    return v.filter((p): p is ListeningPlay =>
      !!p && typeof p === 'object' && typeof p.question === 'string' && AUDIO.includes(p.audio) && typeof p.playId === 'string');
  }

  private persist() {
    if (this.disposed) return; // unmounted (the next page's queue reads storage) or cleared
    try {
      const key = pendingPlaysKey(this.opts.attemptId);
      if (this.pending.length) this.opts.storage?.setItem(key, JSON.stringify(this.pending));
      else this.opts.storage?.removeItem(key);
      this.opts.storage?.setItem(playCountsKey(this.opts.attemptId), JSON.stringify(this.counts));
    } catch {
      /* storage full: the counts are still in memory and the plays being sent */
    }
  }

  private notify() {
    for (const fn of this.listeners) fn();
  }
}
