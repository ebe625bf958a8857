/**
 * Service worker (compiled on its own to /sw.js by ServiceWorkerPlugin in webpack.common.ts; registered by
 * bootstrap.tsx in production only). Goal: a returning student on a slow or dead link starts at once.
 *
 * - Content-hashed files (`name.<hex>.js`) of the shell and of any remote on this origin: cache first (immutable).
 * - Media `/media/<sha256>.<ext>`: cache first (immutable); HTTP ranges are answered from the cached copy.
 * - Pages (navigations): network first, the cached index.html when the network fails or is slower than 4 s.
 * - remotes.json, remoteEntry.js, mf-manifest.json: the network while online (so a new deployment of a remote is
 *   picked up on the next visit), the cached copy when offline. While online these requests are not intercepted at
 *   all; the page reports what it loaded and the worker copies it from the HTTP cache (no second download).
 * - /api/* and other origins: never touched.
 * The cache name carries the build's version; older caches are deleted when a new worker activates.
 */
export {};

declare const __SW_VERSION__: string;

interface SwExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SwMessageEvent extends SwExtendableEvent {
  readonly data: unknown;
}
interface SwScope {
  readonly location: Location;
  readonly navigator: Navigator;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: SwFetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: SwMessageEvent) => void): void;
}
declare const self: SwScope;

const PREFIX = 'eps-';
const CACHE = `${PREFIX}${__SW_VERSION__}`;
const INDEX = '/index.html';
const NAV_TIMEOUT_MS = 4000;

const HASHED_RE = /\.[0-9a-f]{8,}\.(?:js|css|svg|png|jpe?g|webp|woff2?)$/i;
const MEDIA_RE = /^\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;
const LIVE_RE = /(?:^\/remotes\.json|\/remoteEntry\.js|\/mf-manifest\.json)$/;

type Kind = 'hashed' | 'media' | 'live' | null;

function kindOf(url: URL): Kind {
  if (url.origin !== self.location.origin) return null;
  const p = url.pathname;
  if (p.startsWith('/api/')) return null;
  if (MEDIA_RE.test(p)) return 'media';
  if (HASHED_RE.test(p)) return 'hashed';
  if (LIVE_RE.test(p)) return 'live';
  return null;
}

/** Only whole, same-origin, successful answers are stored. */
function storable(res: Response): boolean {
  return res.status === 200 && (res.type === 'basic' || res.type === 'default');
}

async function put(key: string | Request, res: Response): Promise<void> {
  if (!storable(res)) return;
  const cache = await caches.open(CACHE);
  await cache.put(key, res);
}

async function cacheFirst(req: Request): Promise<Response> {
  const hit = await caches.match(req.url, { cacheName: CACHE });
  if (hit) return hit;
  const res = await fetch(req);
  if (storable(res)) await put(req.url, res.clone());
  return res;
}

/** Media with a Range header: answered from the cached whole file when there is one. */
async function mediaRange(req: Request): Promise<Response> {
  const hit = await caches.match(req.url, { cacheName: CACHE });
  if (!hit) return fetch(req);
  const buf = await hit.arrayBuffer();
  const size = buf.byteLength;
  const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.get('range') ?? '');
  let start = 0;
  let end = size - 1;
  if (m && (m[1] || m[2])) {
    if (m[1] === '') start = Math.max(0, size - Number(m[2]));
    else {
      start = Number(m[1]);
      if (m[2] !== '') end = Math.min(Number(m[2]), size - 1);
    }
  }
  if (start >= size || start > end) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  const headers = new Headers(hit.headers);
  headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  headers.set('Content-Length', String(end - start + 1));
  return new Response(buf.slice(start, end + 1), { status: 206, statusText: 'Partial Content', headers });
}

function isHtml(res: Response): boolean {
  return storable(res) && (res.headers.get('content-type') ?? '').includes('text/html');
}

/** Network first for pages; every SPA route is the same index.html, stored under one key. */
async function page(req: Request): Promise<Response> {
  const network = fetch(req).then(async (res) => {
    if (isHtml(res)) await put(INDEX, res.clone());
    return res;
  });
  const cached = await caches.match(INDEX, { cacheName: CACHE });
  if (!cached) return network;
  const timeout = new Promise<Response>((resolve) => setTimeout(() => resolve(cached), NAV_TIMEOUT_MS));
  return Promise.race([network.catch(() => cached), timeout]);
}

async function liveOffline(req: Request): Promise<Response> {
  const hit = await caches.match(req.url, { cacheName: CACHE });
  return hit ?? fetch(req);
}

/** Copies files the page already loaded (reported by bootstrap.tsx) from the HTTP cache into this cache. */
async function remember(urls: string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map(async (raw) => {
    let url: URL;
    try {
      url = new URL(raw, self.location.href);
    } catch {
      return;
    }
    const kind = kindOf(url);
    if (!kind) return;
    url.hash = '';
    if (kind !== 'live' && (await cache.match(url.href))) return;
    try {
      const res = await fetch(url.href, { cache: 'force-cache', credentials: 'same-origin' });
      if (storable(res)) await cache.put(url.href, res);
    } catch {
      // offline or gone: keep what we have
    }
  }));
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    try {
      const res = await fetch('/', { cache: 'reload', credentials: 'same-origin' });
      if (isHtml(res)) await put(INDEX, res);
    } catch {
      // installed anyway; the next navigation stores the page
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'cache' && Array.isArray(data.urls)) {
    event.waitUntil(remember(data.urls.filter((u): u is string => typeof u === 'string').slice(0, 500)));
  }
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (req.mode === 'navigate') {
    if (/^\/(media|remotes)\//.test(url.pathname)) return;
    event.respondWith(page(req));
    return;
  }
  const kind = kindOf(url);
  if (kind === 'hashed') event.respondWith(cacheFirst(req));
  else if (kind === 'media') event.respondWith(req.headers.has('range') ? mediaRange(req) : cacheFirst(req));
  else if (kind === 'live' && self.navigator.onLine === false) event.respondWith(liveOffline(req));
});
