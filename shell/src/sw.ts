/**
 * Service worker, on Workbox (compiled to /sw.js by workbox-webpack-plugin's InjectManifest in webpack.common.ts;
 * registered by service-worker.ts in production only). Goal: a returning student on a slow or dead link starts at once.
 *
 * - Precached at install: index.html and the shell's first-render files (main.js, the global stylesheet), nothing
 *   else: a phone downloads nothing it would not load anyway (main.js comes from the HTTP cache, index.html once).
 * - Pages (navigations): the network, the precached index.html when the network fails or is slower than 4 s (every
 *   SPA route is that one page).
 * - Content-hashed files (`name.<hex>.js`) of the shell and of any remote on this origin: cache first (immutable).
 * - Media `/media/<sha256>.<ext>`: cache first in MEDIA_CACHE (shared-api/src/media-cache.ts), which outlives shell
 *   deployments and which a page may fill itself; HTTP ranges are answered from the cached whole file.
 * - remotes.json, remoteEntry.js, mf-manifest.json, first-paint.js: not intercepted while online (so a new deployment of a remote is
 *   picked up on the next visit); the cached copy when offline.
 * - /api/* and other origins: never touched.
 * The page reports the files it loaded before this worker controlled it (CACHE_URLS, service-worker.ts; never media);
 * they go through the same routes, fetched from the HTTP cache (nothing is downloaded twice).
 * The code cache's name carries this deployment's index.html revision; a new worker deletes the other `eps-` caches
 * except MEDIA_CACHE.
 */
import { MEDIA_CACHE, MEDIA_MAX_ENTRIES } from 'shared-api/media-cache';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheFallbackPlugin, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const INDEX = '/index.html';
const NAV_TIMEOUT_SECONDS = 4;
const PREFIX = 'eps-';

const manifest = self.__WB_MANIFEST;
const indexEntry = manifest.find((e): e is PrecacheEntry => typeof e !== 'string' && e.url === INDEX);
const CODE_CACHE = `${PREFIX}code-${indexEntry?.revision ?? 'dev'}`;

const HASHED_RE = /\.[0-9a-f]{8,}\.(?:js|css|svg|png|jpe?g|webp|woff2?)$/i;
const MEDIA_RE = /^\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;
const LIVE_RE = /(?:^\/remotes\.json|\/remoteEntry\.js|\/mf-manifest\.json|\/first-paint\.js)$/;

/** Only whole, successful answers are stored. */
const whole = new CacheableResponsePlugin({ statuses: [200] });

const precache = new PrecacheController();
precache.addToCacheList(manifest);

const router = new Router();
// Pages first, so the precache route never answers a navigation (no directory index, no clean URLs either).
router.registerRoute(new NavigationRoute(
  new NetworkOnly({
    networkTimeoutSeconds: NAV_TIMEOUT_SECONDS,
    plugins: [new PrecacheFallbackPlugin({ fallbackURL: INDEX, precacheController: precache })],
  }),
  { denylist: [/^\/(?:api|media|remotes)\//] },
));
router.registerRoute(new PrecacheRoute(precache, { directoryIndex: '', cleanURLs: false }));

/** Same-origin subresources outside the API (a navigation to a media file or a remote's file is left alone). */
const ours = ({ url, request }: { url: URL; request: Request }) =>
  url.origin === self.location.origin && !url.pathname.startsWith('/api/') && request.mode !== 'navigate';

router.registerRoute(new Route(
  (o) => ours(o) && MEDIA_RE.test(o.url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    // plugins run in order: only whole 200s are stored; the oldest-used file goes past MEDIA_MAX_ENTRIES; ranges are cut
    // from the stored whole file
    plugins: [whole, new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES }), new RangeRequestsPlugin()],
  }),
));
router.registerRoute(new Route(
  (o) => ours(o) && HASHED_RE.test(o.url.pathname),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [whole] }),
));
// Online, a page's own request for these goes to the network untouched; the page's CACHE_URLS message (a message
// event, not a fetch) and offline requests come here.
router.registerRoute(new Route(
  (o) => ours(o) && LIVE_RE.test(o.url.pathname) && (o.event.type !== 'fetch' || self.navigator.onLine === false),
  new NetworkFirst({ cacheName: CODE_CACHE, plugins: [whole] }),
));
router.addFetchListener();
router.addCacheListener();

self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(precache.install(event));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await precache.activate(event);
    const names = await caches.keys();
    await Promise.all(names
      .filter((n) => n.startsWith(PREFIX) && n !== CODE_CACHE && n !== MEDIA_CACHE)
      .map((n) => caches.delete(n)));
  })());
});
clientsClaim();
