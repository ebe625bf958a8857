import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreProvider, deviceLanguage, getLanguage, setLanguage } from 'shared-api';
import { BrowserRouter, LanguageProvider, UiProvider, globalStylesReady } from 'shared-ui';
import { App } from './app';
import { capturePrerenderedLogin } from './prerendered-login';

capturePrerenderedLogin();
// The global stylesheet is preloaded by index.html: waiting for it costs nothing and nothing paints unstyled.
// The first render is a transition: React renders it in slices of a few ms and yields between them, so a phone's
// main thread stays free for taps and paints instead of one long task (the page shows "Loading…" or the
// prerendered login form meanwhile).
globalStylesReady().then(() => {
  // a language chosen in the prerendered login page after this code was read: the first render is in it
  if (deviceLanguage() !== getLanguage()) void setLanguage(deviceLanguage(), { keep: false });
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(
    <StoreProvider>
      <UiProvider>
        <BrowserRouter>
          <LanguageProvider>
            <App />
          </LanguageProvider>
        </BrowserRouter>
      </UiProvider>
    </StoreProvider>,
  ));
});

/** Same-origin files worth keeping for the next visit (never the API). */
function keepable(name: string): boolean {
  try {
    const url = new URL(name, window.location.href);
    return url.origin === window.location.origin && !url.pathname.startsWith('/api/');
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
function registerServiceWorker() {
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

registerServiceWorker();
