/**
 * shared-api/scores: how results' EPS-TOPIK scores (types ResultScores) read on screens and in CSV files, one wording
 * everywhere. An entry of its own, out of the root's first render: only result screens, the exam's end and CSV exports
 * need it. Functions and constants only (the language is the root's i18n), so it is not a shared singleton: each build
 * bundles what it uses.
 */
// the shared package's root: its one i18n (language and catalogs), and no copy of its constants in this entry's chunks
import { MAX_SCORE, SECTION_MAX_SCORE, i18n, localDigits } from 'shared-api';
import type { ResultScores, ResultReview } from './types';

/**
 * Column headers (tables and CSV), in this order after the spec's columns: `Score (MAX_SCORE)`, `Reading
 * (SECTION_MAX_SCORE)`, `Listening (SECTION_MAX_SCORE)`, written out so that they are extracted (a test keeps them in
 * step). English, as CSV files keep them; a table translates a header where it shows it (`i18n._(header)`).
 */
export const SCORE_HEADERS = [/*i18n*/ 'Score (200)', /*i18n*/ 'Reading (100)', /*i18n*/ 'Listening (100)'] as const;

/** The three figures in the order of SCORE_HEADERS; nulls for an attempt without a result. */
export const scoreCells = (s: ResultScores | null | undefined): [number | null, number | null, number | null] =>
  s ? [s.totalScore, s.readingScore, s.listeningScore] : [null, null, null];

/** "150 / 200" (on screens: the language's digits) */
export const formatTotalScore = (s: ResultScores): string => localDigits(`${s.totalScore} / ${MAX_SCORE}`);
/** "75 / 100" (on screens: the language's digits) */
export const formatSectionScore = (points: number): string => localDigits(`${points} / ${SECTION_MAX_SCORE}`);

/** What a student's result detail hides and why, or null when it shows everything. */
export function reviewNote(review: ResultReview): string | null {
  if (review.shows === 'answers') return null;
  if (review.policy === 'score') return i18n._('The author of this exam shows the score only: which questions were right or wrong is not shown.');
  if (review.policy === 'marks') return i18n._('The author of this exam shows which questions were right or wrong, not the correct answers.');
  return i18n._('Correct answers are shown when you can no longer retake this exam.');
}
