/** Fetches every audio of the exam once when it opens, so the HTTP cache has them if the connection drops later. */
import { useEffect, useState } from 'react';

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
        let ok = false;
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
