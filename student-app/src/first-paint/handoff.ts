/**
 * What index.html's inline script and the exam list's first paint (./paint.ts) share (`window.__epsFirstPaint`), and
 * the app's side of it: a Start or Resume pressed before the app ran.
 */
export interface FirstPaintHost {
  /** the first paint reports: painted (the app waits for the first move), or not (the app starts at once) */
  done(painted: boolean): void;
  /** starts the app now */
  go(): void;
  /** set once the app has started: the first paint no longer draws */
  started?: boolean;
  /** the exam whose Start or Resume was pressed before the app ran */
  start?: string;
}

/** The exam whose Start or Resume was pressed before the app ran, taken once. */
export function takePendingStart(): string | undefined {
  const host = (globalThis as { __epsFirstPaint?: FirstPaintHost }).__epsFirstPaint;
  const id = host?.start;
  if (host) delete host.start;
  return id;
}
