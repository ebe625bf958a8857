import '../catalog'; // the area's English messages with placeholders (registered by the area's app in use)
import { ExamDownloader, type DownloadProgress, type MediaCache, type PackageFile } from './download';
import { formatBytes, formatProgress } from './size';

/** Cache Storage's Cache as the browser keeps it: a put reads the whole body; a match gives a fresh copy. */
class FakeCache implements MediaCache {
  readonly entries = new Map<string, { body: Uint8Array; headers: [string, string][] }>();
  puts: string[] = [];
  failPut: Error | null = null;

  async match(key: RequestInfo | URL): Promise<Response | undefined> {
    const e = this.entries.get(String(key));
    return e ? new Response(e.body.slice(), { status: 200, headers: e.headers }) : undefined;
  }

  async put(key: RequestInfo | URL, res: Response): Promise<void> {
    if (this.failPut) throw this.failPut;
    const body = new Uint8Array(await res.arrayBuffer());
    this.puts.push(String(key));
    this.entries.set(String(key), { body, headers: [...res.headers] });
  }

  /** A file stored earlier (by the service worker, or a previous download), with the headers it was stored with. */
  keep(url: string, size: number, headers: Record<string, string> = {}) {
    this.entries.set(url, { body: new Uint8Array(size).fill(7), headers: Object.entries({ 'content-length': String(size), ...headers }) });
  }
}

type Behaviour = 'ok' | 'network' | 'cut' | 'stall' | number;

/**
 * The server: each url has a body; `plan[url]` says how the next requests for it go (one entry per request, then 'ok').
 * Bodies come in chunks of 1000 bytes, each after a tick, so progress can be seen between them.
 */
class FakeServer {
  readonly requests: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly plan: Record<string, Behaviour[]> = {};
  constructor(readonly bodies: Record<string, number>, readonly headers: Record<string, string> = {}) {}

  fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    this.requests.push(url);
    const how = this.plan[url]?.shift() ?? 'ok';
    await tick();
    if (how === 'network') throw new TypeError('Failed to fetch');
    if (typeof how === 'number') return new Response(JSON.stringify({ error: 'x' }), { status: how });
    const size = this.bodies[url];
    if (size === undefined) return new Response('{"error":"Not Found"}', { status: 404 });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    let sent = 0;
    const signal = init?.signal;
    const stream = new ReadableStream<Uint8Array>({
      pull: async (c) => {
        if (how === 'stall' && sent >= 1000) {
          await new Promise<void>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
        }
        await tick();
        if (signal?.aborted) {
          this.inFlight--;
          return c.error(new DOMException('aborted', 'AbortError'));
        }
        if (how === 'cut' && sent >= size / 2) {
          this.inFlight--;
          return c.error(new TypeError('network error'));
        }
        const n = Math.min(1000, size - sent);
        if (n <= 0) {
          this.inFlight--;
          return c.close();
        }
        c.enqueue(new Uint8Array(n).fill(sent % 251));
        sent += n;
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'audio/mpeg', 'content-length': String(size), vary: 'Accept-Encoding', ...this.headers } });
  };

  count(url: string) {
    return this.requests.filter((u) => u === url).length;
  }
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

function files(sizes: Record<string, number>): PackageFile[] {
  return Object.entries(sizes).map(([url, bytes]) => ({ url, bytes }));
}

function downloader(server: FakeServer, cache: FakeCache, list: PackageFile[], extra: Partial<ConstructorParameters<typeof ExamDownloader>[0]> = {}) {
  const d = new ExamDownloader({
    files: list, packageBytes: 5000, openCache: async () => cache, fetch: server.fetch, baseDelayMs: 1, ...extra,
  });
  const seen: DownloadProgress[] = [];
  d.subscribe(() => seen.push(d.getSnapshot()));
  return { d, seen };
}

const A = '/media/a.mp3';
const B = '/media/b.mp3';
const C = '/media/c.mp3';
const D = '/media/d.jpg';
const E = '/media/e.jpg';

describe('the exam download', () => {
  it('shows the bytes as they arrive, at most 3 files at a time, and ends with every file in the cache', async () => {
    const sizes = { [A]: 12_000, [B]: 8000, [C]: 4000, [D]: 3000, [E]: 2500 };
    const server = new FakeServer(sizes);
    const cache = new FakeCache();
    const { d, seen } = downloader(server, cache, files(sizes));
    expect(d.getSnapshot()).toMatchObject({ phase: 'idle', doneBytes: 5000, totalBytes: 34_500, filesStored: 0, filesTotal: 5 });

    const end = await d.run();
    expect(end).toEqual({ phase: 'complete', doneBytes: 34_500, totalBytes: 34_500, filesStored: 5, filesTotal: 5, error: null });
    expect(server.maxInFlight).toBe(3);
    // progress only goes up, through many figures in between (chunk by chunk, not file by file)
    const done = seen.map((s) => s.doneBytes);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBeGreaterThan(20);
    expect(seen.some((s) => s.doneBytes > 5000 && s.filesStored === 0)).toBe(true);
    // every file once, stored whole, without Vary (the worker looks it up with its own request headers)
    for (const [url, size] of Object.entries(sizes)) {
      expect(server.count(url)).toBe(1);
      const stored = await cache.match(url);
      expect((await stored!.arrayBuffer()).byteLength).toBe(size);
      expect(stored!.headers.get('vary')).toBeNull();
      expect(stored!.headers.get('content-type')).toBe('audio/mpeg');
      expect(stored!.headers.get('content-length')).toBe(String(size));
      expect(stored!.headers.get('date')).toBeTruthy();
    }
  });

  it('counts files by their real length, not the size the server declared', async () => {
    const server = new FakeServer({ [A]: 7300, [B]: 900 });
    const cache = new FakeCache();
    const { d } = downloader(server, cache, [{ url: A, bytes: 5000 }, { url: B, bytes: 1000 }]);
    expect(d.getSnapshot().totalBytes).toBe(11_000);
    const end = await d.run();
    expect(end.totalBytes).toBe(5000 + 7300 + 900);
    expect(end.doneBytes).toBe(end.totalBytes);
  });

  it('skips the files already stored (by their stored length) and fetches only the others', async () => {
    const sizes = { [A]: 3000, [B]: 2000, [C]: 1000 };
    const server = new FakeServer(sizes);
    const cache = new FakeCache();
    cache.keep(A, 3100);
    const { d } = downloader(server, cache, files(sizes));
    const end = await d.run();
    expect(server.requests.sort()).toEqual([B, C]);
    expect(end).toMatchObject({ phase: 'complete', doneBytes: 5000 + 3100 + 2000 + 1000, filesStored: 3 });
    expect(cache.puts).not.toContain(A);
  });

  it('does not write again a file the service worker stored on its way to the page', async () => {
    const server = new FakeServer({ [A]: 3000 });
    const cache = new FakeCache();
    const fetch = async (url: string, init?: RequestInit) => {
      const res = await server.fetch(url, init);
      cache.keep(url, 3000); // the worker's cache-first route keeps what it fetched
      return res;
    };
    const { d } = downloader(server, cache, files({ [A]: 3000 }), { fetch });
    expect(await d.run()).toMatchObject({ phase: 'complete', doneBytes: 8000 });
    expect(cache.puts).toEqual([]);
  });

  it('stops when the connection drops and resumes from where it was, never fetching a stored file again', async () => {
    const sizes = { [A]: 4000, [B]: 6000, [C]: 5000, [D]: 2000, [E]: 3000 };
    const server = new FakeServer(sizes);
    const cache = new FakeCache();
    let online = true;
    // the connection drops while C is on its way: C is cut mid-body, and what is asked next fails
    server.plan[C] = ['cut'];
    let dropped = false;
    const fetch = async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const res = server.fetch(url, init);
      if (url === C && !dropped) {
        dropped = true;
        void res.then(() => setTimeout(() => (online = false), 0));
      }
      return res;
    };
    const { d, seen } = downloader(server, cache, files(sizes), { fetch, online: () => online, concurrency: 1 });
    const first = await d.run();
    expect(first.phase).toBe('offline');
    // A and B are stored; C's partial bytes are not counted once it failed
    expect(first.filesStored).toBe(2);
    expect(first.doneBytes).toBe(5000 + 4000 + 6000);
    expect(Math.max(...seen.map((s) => s.doneBytes))).toBeGreaterThan(first.doneBytes);
    expect(cache.puts).toEqual([A, B]);

    online = true;
    const afterFirst = seen.length;
    const second = await d.run();
    expect(second).toMatchObject({ phase: 'complete', filesStored: 5, doneBytes: 25_000, totalBytes: 25_000 });
    // the resumed run starts from the stored bytes, never below
    expect(Math.min(...seen.slice(afterFirst).map((s) => s.doneBytes))).toBeGreaterThanOrEqual(first.doneBytes);
    expect(server.count(A)).toBe(1);
    expect(server.count(B)).toBe(1);
    expect(server.count(C)).toBe(2); // cut once, then whole
    expect(server.count(D)).toBe(1);
    expect(server.count(E)).toBe(1);
    expect(cache.puts.sort()).toEqual([A, B, C, D, E].sort());
  });

  it('retries a failing server with backoff and gives up after its tries, keeping what is stored', async () => {
    const server = new FakeServer({ [A]: 1000, [B]: 1000, [C]: 1000 });
    const cache = new FakeCache();
    server.plan[A] = [503, 'network'];
    server.plan[B] = [502, 502, 502, 502];
    const { d } = downloader(server, cache, files({ [A]: 1000, [B]: 1000, [C]: 1000 }), { tries: 4 });
    const end = await d.run();
    expect(end.phase).toBe('failed');
    expect(end.error).toBe('A file of the exam could not be downloaded (HTTP 502).');
    expect(server.count(A)).toBe(3);
    expect(server.count(B)).toBe(4);
    expect(end.filesStored).toBe(2);
    // Retry: only B
    const again = await d.run();
    expect(again.phase).toBe('complete');
    expect(server.count(A)).toBe(3);
    expect(server.count(B)).toBe(5);
    expect(server.count(C)).toBe(1);
  });

  it('does not retry a file the server does not have, and says so', async () => {
    const server = new FakeServer({ [A]: 1000 });
    const cache = new FakeCache();
    const { d } = downloader(server, cache, files({ [A]: 1000, [B]: 1000 }));
    const end = await d.run();
    expect(end).toMatchObject({ phase: 'failed', error: 'A file of the exam could not be downloaded (HTTP 404).', filesStored: 1 });
    expect(server.count(B)).toBe(1);
  });

  it("a failure in the browser's own words (no answer) stops without a reason: the page says a file could not be downloaded", async () => {
    const server = new FakeServer({ [A]: 1000 });
    server.plan[A] = ['network', 'network', 'network'];
    const { d } = downloader(server, new FakeCache(), files({ [A]: 1000 }), { tries: 3 });
    const end = await d.run();
    expect(end).toMatchObject({ phase: 'failed', error: null, filesStored: 0 });
    expect(server.count(A)).toBe(3);
  });

  it('a full device stops the download with a message', async () => {
    const server = new FakeServer({ [A]: 1000, [B]: 1000 });
    const cache = new FakeCache();
    cache.failPut = new DOMException('quota', 'QuotaExceededError');
    const { d } = downloader(server, cache, files({ [A]: 1000, [B]: 1000 }), { concurrency: 1 });
    const end = await d.run();
    expect(end).toMatchObject({ phase: 'failed', error: 'This device has no room left for the exam.', filesStored: 0 });
    expect(server.requests).toEqual([A]);
  });

  it('gives up a file from which nothing arrives, and fetches it again', async () => {
    const server = new FakeServer({ [A]: 3000 });
    const cache = new FakeCache();
    server.plan[A] = ['stall'];
    const { d } = downloader(server, cache, files({ [A]: 3000 }), { stallMs: 30 });
    const end = await d.run();
    expect(end).toMatchObject({ phase: 'complete', doneBytes: 8000 });
    expect(server.count(A)).toBe(2);
  });

  it('a try given up (stalled) whose file the service worker stored all the same is not downloaded again', async () => {
    const server = new FakeServer({ [A]: 3000 });
    const cache = new FakeCache();
    server.plan[A] = ['stall'];
    // the worker's own fetch of the file completes and is stored while the page's copy stalls (a busy phone)
    const fetch = async (url: string, init?: RequestInit) => {
      const res = await server.fetch(url, init);
      cache.keep(url, 3000);
      return res;
    };
    const { d } = downloader(server, cache, files({ [A]: 3000 }), { fetch, stallMs: 30 });
    expect(await d.run()).toMatchObject({ phase: 'complete', doneBytes: 8000, filesStored: 1 });
    expect(server.count(A)).toBe(1);
  });

  it('stop() on going offline ends the run as offline; run() goes on', async () => {
    const server = new FakeServer({ [A]: 50_000, [B]: 1000 });
    const cache = new FakeCache();
    const { d, seen } = downloader(server, cache, files({ [A]: 50_000, [B]: 1000 }), { concurrency: 1 });
    const run = d.run();
    await new Promise<void>((resolve) => d.subscribe(() => d.getSnapshot().doneBytes > 10_000 && resolve()));
    d.stop('offline');
    expect(await run).toMatchObject({ phase: 'offline', doneBytes: 5000, filesStored: 0 });
    expect(seen.at(-1)!.phase).toBe('offline');
    expect((await d.run()).phase).toBe('complete');
    expect(server.count(A)).toBe(2);
    expect(server.count(B)).toBe(1);
  });

  it('a run stopped and started again at once (a page mounted twice) ends complete, each file stored once', async () => {
    const sizes = { [A]: 5000, [B]: 5000, [C]: 5000, [D]: 5000 };
    const server = new FakeServer(sizes);
    const cache = new FakeCache();
    const { d } = downloader(server, cache, files(sizes));
    const first = d.run();
    d.stop();
    expect(d.getSnapshot().phase).toBe('idle');
    const second = d.run();
    expect(second).not.toBe(first);
    await first;
    expect(d.getSnapshot().phase).toBe('downloading');
    expect(await second).toMatchObject({ phase: 'complete', filesStored: 4, doneBytes: 25_000 });
    expect(cache.puts.sort()).toEqual([A, B, C, D]);
  });

  it('an exam without media is complete at once', async () => {
    const server = new FakeServer({});
    const { d } = downloader(server, new FakeCache(), []);
    expect(await d.run()).toMatchObject({ phase: 'complete', doneBytes: 5000, totalBytes: 5000, filesTotal: 0 });
    expect(server.requests).toEqual([]);
  });
});

describe('sizes as the student reads them', () => {
  it('in MB from 0.1 MB, else kB or bytes; progress in the total\'s unit', () => {
    expect(formatBytes(3_400_000)).toBe('3.4 MB');
    expect(formatBytes(823_900)).toBe('0.8 MB');
    expect(formatBytes(45_600)).toBe('46 kB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatProgress(2_130_000, 3_400_000)).toBe('2.1 of 3.4 MB');
    expect(formatProgress(5_000, 3_400_000)).toBe('0.0 of 3.4 MB');
    expect(formatProgress(12_000, 45_600)).toBe('12 of 46 kB');
    expect(formatProgress(5000, 4000)).toBe('4 of 4 kB');
  });
});
