/**
 * The running exam's clock: the time left to the server's deadline on the server's clock (./clock.ts; the device's
 * clock corrected by the offset of the last server answer that carried `serverNow`), ticking every second, and the
 * 10 and 5 minutes left notes (said once each).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Attempt } from 'shared-api';
import { clockOffset, remainingMs, timeAnnouncement } from './clock';

export interface ExamClock {
  /** ms left, never negative */
  remaining: number;
  timeOver: boolean;
  /** the last of the 10 and 5 minutes notes reached, or null */
  timeNote: string | null;
  /** server clock − device clock, in ms (for the records of leaving, on the server's clock) */
  offsetRef: RefObject<number>;
  /** a server answer carried its clock: the offset follows it */
  serverNow: (serverNow: string) => void;
}

/** `receivedAt`: when this device received `attempt` (Date.now()). */
export function useExamClock(attempt: Pick<Attempt, 'serverNow' | 'deadlineAt'>, receivedAt: number): ExamClock {
  const [offset, setOffset] = useState(() => clockOffset(attempt.serverNow, receivedAt));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const remaining = remainingMs(attempt.deadlineAt, offset, now);
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  // 10 and 5 minutes left: said once each to screen readers (a polite live region) and shown in the header
  const [timeNote, setTimeNote] = useState<string | null>(null);
  const remainingBefore = useRef<number | null>(null);
  useEffect(() => {
    const note = timeAnnouncement(remainingBefore.current, remaining);
    remainingBefore.current = remaining;
    if (note) setTimeNote(note);
  }, [remaining]);
  const serverNow = useCallback((at: string) => setOffset(clockOffset(at, Date.now())), []);
  return { remaining, timeOver: remaining <= 0, timeNote, offsetRef, serverNow };
}
