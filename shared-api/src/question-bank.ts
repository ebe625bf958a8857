/**
 * The question bank (issue 38 section 2, docs/question-bank.md): difficulty bands of an item's facility p, shared by
 * the server's filter and the screen's labels. The cuts are the item analysis's flags (docs/item-analysis.md): under
 * 0.2 is "hard", over 0.9 is "easy"; between them (both ends included) "medium"; an item with no result is "unrated".
 */
export const DIFFICULTY_CUTS = { hard: 0.2, easy: 0.9 } as const;

export const DIFFICULTY_BANDS = ['easy', 'medium', 'hard', 'unrated'] as const;
export type DifficultyBand = (typeof DIFFICULTY_BANDS)[number];

/** The band of a facility p (null: no result yet). */
export function difficultyBand(p: number | null): DifficultyBand {
  if (p === null) return 'unrated';
  if (p < DIFFICULTY_CUTS.hard) return 'hard';
  if (p > DIFFICULTY_CUTS.easy) return 'easy';
  return 'medium';
}
