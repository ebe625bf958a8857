/**
 * Wires the record of leaving the exam (./leave-record.ts) to the page while the exam runs: the page hidden
 * (visibilitychange), the window blurred, full screen left (back when full screen is entered again or the student
 * works on the page again). Times are on the server's clock (the device's corrected by `offsetRef`). Returns
 * `finish`: the exam ends, whatever is open is finished and everything is sent (before the submission).
 */
import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import { useRecordLeavesMutation } from 'shared-api/student-exam';
import { LeaveQueue, LeaveTracker } from './leave-record';

export function useLeaveRecord(attemptId: string, userId: string, active: boolean, offsetRef: RefObject<number>) {
  const [recordLeaves] = useRecordLeavesMutation();
  const now = useCallback(() => Date.now() + (offsetRef.current ?? 0), [offsetRef]);
  const queue = useMemo(
    () => new LeaveQueue({ attemptId, send: (leaves) => recordLeaves({ attemptId, userId, leaves }).unwrap() }),
    [attemptId, userId, recordLeaves],
  );
  const tracker = useMemo(() => new LeaveTracker(attemptId, (r) => void queue.add(r)), [attemptId, queue]);

  useEffect(() => {
    // a record left open when the page was closed or reloaded while away ends now; kept records go out again
    tracker.resume(now());
    void queue.flush();
    const online = () => queue.online();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      queue.dispose();
    };
  }, [tracker, queue, now]);

  useEffect(() => {
    if (!active) return undefined;
    let fullScreen = !!document.fullscreenElement;
    const onFullScreen = () => {
      const was = fullScreen;
      fullScreen = !!document.fullscreenElement;
      if (was && !fullScreen) tracker.leave('fullscreen', now());
      else if (fullScreen) tracker.back('fullscreen', now());
    };
    // working on the page again (windowed) ends a full-screen leave
    const onWork = () => tracker.back('fullscreen', now());
    const events: [EventTarget, string, () => void][] = [
      [document, 'visibilitychange', () => (document.visibilityState === 'hidden' ? tracker.leave('hidden', now()) : tracker.back('hidden', now()))],
      [window, 'blur', () => tracker.leave('blur', now())],
      [window, 'focus', () => tracker.back('blur', now())],
      [document, 'fullscreenchange', onFullScreen],
      [document, 'pointerdown', onWork],
      [document, 'keydown', onWork],
    ];
    for (const [target, type, fn] of events) target.addEventListener(type, fn);
    return () => {
      for (const [target, type, fn] of events) target.removeEventListener(type, fn);
    };
  }, [active, tracker, now]);

  return useCallback(async () => {
    tracker.finish(now());
    await queue.flush();
  }, [tracker, queue, now]);
}
