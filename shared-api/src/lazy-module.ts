/**
 * A module (or any value) fetched once, on first need: the one loader behind the lazily loaded parts of the product
 * (the form schemas here; the heavy Chakra components and the lazy screens in shared-ui). A failed fetch (offline) is
 * forgotten, so the next call tries again; `settled()` is the same fetch that resolves to null instead of failing.
 */
export interface LazyModule<T> {
  /** the value if it has arrived */
  now(): T | undefined;
  /** fetches it once; rejects when the fetch fails (the next call fetches again) */
  load(): Promise<T>;
  /** like load(), but null when the fetch failed */
  settled(): Promise<T | null>;
}

export function lazyModule<T>(fetch: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  let settling: Promise<T | null> | undefined;
  const load = (): Promise<T> => {
    pending ??= fetch().then(
      (v) => (value = v),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  return {
    now: () => value,
    load,
    settled: () => {
      settling ??= load().catch(() => {
        settling = undefined;
        return null;
      });
      return settling;
    },
  };
}
