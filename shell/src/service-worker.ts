/** The page's side of the service worker (src/sw.ts): its registration, and the files it is asked to keep. */
/**
 * Same-origin files worth keeping for the next visit: never the API, nor media. The media cache is filled by the worker's
 * own route as the page asks for a file and by the exam's download; asked again here while the worker was still storing
 * a file it had fetched for the page, Workbox fetched it a second time (an exam's audio downloaded twice on a paid link).
 */
export function keepable(name: string): boolean {
  try {
    const url = new URL(name, window.location.href);
    return url.origin === window.location.origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/');
  } catch {
    return false;
  }
}

/**
 * Production only: registers /sw.js after the first render, then tells the worker which files this page has
 * loaded (the shell before the worker existed, the role's remote while it was not yet in control), so it can keep
 * them for a repeat or offline visit: Workbox's CACHE_URLS message (workbox-routing's Router.addCacheListener), each
 * asked from the HTTP cache (`force-cache`), so nothing is downloaded twice.
 */
export function registerServiceWorker() {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js').then(async () => {
      const reg = await navigator.serviceWorker.ready;
      const post = (urls: string[]) => {
        const list = [...new Set(urls.filter(keepable))].slice(0, 500);
        const urlsToCache = list.map((url) => [url, { cache: 'force-cache', credentials: 'same-origin' }]);
        if (list.length) reg.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
      };
      post(performance.getEntriesByType('resource').map((e) => e.name));
      let batch: string[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      new PerformanceObserver((list) => {
        batch.push(...list.getEntries().map((e) => e.name));
        clearTimeout(timer);
        timer = setTimeout(() => { post(batch); batch = []; }, 500);
      }).observe({ type: 'resource' });
    }).catch(() => {
      // blocked or unsupported: the app works the same without it
    });
  };
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', start, { once: true });
}

