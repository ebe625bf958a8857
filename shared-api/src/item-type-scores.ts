/**
 * shared-api/item-type-scores: how a score per item type reads on screens (the result detail, the student's Results
 * page, the back office's user detail and exam results: shared-ui/src/features/item-type-scores.tsx). An entry of its
 * own, apart from ./scores.ts: it needs the item types' list (./item-types.ts), which neither the first render nor the
 * exam page (whose end shows the scores) should carry. Functions only (the language is the root's i18n), so it is not
 * a shared singleton: each build bundles what it uses.
 */
// the shared package's root: its one i18n (language and catalogs), never a copy bundled with this entry
import { i18n, localDigits } from 'shared-api';
import { itemTypeLabel } from './item-types';
import type { ItemTypeScore, QuestionType } from './types';

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
