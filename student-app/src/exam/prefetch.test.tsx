import { renderHook, waitFor } from '@testing-library/react';
import { MEDIA_CACHE } from 'shared-api';
import { usePrefetch } from './prefetch';

/** Cache Storage with one cache, MEDIA_CACHE, holding `stored`. */
function fakeCaches(stored: string[]) {
  const cache = { match: async (url: string) => (stored.includes(url) ? new Response('x') : undefined) };
  return {
    has: async (name: string) => name === MEDIA_CACHE,
    open: async (name: string) => {
      if (name !== MEDIA_CACHE) throw new Error(`opened ${name}`);
      return cache;
    },
  };
}

describe("the exam page's audio prefetch", () => {
  const g = globalThis as unknown as { caches?: unknown; fetch: typeof fetch };
  const realFetch = g.fetch;
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    g.fetch = (async (url: string) => {
      fetched.push(url);
      return new Response(new Uint8Array(100));
    }) as typeof fetch;
  });
  afterEach(() => {
    g.fetch = realFetch;
    delete g.caches;
  });

  it('does not download again what the start page put in the media cache', async () => {
    g.caches = fakeCaches(['/media/a.mp3', '/media/c.mp3']);
    const { result } = renderHook(() => usePrefetch(['/media/a.mp3', '/media/b.mp3', '/media/c.mp3', '/media/d.mp3']));
    await waitFor(() => expect(result.current).toEqual({ ready: 4, total: 4 }));
    expect(fetched.sort()).toEqual(['/media/b.mp3', '/media/d.mp3']);
  });

  it('fetches every audio where there is no Cache Storage', async () => {
    const { result } = renderHook(() => usePrefetch(['/media/a.mp3', '/media/b.mp3']));
    await waitFor(() => expect(result.current).toEqual({ ready: 2, total: 2 }));
    expect(fetched.sort()).toEqual(['/media/a.mp3', '/media/b.mp3']);
  });
});
