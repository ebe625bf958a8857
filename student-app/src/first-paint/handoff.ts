/**
 * What index.html's inline script and the exam list's first paint (./paint.ts) share (`window.__epsFirstPaint`), and
 * the app's side of it: what the student did on the first paint before the app ran, done again on the app's page.
 */
export interface FirstPaintHost {
  /** the first paint reports: painted (the app starts in the next idle time, or on the first move), or not (at once) */
  done(painted: boolean): void;
  /** starts the app now */
  go(): void;
  /** set once the app has started: the first paint no longer draws */
  started?: boolean;
  /** the exam whose Start or Resume was pressed before the app ran */
  start?: string;
  /** the focused control (its index among FOCUSABLE in the page): the first Tab starts the app, the next ones move here */
  focus?: number;
  /** set once the app's list has taken the above: the first paint records no more */
  taken?: boolean;
  /** set by index.html when the first paint is on screen: the app then renders off-screen until ready() */
  painted?: boolean;
  /** set by the shell's bootstrap: puts the app's page in the first paint's place (the list calls it once drawn) */
  ready?: () => void;
}

/** The controls of the page a keyboard reaches, in the same order in the first paint and in the app's render. */
export const FOCUSABLE = 'a[href], button';

const host = () => (globalThis as { __epsFirstPaint?: FirstPaintHost }).__epsFirstPaint;

/**
 * Once the app's list shows the same page: the app's page takes the first paint's place, and what was done on the first
 * paint meanwhile is taken (once): the control focused there is focused here, and the exam whose Start or Resume was
 * pressed is returned.
 */
export function takeFirstPaintHandoff(): string | undefined {
  const h = host();
  if (!h || h.taken) return undefined;
  h.taken = true;
  h.ready?.();
  restoreFocus(h.focus);
  return h.start;
}

/** Focuses the control the first paint had focused, unless the student has focused another since. */
export function restoreFocus(index: number | undefined) {
  const active = document.activeElement;
  if (index === undefined || (active && active !== document.body)) return;
  const el = document.getElementById('root')?.querySelectorAll<HTMLElement>(FOCUSABLE)[index];
  el?.focus();
}
