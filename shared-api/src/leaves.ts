/** Wording of exam times: a result's record of leaving the exam (information, never a penalty), an exam's length. */
import type { LeaveSummary } from './types';

/** "2 min 10 s", "45 s", "1 h 5 min" (whole seconds, rounded up: a blink still shows as 1 s). */
export function leaveDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return s ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** "Left the exam 3 times, 2 min 10 s in all", "Left the exam once, 5 s", "Did not leave the exam". */
export function leaveText(l: LeaveSummary): string {
  if (!l.count) return 'Did not leave the exam';
  return l.count === 1 ? `Left the exam once, ${leaveDuration(l.ms)}` : `Left the exam ${l.count} times, ${leaveDuration(l.ms)} in all`;
}

/** An exam's length: "75 minutes", "62 minutes 30 seconds". */
export function minutesText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest ? `${m} minutes ${rest} seconds` : `${m} minutes`;
}

/** CSV columns of a result's record of leaving the exam, after the score columns. */
export const LEAVE_CSV_HEADERS = ['Times Left The Exam', 'Time Away (s)'] as const;

/** The cells of LEAVE_CSV_HEADERS: how many times, and the seconds in all (rounded up, as leaveDuration); empty when unknown. */
export const leaveCells = (l: LeaveSummary | null | undefined): [number | null, number | null] =>
  l ? [l.count, Math.max(0, Math.ceil(l.ms / 1000))] : [null, null];
