/**
 * shared-api/scores: how results' EPS-TOPIK scores (types ResultScores) read on screens and in CSV files, one wording
 * everywhere. An entry of its own, out of the root's first render: only result screens, the exam's end and CSV exports
 * need it. Functions and constants only (the language is the root's i18n), so it is not a shared singleton: each build
 * bundles what it uses.
 */
// the shared package's root: its one i18n (language and catalogs), and no copy of its constants in this entry's chunks
import { MAX_SCORE, SECTION_MAX_SCORE, i18n, itemTypeLabel, localDigits } from 'shared-api';
import type { ItemTypeScore, QuestionType, ResultScores, ResultReview } from './types';

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

/** The sections' names as the score per item type reads them. */
const SECTION_NAME: Record<QuestionType, string> = { Reading: /*i18n*/ 'Reading', Listening: /*i18n*/ 'Listening' };

/**
 * One item type's score in words: "Listening, picture to answer: 2 of 5" (the type's label with a small first letter
 * after the section, in the language's digits). The whole line is the text the screens show, and what a chart of it
 * would say.
 */
export function itemTypeScoreText(s: ItemTypeScore): string {
  const label = itemTypeLabel(s.itemType);
  return i18n._('{section}, {type}: {correct} of {total}', {
    section: i18n._(SECTION_NAME[s.section] ?? s.section),
    type: label.charAt(0).toLocaleLowerCase() + label.slice(1),
    correct: localDigits(s.correct),
    total: localDigits(s.total),
  });
}

/** The share right of an item type's questions, 0 to 1 (0 for none). */
export const itemTypeShare = (s: ItemTypeScore): number => (s.total ? s.correct / s.total : 0);
