/**
 * What the page's boot code leaves on `window` for the bundles that come after it:
 * - `__epsConfig`: remotes.json, asked for at once (shared-api/src/runtime-config.ts takes it);
 * - `__epsEarly`: a student's two exam-list answers by path (shared-api/src/endpoints/exam-lists.ts takes them; the
 *   student area's first paint, student-app/src/first-paint/paint.ts, reads them);
 * - `__epsStart`: the app's start, held until the page has painted and is idle, or the visitor's first move
 *   (shell/src/index.ts waits on it: ./hold.ts);
 * - `__epsFirstPaint`: what the boot code shares with the student area's first paint (student-app/src/first-paint/handoff.ts).
 */
import type { RuntimeConfig } from 'shared-api';

/** Answers of requests sent before any bundle, by their path under the API (JSON, or null on any failure). */
export type EarlyAnswers = Record<string, Promise<unknown> | undefined>;

/** The boot code's side of student-app/src/first-paint/handoff.ts's FirstPaintHost. */
export interface FirstPaintHost {
  go(): void;
  done(painted: boolean): void;
  started?: boolean;
  painted?: boolean;
}

export interface BootGlobals {
  __epsConfig?: Promise<RuntimeConfig>;
  __epsEarly?: EarlyAnswers;
  __epsStart?: Promise<void>;
  __epsFirstPaint?: FirstPaintHost;
}

export const bootGlobals = () => window as unknown as BootGlobals;

/** `fn` in a task of its own: the page goes on parsing meanwhile, and no task grows long. */
export const later = (fn: () => void) => { setTimeout(fn, 0); };
