/**
 * The start page's download of an exam's media into the media cache the service worker serves them from (offline
 * too): at most `concurrency` files at a time, each file skipped when it is already stored, retried with backoff, and
 * resumed (run() again, on the `online` event or a Retry) with only the files not yet stored. Progress counts the
 * bytes as they arrive, and a stored file by its real length (the declared sizes are only the estimate before).
 */
import { i18n } from 'shared-api';
import { backoffDelay, worthRetrying } from './retry';

export interface PackageFile {
  url: string;
  /** the size the server declared */
  bytes: number;
}

export type DownloadPhase = 'idle' | 'downloading' | 'complete' | 'offline' | 'failed';

export interface DownloadProgress {
  phase: DownloadPhase;
  /** bytes on this device: the package JSON, the stored files and what has arrived of the files on the way */
  doneBytes: number;
  /** the package JSON and every file: the real length of a stored file, the declared size of the others */
  totalBytes: number;
  filesStored: number;
  filesTotal: number;
  /** why the download stopped (phase 'failed'), in the user's language; null when the cause is not one of ours */
  error: string | null;
}

/** What the downloader needs of Cache Storage's Cache (a fake one in tests). */
export type MediaCache = Pick<Cache, 'match' | 'put'>;

export interface DownloadOptions {
  files: PackageFile[];
  /** the package JSON's own bytes (already on the device when the download starts) */
  packageBytes: number;
  openCache: () => Promise<MediaCache>;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** the browser's word on its connection */
  online?: () => boolean;
  /** files on the way at once */
  concurrency?: number;
  /** tries per file before the download stops as failed */
  tries?: number;
  /** the first retry's delay; doubled for each further one */
  baseDelayMs?: number;
  /** a file from which nothing arrives for this long is given up and tried again (a dead link the browser thinks is up) */
  stallMs?: number;
  now?: () => number;
}

/**
 * A reason of ours, in the user's language (made at run time: the language is chosen before the start page opens,
 * and a change re-mounts it with a new downloader). Another error (the browser's own words) stops the download
 * without a reason: the page says a file could not be downloaded.
 */
class ReasonError extends Error {}
/** Why a file will not come by trying again (a 4xx other than 408 and 429, a full disk). */
class FatalError extends ReasonError {}

/** The response headers a stored copy keeps (no Vary: the worker looks it up with its own request's headers). */
const KEPT_HEADERS = ['content-type', 'date', 'etag', 'last-modified', 'cache-control', 'accept-ranges'];

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });

export class ExamDownloader {
  private readonly files: PackageFile[];
  private readonly opts: Required<Omit<DownloadOptions, 'files' | 'packageBytes' | 'openCache'>> & Pick<DownloadOptions, 'openCache'>;
  /** real lengths of the files stored (by the download, or found in the cache) */
  private readonly stored = new Map<string, number>();
  /** bytes arrived so far of the files on the way */
  private readonly arriving = new Map<string, number>();
  private readonly packageBytes: number;
  private phase: DownloadPhase = 'idle';
  private error: string | null = null;
  private running: Promise<DownloadProgress> | null = null;
  /** the current run's (a stopped run's workers wind down on their own and change nothing but the files they stored) */
  private abort: AbortController | null = null;
  private snapshot: DownloadProgress;
  private readonly listeners = new Set<() => void>();

  constructor(options: DownloadOptions) {
    const seen = new Set<string>();
    this.files = options.files.filter((f) => !seen.has(f.url) && seen.add(f.url));
    this.packageBytes = options.packageBytes;
    this.opts = {
      openCache: options.openCache,
      fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
      online: options.online ?? (() => globalThis.navigator?.onLine !== false),
      concurrency: options.concurrency ?? 3,
      tries: options.tries ?? 4,
      baseDelayMs: options.baseDelayMs ?? 1000,
      stallMs: options.stallMs ?? 20_000,
      now: options.now ?? Date.now,
    };
    this.snapshot = this.compute();
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): DownloadProgress => this.snapshot;

  /**
   * Downloads every file not yet stored; resolves with the progress when it is complete or has stopped (offline, or
   * a file failed its tries). Called again, it goes on with the files still missing; while it runs, the same run.
   */
  run(): Promise<DownloadProgress> {
    if (!this.running) {
      const run: Promise<DownloadProgress> = this.runOnce().finally(() => {
        if (this.running === run) this.running = null;
      });
      this.running = run;
    }
    return this.running;
  }

  /**
   * Stops the files on the way (the page is left: 'idle'; the browser went offline: 'offline'); run() goes on from
   * what is stored.
   */
  stop(as: 'idle' | 'offline' = 'idle') {
    if (!this.running || !this.abort) return;
    this.abort.abort();
    this.abort = null;
    this.running = null;
    this.arriving.clear();
    this.finish(as, null);
  }

  private async runOnce(): Promise<DownloadProgress> {
    const abort = new AbortController();
    this.abort = abort;
    this.error = null;
    this.setPhase('downloading');
    let cache: MediaCache;
    try {
      cache = await this.opts.openCache();
    } catch {
      if (abort.signal.aborted) return this.snapshot;
      this.abort = null;
      return this.finish('failed', i18n._('This device cannot keep the exam (no storage).'));
    }
    const queue = this.files.filter((f) => !this.stored.has(f.url));
    let halt: { phase: 'offline' | 'failed'; error: string | null } | null = null;
    const worker = async () => {
      while (!halt && !abort.signal.aborted) {
        const file = queue.shift();
        if (!file) return;
        try {
          await this.fetchFile(cache, file, abort.signal);
        } catch (e) {
          if (abort.signal.aborted) return;
          halt ??= !this.opts.online() ? { phase: 'offline', error: null } : { phase: 'failed', error: e instanceof ReasonError ? e.message : null };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.opts.concurrency) }, worker));
    if (abort.signal.aborted) return this.snapshot; // stopped: stop() has said how
    this.abort = null;
    this.arriving.clear();
    const h = halt as { phase: 'offline' | 'failed'; error: string | null } | null;
    if (h) return this.finish(h.phase, h.error);
    return this.finish(this.stored.size === this.files.length ? 'complete' : 'failed', null);
  }

  /** One file: taken from the cache when it is there, else fetched (with retries) and stored. */
  private async fetchFile(cache: MediaCache, file: PackageFile, signal: AbortSignal) {
    for (let attempt = 1; ; attempt++) {
      // before each try: the service worker stores what it fetches for the page, so a try given up here (stalled,
      // cut) may have been stored all the same; it is not downloaded again
      const hit = await cache.match(file.url);
      if (hit) {
        this.markStored(file.url, await storedLength(hit));
        return;
      }
      if (!this.opts.online()) throw new Error('offline');
      try {
        const copy = await this.download(file.url, signal);
        try {
          // the service worker stores what it fetches for the page: a copy already there is not written twice
          if (!(await cache.match(file.url))) await cache.put(file.url, copy.response);
        } catch (e) {
          throw new FatalError((e as Error)?.name === 'QuotaExceededError'
            ? i18n._('This device has no room left for the exam.')
            : i18n._('This device could not keep a file of the exam.'));
        }
        this.markStored(file.url, copy.bytes);
        return;
      } catch (e) {
        this.arriving.delete(file.url);
        this.changed();
        if (e instanceof FatalError || signal.aborted || attempt >= this.opts.tries) throw e;
        await sleep(backoffDelay(attempt, this.opts.baseDelayMs), signal);
      }
    }
  }

  /** The file's whole body, counted as it arrives, as a response to store. */
  private async download(url: string, runSignal: AbortSignal): Promise<{ response: Response; bytes: number }> {
    const file = new AbortController();
    const stop = () => file.abort();
    runSignal.addEventListener('abort', stop, { once: true });
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        file.abort();
      }, this.opts.stallMs);
    };
    alive();
    try {
      return await this.receive(url, file.signal, alive);
    } catch (e) {
      throw stalled ? new ReasonError(i18n._('A file of the exam stopped arriving.')) : e;
    } finally {
      clearTimeout(timer);
      runSignal.removeEventListener('abort', stop);
    }
  }

  private async receive(url: string, signal: AbortSignal, alive: () => void): Promise<{ response: Response; bytes: number }> {
    const res = await this.opts.fetch(url, { signal, credentials: 'same-origin' });
    if (res.status !== 200) {
      const fatal = res.status >= 400 && !worthRetrying(res.status);
      const message = i18n._('A file of the exam could not be downloaded (HTTP {status}).', { status: res.status });
      throw fatal ? new FatalError(message) : new ReasonError(message);
    }
    const chunks: BlobPart[] = [];
    let bytes = 0;
    const reader = res.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        this.arriving.set(url, bytes);
        this.changed();
      }
    } else {
      const body = await res.arrayBuffer();
      chunks.push(body);
      bytes = body.byteLength;
    }
    const declared = Number(res.headers.get('content-length'));
    if (res.headers.get('content-length') !== null && !res.headers.get('content-encoding') && declared !== bytes) {
      throw new ReasonError(i18n._('A file of the exam arrived cut short.'));
    }
    const headers = new Headers();
    for (const h of KEPT_HEADERS) {
      const v = res.headers.get(h);
      if (v !== null) headers.set(h, v);
    }
    if (!headers.has('date')) headers.set('date', new Date(this.opts.now()).toUTCString());
    headers.set('content-length', String(bytes));
    const body = new Blob(chunks, { type: headers.get('content-type') ?? '' });
    return { response: new Response(body, { status: 200, statusText: 'OK', headers }), bytes };
  }

  private markStored(url: string, bytes: number) {
    this.arriving.delete(url);
    this.stored.set(url, bytes);
    this.changed();
  }

  private setPhase(phase: DownloadPhase) {
    this.phase = phase;
    this.changed();
  }

  private finish(phase: DownloadPhase, error: string | null): DownloadProgress {
    this.error = error;
    this.setPhase(phase);
    return this.snapshot;
  }

  private compute(): DownloadProgress {
    let done = this.packageBytes;
    let total = this.packageBytes;
    for (const f of this.files) {
      const real = this.stored.get(f.url);
      done += real ?? this.arriving.get(f.url) ?? 0;
      total += real ?? f.bytes;
    }
    return {
      phase: this.phase, doneBytes: done, totalBytes: total, filesStored: this.stored.size, filesTotal: this.files.length,
      error: this.error,
    };
  }

  private changed() {
    this.snapshot = this.compute();
    for (const fn of this.listeners) fn();
  }
}

/** A stored copy's length: its Content-Length, else its body's. */
async function storedLength(res: Response): Promise<number> {
  const header = res.headers.get('content-length');
  if (header !== null && /^\d+$/.test(header)) return Number(header);
  return (await res.blob()).size;
}
