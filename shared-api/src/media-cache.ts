/**
 * The Cache Storage cache the shell's service worker (shell/src/sw.ts) keeps exam media in: `/media/<sha256>.<ext>`
 * files, content-addressed and immutable, so this cache is not versioned and survives a new shell deployment (the
 * caches of code are dropped). A page may fill it ahead of time, e.g. every media file of an exam before it starts:
 * `(await caches.open(MEDIA_CACHE)).put(url, response)` with a whole 200 response; the worker then answers that URL
 * from here, whole or by HTTP Range, offline too.
 *
 * Bounded by the worker with workbox-expiration: at most MEDIA_MAX_ENTRIES files (the least recently used go first),
 * and a copy whose Date header is older than MEDIA_MAX_AGE_SECONDS counts as missing (fetched again when online,
 * unavailable offline), so put a fresh copy before an exam rather than keeping an old one.
 */
export const MEDIA_CACHE = 'eps-media';
export const MEDIA_MAX_ENTRIES = 400;
export const MEDIA_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
