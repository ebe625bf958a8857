/**
 * Full screen while an exam runs: asked for by the press that starts or resumes it (the start page) and by the exam
 * header's button, left at the end. Browsers grant it only inside a user's gesture, and some never (an iPhone, a frame
 * without `allow="fullscreen"`): there nothing is asked (no console error), and the exam works the same.
 */
import { useSyncExternalStore } from 'react';

/** The browser lets this page go full screen (false in a frame that does not allow it, or with no Fullscreen API). */
export const fullScreenAllowed = () => typeof document !== 'undefined' && !!document.fullscreenEnabled && !!document.documentElement.requestFullscreen;

/**
 * Asks for full screen; call it synchronously in a press's handler, before any await. Resolves once the browser has
 * answered (granted or not; never rejects).
 */
export function requestFullScreen(): Promise<void> {
  // No press being handled (navigator.userActivation: Chromium, Firefox, Safari 16.4+): the browser would refuse with
  // a console error.
  if (!fullScreenAllowed() || document.fullscreenElement || navigator.userActivation?.isActive === false) return Promise.resolve();
  try {
    return Promise.resolve(document.documentElement.requestFullscreen()).catch(() => undefined);
  } catch {
    return Promise.resolve(); // refused at once: the exam works the same
  }
}

export function exitFullScreen() {
  try {
    if (document.fullscreenElement) void Promise.resolve(document.exitFullscreen?.()).catch(() => undefined);
  } catch {
    /* ignore */
  }
}

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};

/** Whether the page is in full screen now (follows the student's Esc and the browser's own exits). */
export function useInFullScreen() {
  return useSyncExternalStore(subscribe, () => !!document.fullscreenElement, () => false);
}
