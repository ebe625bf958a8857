/** Full screen while an exam runs (the start page asks on Get Started, the exam page leaves it at the end). */

export function requestFullScreen() {
  try {
    const p = document.documentElement.requestFullscreen?.();
    if (p && typeof p.catch === 'function') p.catch(() => {});
  } catch {
    /* not allowed without a gesture, or unsupported: the exam works the same */
  }
}

export function exitFullScreen() {
  try {
    if (document.fullscreenElement) {
      const p = document.exitFullscreen?.();
      if (p && typeof p.catch === 'function') p.catch(() => {});
    }
  } catch {
    /* ignore */
  }
}
