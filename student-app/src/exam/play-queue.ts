/**
 * Listening plays of an attempt: this device's counts (what the play controls show and the limit is checked against)
 * and the plays not yet confirmed by the server, both kept in local storage so that a reload, a crash or a dropped
 * connection loses nothing. Each play is named once (its play id) and sent by the outbox (./outbox.ts, as the answers
 * are) until the server has answered it, one at a time, retried with exponential backoff while the server cannot be
 * reached or is failing and sent again when the browser comes back online. The server is the judge: a play it
 * refuses (409, another device used the plays) is dropped and its count for that audio taken as it is.
 */
import type { AudioKey, ListeningPlay, ListeningStatus } from 'shared-api';
import { Outbox } from './outbox';
import { retryableError } from './retry';
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

/**
 * Not reached, or a failing server (./retry.ts), or a session that must be renewed (401): the play is sent again.
 * Anything else is the server's final word on it.
 */
const sendAgain = (e: unknown) => retryableError(e) || (e as { status?: unknown } | null | undefined)?.status === 401;

const AUDIO: readonly string[] = ['main', 'option1', 'option2', 'option3', 'option4'];

/** What the pending plays' key holds: the plays, each checked. */
function decodePlays(v: unknown): ListeningPlay[] {
  if (!Array.isArray(v)) return [];
  return v.filter((p): p is ListeningPlay =>
    !!p && typeof p === 'object' && typeof p.question === 'string' && AUDIO.includes(p.audio) && typeof p.playId === 'string');
}

export class PlayQueue {
  private counts: ListeningStatus;
  /** the plays not yet answered by the server, sent one a request */
  private readonly outbox: Outbox<ListeningPlay, ListeningStatus>;
  private listeners = new Set<() => void>();
  private limitNow: number | null;
  private readonly storage: Storage | undefined;
  private readonly attemptId: string;

  constructor(options: PlayQueueOptions) {
    this.attemptId = options.attemptId;
    this.limitNow = options.limit;
    this.storage = options.storage ?? globalThis.localStorage;
    this.outbox = new Outbox<ListeningPlay, ListeningStatus>({
      key: pendingPlaysKey(options.attemptId),
      storage: this.storage,
      isOnline: options.isOnline,
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
      batch: 1,
      decode: decodePlays,
      identity: (p) => p.playId,
      send: ([play]) => options.send(play!),
      retryable: sendAgain,
      onSent: (_batch, server) => {
        this.counts = mergeListening(server ?? {}, this.counts);
      },
      onRefused: ([play], e) => {
        const { status, data } = (e ?? {}) as { status?: unknown; data?: { listeningStatus?: unknown } };
        if (play && status === 409 && data && typeof data.listeningStatus === 'object' && data.listeningStatus) {
          // refused beyond the limit: the server's count of this audio is the count
          const server = data.listeningStatus as ListeningStatus;
          this.setCount(play.question, play.audio, Number(server[play.question]?.[play.audio] ?? 0));
          options.onRefused?.(play);
        }
        // any other refusal (the time is over, an audio the exam no longer has): nothing to send again
      },
      onSave: () => this.storage?.setItem(playCountsKey(this.attemptId), JSON.stringify(this.counts)),
      onSettled: () => this.notify(),
    });
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
    return this.limitNow;
  }

  /** The exam's limit as the server last sent it (the device's copy may be older). */
  setLimit(limit: number | null) {
    if (limit === this.limitNow) return;
    this.limitNow = limit;
    this.counts = { ...this.counts };
    this.notify();
  }

  get pendingPlays(): ListeningPlay[] {
    return [...this.outbox.items];
  }

  used(question: string, audio: AudioKey): number {
    return this.counts[question]?.[audio] ?? 0;
  }

  /** Plays left of this audio, or null when the exam has no limit. */
  left(question: string, audio: AudioKey): number | null {
    return this.limitNow === null ? null : Math.max(0, this.limitNow - this.used(question, audio));
  }

  /**
   * A play starts: counted here at once (kept on the device) and queued for the server. Returns the play, or null
   * when no play of this audio is left (nothing is counted: the audio must not start).
   */
  play(question: string, audio: AudioKey): ListeningPlay | null {
    if (this.outbox.isDisposed || this.left(question, audio) === 0) return null;
    const play: ListeningPlay = { question, audio, playId: newPlayId() };
    this.setCount(question, audio, this.used(question, audio) + 1);
    this.outbox.update((plays) => [...plays, play]);
    this.notify();
    void this.flush();
    return play;
  }

  /** The server's counts (the running exam fetched again): the larger of them and this device's for each audio. */
  serverCounts(server: ListeningStatus) {
    const next = mergeListening(server, this.counts);
    if (JSON.stringify(next) === JSON.stringify(this.counts)) return;
    this.counts = next;
    this.outbox.save();
    this.notify();
  }

  /** Sends every pending play, one at a time; concurrent calls share one run. */
  flush(): Promise<boolean> {
    return this.outbox.flush();
  }

  /** The browser came back online: send at once, with a fresh backoff. */
  online() {
    this.outbox.online();
  }

  /** The attempt is over: forget its plays (a send still on its way writes nothing after this). */
  clear() {
    this.outbox.clear();
    this.outbox.dispose();
    try {
      this.storage?.removeItem(playCountsKey(this.attemptId));
    } catch {
      /* ignore */
    }
  }

  dispose() {
    this.outbox.dispose();
    this.listeners.clear();
  }

  private setCount(question: string, audio: AudioKey, n: number) {
    this.counts = { ...this.counts, [question]: { ...this.counts[question], [audio]: n } };
  }

  private loadCounts(): ListeningStatus {
    let v: unknown = null;
    try {
      const raw = this.storage?.getItem(playCountsKey(this.attemptId));
      v = raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      /* unreadable: no counts */
    }
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

  private notify() {
    for (const fn of this.listeners) fn();
  }
}
