/**
 * The app's start, held (window.__epsStart, read by shell/src/index.ts) until go(): where the page has painted without
 * the app (the prerendered login page, the student area's first paint of the exam list), the app's files load once it
 * has painted and the app starts in the page's next idle time (startWhenIdle), so a visitor who reads first finds it
 * ready; the visitor's first move (a touch, a key, a focus) or an earlier call starts it at once.
 */
import type { FirstPaintHost } from './globals';

export const FIRST_MOVES = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input'] as const;

export interface Hold {
  /** resolves once go() has run */
  start: Promise<void>;
  /** starts the app now (once): stops listening, loads its files, releases `start` */
  go(): void;
}

/** Holds the start until the first of FIRST_MOVES on `target` or go(); `onGo` runs first (it loads the app's files). */
export function holdApp(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, onGo: () => void): Hold {
  let release!: () => void;
  const start = new Promise<void>((resolve) => { release = resolve; });
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    for (const type of FIRST_MOVES) target.removeEventListener(type, go, true);
    onGo();
    release();
  };
  for (const type of FIRST_MOVES) target.addEventListener(type, go, true);
  return { start, go };
}

/** The longest the boot code waits for the first paint: on a link too slow for it, the app starts. */
export const FIRST_PAINT_TIMEOUT_MS = 10_000;
/** After a first paint, the app's files download this long after the next frame is painted (a task of its own). */
export const LOAD_AFTER_PAINT_MS = 0;

/** The longest the app's start waits for an idle moment once the page has painted without it. */
export const START_IDLE_TIMEOUT_MS = 500;

type IdleWindow = { requestIdleCallback?: (fn: () => void, options: { timeout: number }) => unknown };

/** `go` in the page's next idle time (at most START_IDLE_TIMEOUT_MS from now; without requestIdleCallback, in a task). */
export function startWhenIdle(go: () => void, win: IdleWindow = globalThis as IdleWindow) {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(go, { timeout: START_IDLE_TIMEOUT_MS });
  else setTimeout(go, 0);
}

/** After a paint without the app: its files load, and it starts when the page is idle (a move starts it sooner). */
export const loadThenStart = (loadApp: () => void, go: () => void, idle: (go: () => void) => void = startWhenIdle) => () => {
  loadApp();
  idle(go);
};

/**
 * The host a remote's first paint reports to (student-app/src/first-paint/handoff.ts): painted, the app's files
 * download a moment after the paint and the app starts in the next idle time (or on the first move, if sooner); not
 * painted, the app starts at once. Only the first report counts.
 */
export function firstPaintHost(
  hold: Hold, loadApp: () => void, schedule: (fn: () => void) => void, idle: (go: () => void) => void = startWhenIdle,
): FirstPaintHost {
  let settled = false;
  const host: FirstPaintHost = {
    go: hold.go, // (whose onGo marks it started: markStarted)
    done(painted) {
      if (settled) return;
      settled = true;
      host.painted = painted; // (the app renders off-screen, then takes its place: shell/src/bootstrap.tsx)
      if (painted && !host.started) schedule(loadThenStart(loadApp, host.go, idle));
      else host.go();
    },
  };
  return host;
}

/** `fn` a moment after the next frame is painted. */
export const afterPaint = (fn: () => void) => requestAnimationFrame(() => { setTimeout(fn, LOAD_AFTER_PAINT_MS); });

/** What go() does besides loading: marks the page's first paint host, if any, as started (it no longer draws). */
export function markStarted(host: FirstPaintHost | undefined) {
  if (host) host.started = true;
}
