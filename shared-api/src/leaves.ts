/**
 * shared-api/leaves: wording of exam times, a result's record of leaving the exam (information, never a penalty) and
 * an exam's length, in the current language and its digits. An entry of its own, out of the root's first render: only
 * the start page, result details and the back office need it. Functions only (the language is the root's i18n), so it
 * is not a shared singleton: each build bundles what it uses.
 */
// the one i18n (its language and catalogs) is the shared package's: never a copy bundled with this entry
import { i18n, localDigits } from 'shared-api';
import type { LeaveSummary } from './types';

/** "2 min 10 s", "45 s", "1 h 5 min" (whole seconds, rounded up: a blink still shows as 1 s). */
export function leaveDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = localDigits(Math.floor(total / 3600));
  const m = localDigits(Math.floor((total % 3600) / 60));
  const s = localDigits(total % 60);
  if (total >= 3600) return total % 3600 >= 60 ? i18n._('{h} h {m} min', { h, m }) : i18n._('{h} h', { h });
  if (total >= 60) return total % 60 ? i18n._('{m} min {s} s', { m, s }) : i18n._('{m} min', { m });
  return i18n._('{s} s', { s });
}

/** "Left the exam 3 times, 2 min 10 s in all", "Left the exam once, 5 s", "Did not leave the exam". */
export function leaveText(l: LeaveSummary): string {
  if (!l.count) return i18n._('Did not leave the exam');
  const duration = leaveDuration(l.ms);
  return l.count === 1
    ? i18n._('Left the exam once, {duration}', { duration })
    : i18n._('Left the exam {count} times, {duration} in all', { count: localDigits(l.count), duration });
}

/** An exam's length: "75 minutes", "62 minutes 30 seconds", "1 minute". */
export function minutesText(seconds: number): string {
  const all = Math.max(0, Math.round(seconds));
  const m = Math.floor(all / 60);
  const s = all % 60;
  // m and s choose the plural; minutes and seconds are what is shown (the language's digits)
  const values = { m, s, minutes: localDigits(m), seconds: localDigits(s) };
  return s
    ? i18n._('{m, plural, one {{minutes} minute} other {{minutes} minutes}} {s, plural, one {{seconds} second} other {{seconds} seconds}}', values)
    : i18n._('{m, plural, one {{minutes} minute} other {{minutes} minutes}}', values);
}

/** CSV columns of a result's record of leaving the exam, after the score columns. */
export const LEAVE_CSV_HEADERS = ['Times Left The Exam', 'Time Away (s)'] as const;

/** The cells of LEAVE_CSV_HEADERS: how many times, and the seconds in all (rounded up, as leaveDuration); empty when unknown. */
export const leaveCells = (l: LeaveSummary | null | undefined): [number | null, number | null] =>
  l ? [l.count, Math.max(0, Math.ceil(l.ms / 1000))] : [null, null];
