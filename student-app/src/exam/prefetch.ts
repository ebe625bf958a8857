/**
 * Fetches every audio of the exam once when it opens, so a cache has them if the connection drops later. A file
 * already in the media cache (the start page's download, ./download.ts) is ready as it is: not fetched again.
 */
import { useEffect, useState } from 'react';
import { MEDIA_CACHE } from 'shared-api';

/** The media cache's copy of `url` is there (Cache Storage missing or refusing: not known to be, so it is fetched). */
export async function inMediaCache(url: string): Promise<boolean> {
  try {
    if (typeof caches === 'undefined' || !(await caches.has(MEDIA_CACHE))) return false;
    return !!(await (await caches.open(MEDIA_CACHE)).match(url));
  } catch {
    return false;
  }
}

export function usePrefetch(urls: string[], concurrency = 3): { ready: number; total: number } {
  const key = urls.join('\n');
  const [ready, setReady] = useState(0);
  useEffect(() => {
    const list = key ? key.split('\n') : [];
    let cancelled = false;
    let next = 0;
    setReady(0);
    const worker = async () => {
      while (!cancelled && next < list.length) {
        const url = list[next++]!;
        let ok = await inMediaCache(url);
        for (let attempt = 0; attempt < 3 && !cancelled && !ok; attempt++) {
          try {
            const res = await fetch(url, { cache: 'force-cache' });
            await res.arrayBuffer();
            ok = res.ok;
          } catch {
            await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
          }
        }
        if (!cancelled && ok) setReady((n) => n + 1);
      }
    };
    for (let i = 0; i < Math.min(concurrency, list.length); i++) void worker();
    return () => {
      cancelled = true;
    };
  }, [key, concurrency]);
  return { ready, total: key ? key.split('\n').length : 0 };
}
