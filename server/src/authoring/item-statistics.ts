/**
 * Classical item statistics of one exam's results (pure; formulas and rules in docs/item-analysis.md): facility,
 * corrected point-biserial, the upper-lower 27% index, distractor shares, flags, and KR-20 with mean and SD.
 * Every result is a row of scored responses over the exam's existing questions; a question the result did not answer
 * (or has no entry for) counts as wrong.
 */
import { DIFFICULTY_CUTS } from 'shared-api/question-bank';
import type { DistractorOption, DistractorRow, ItemFlag, QuestionSummaryRow, ScoreSummary } from 'shared-api/types';

export const CHOICES = ['1', '2', '3', '4'] as const;
export type Choice = (typeof CHOICES)[number];
const DISTRACTOR_OPTIONS: readonly DistractorOption[] = [...CHOICES, 'unanswered'];

/** One result's answer to one question: the option chosen (null = unanswered) and whether it was scored correct. */
export interface ScoredResponse {
  choice: Choice | null;
  correct: boolean;
}

/** One result: question number -> its response; a number missing from the map was not answered. */
export type ResultResponses = ReadonlyMap<number, ScoredResponse>;

/** An existing question of the exam and its correct option ('1'..'4'). */
export interface Item {
  questionNumber: number;
  key: string;
}

export const THRESHOLDS = { hard: DIFFICULTY_CUTS.hard, easy: DIFFICULTY_CUTS.easy, pointBiserial: 0.2, distractor: 0.05, reliableResults: 30 } as const;

export const REASONS = {
  noResults: 'No results yet',
  oneResult: 'Needs at least 2 results',
  allRight: 'Every result answered it correctly (no variance)',
  allWrong: 'No result answered it correctly (no variance)',
  restConstant: 'The totals of the other questions do not vary',
  fewQuestions: 'Needs at least 2 questions',
  totalsConstant: 'Every result has the same total (no variance)',
} as const;

/** The size of the upper and of the lower group: ceil(27% of n), in integers (0.27 * 100 is 27.000000000000004). */
export function groupSize(n: number): number | null {
  return n < 2 ? null : Math.ceil((27 * n) / 100);
}

/** One question's figures: the analysis fields of a Question Summary row. */
export type ItemFigures = Pick<QuestionSummaryRow,
  'facility' | 'correct' | 'unanswered' | 'pointBiserial' | 'pointBiserialReason' | 'discrimination' | 'discriminationReason' | 'distractors' | 'flags'>;

export interface ItemStatistics {
  results: number;
  groupSize: number | null;
  note: string | null;
  exam: ScoreSummary;
  sections: ScoreSummary[];
  items: Map<number, ItemFigures>;
}

export interface Section {
  label: string;
  range: readonly [number, number];
}

const isCorrect = (r: ResultResponses, n: number) => r.get(n)?.correct === true;
const choiceOf = (r: ResultResponses, n: number): DistractorOption => r.get(n)?.choice ?? 'unanswered';

/** The note shown with the figures: none from 30 results. */
export function resultsNote(n: number): string | null {
  if (n === 0) return REASONS.noResults;
  if (n < THRESHOLDS.reliableResults) return `Based on ${n} result${n === 1 ? '' : 's'}; figures under ${THRESHOLDS.reliableResults} results are unreliable`;
  return null;
}

/**
 * Pearson correlation from integer sums (population form; the n's cancel): exact numerators, no running means.
 * null when either variable does not vary.
 */
function correlation(n: number, sx: number, sy: number, sxx: number, syy: number, sxy: number): number | null {
  const vx = n * sxx - sx * sx;
  const vy = n * syy - sy * sy;
  if (vx === 0 || vy === 0) return null;
  return (n * sxy - sx * sy) / Math.sqrt(vx * vy);
}

/** A corrected point-biserial and, when it is undefined, why (REASONS). */
export interface PointBiserial {
  pointBiserial: number | null;
  pointBiserialReason: string | null;
}

/**
 * The sums the corrected point-biserial of one item rests on, over its uses: n uses, `correct` of them right, and over
 * the totals of the other questions of each use's exam (rest): their sum, the sum of their squares and their sum over
 * the right uses. Sums add up, so the question bank keeps them per exam (./bank-figures.ts).
 */
export interface UseSums {
  n: number;
  correct: number;
  restSum: number;
  restSquares: number;
  correctRestSum: number;
}

/**
 * The corrected point-biserial from its sums: undefined under 2 uses, when every use or none was correct, or when the
 * rests do not vary.
 */
export function pointBiserialOfSums(s: UseSums): PointBiserial {
  if (s.n === 0) return { pointBiserial: null, pointBiserialReason: REASONS.noResults };
  if (s.n < 2) return { pointBiserial: null, pointBiserialReason: REASONS.oneResult };
  if (s.correct === s.n) return { pointBiserial: null, pointBiserialReason: REASONS.allRight };
  if (s.correct === 0) return { pointBiserial: null, pointBiserialReason: REASONS.allWrong };
  // x is 0/1: its sum of squares is its sum
  const pointBiserial = correlation(s.n, s.correct, s.restSum, s.correct, s.restSquares, s.correctRestSum);
  return { pointBiserial, pointBiserialReason: pointBiserial === null ? REASONS.restConstant : null };
}

/**
 * The corrected point-biserial of one item over its uses: `x[i]` is 1 when use i was answered correctly (else 0),
 * `rest[i]` the total of the other questions of that use's exam (pointBiserialOfSums of their sums). Used per exam
 * (itemStatistics); the question bank keeps the sums across every exam an item was used in.
 */
export function correctedPointBiserial(x: readonly number[], rest: readonly number[]): PointBiserial {
  let correct = 0, restSum = 0, restSquares = 0, correctRestSum = 0;
  for (let i = 0; i < x.length; i++) {
    correct += x[i]!;
    restSum += rest[i]!;
    restSquares += rest[i]! * rest[i]!;
    correctRestSum += x[i]! * rest[i]!;
  }
  return pointBiserialOfSums({ n: x.length, correct, restSum, restSquares, correctRestSum });
}

/** KR-20, mean and population SD of the totals over `items`. */
export function scoreSummary(label: string, items: readonly Item[], results: readonly ResultResponses[]): ScoreSummary {
  const n = results.length;
  const k = items.length;
  const totals = results.map((r) => items.reduce((t, it) => t + (isCorrect(r, it.questionNumber) ? 1 : 0), 0));
  const sum = totals.reduce((a, b) => a + b, 0);
  const sumSq = totals.reduce((a, b) => a + b * b, 0);
  const base = { label, questions: k, results: n };
  if (n === 0) return { ...base, mean: null, sd: null, kr20: null, kr20Reason: REASONS.noResults };
  const mean = sum / n;
  const variance = (n * sumSq - sum * sum) / (n * n); // population: divides by n
  const sd = Math.sqrt(variance);
  let kr20: number | null = null;
  let kr20Reason: string | null = null;
  if (k < 2) kr20Reason = REASONS.fewQuestions;
  else if (n < 2) kr20Reason = REASONS.oneResult;
  else if (variance === 0) kr20Reason = REASONS.totalsConstant;
  else {
    let sumPq = 0;
    for (const it of items) {
      const p = results.reduce((c, r) => c + (isCorrect(r, it.questionNumber) ? 1 : 0), 0) / n;
      sumPq += p * (1 - p);
    }
    kr20 = (k / (k - 1)) * (1 - sumPq / variance);
  }
  return { ...base, mean, sd, kr20, kr20Reason };
}

function flagsOf(f: Omit<ItemFigures, 'flags'>, key: string): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (f.facility === null) return flags;
  if (f.facility < THRESHOLDS.hard) flags.push({ code: 'hard', text: 'Hard: p under 0.2' });
  if (f.facility > THRESHOLDS.easy) flags.push({ code: 'easy', text: 'Easy: p over 0.9' });
  if (f.pointBiserial !== null && f.pointBiserial < THRESHOLDS.pointBiserial) {
    flags.push({ code: 'low-discrimination', text: 'Low discrimination: point-biserial under 0.2' });
  }
  if ((f.pointBiserial !== null && f.pointBiserial < 0) || (f.discrimination !== null && f.discrimination < 0)) {
    flags.push({ code: 'negative-discrimination', text: 'Negative discrimination: check the key' });
  }
  const weak = f.distractors.filter((d) => d.option !== 'unanswered' && d.option !== key && d.all !== null && d.all < THRESHOLDS.distractor);
  if (weak.length) {
    flags.push({ code: 'weak-distractor', text: `Option ${weak.map((d) => d.option).join(', ')} chosen by under 5%` });
  }
  return flags;
}

/**
 * Figures of every item, of the exam and of each section. `results` in a fixed order (the caller's: oldest first):
 * among equal totals at a group's cut the earlier result goes to the upper group (a stable sort by total, descending).
 * The point-biserial correlates each item with the total of the other items of the whole exam.
 */
export function itemStatistics(items: readonly Item[], results: readonly ResultResponses[], sections: readonly Section[]): ItemStatistics {
  const n = results.length;
  const totals = results.map((r) => items.reduce((t, it) => t + (isCorrect(r, it.questionNumber) ? 1 : 0), 0));
  const g = groupSize(n);
  const order = results.map((_, i) => i).sort((a, b) => totals[b]! - totals[a]!); // stable: ties keep input order
  const upper = g === null ? [] : order.slice(0, g).map((i) => results[i]!);
  const lower = g === null ? [] : order.slice(n - g).map((i) => results[i]!);

  const figures = new Map<number, ItemFigures>();
  for (const it of items) {
    const q = it.questionNumber;
    const x = results.map((r) => (isCorrect(r, q) ? 1 : 0));
    const correct = x.reduce<number>((a, b) => a + b, 0);
    const unanswered = results.filter((r) => choiceOf(r, q) === 'unanswered').length;
    const facility = n ? correct / n : null;

    const { pointBiserial, pointBiserialReason } = correctedPointBiserial(x, results.map((_, i) => totals[i]! - x[i]!));

    let discrimination: number | null = null;
    let discriminationReason: string | null = null;
    if (g === null) discriminationReason = n === 0 ? REASONS.noResults : REASONS.oneResult;
    else discrimination = (upper.filter((r) => isCorrect(r, q)).length - lower.filter((r) => isCorrect(r, q)).length) / g;

    const share = (group: readonly ResultResponses[], o: DistractorOption) => group.filter((r) => choiceOf(r, q) === o).length / group.length;
    const distractors: DistractorRow[] = DISTRACTOR_OPTIONS.map((o) => ({
      option: o,
      key: o === it.key,
      count: results.filter((r) => choiceOf(r, q) === o).length,
      upper: g === null ? null : share(upper, o),
      lower: g === null ? null : share(lower, o),
      all: n ? share(results, o) : null,
    }));
    const f = { facility, correct, unanswered, pointBiserial, pointBiserialReason, discrimination, discriminationReason, distractors };
    figures.set(q, { ...f, flags: flagsOf(f, it.key) });
  }

  const inRange = (s: Section) => items.filter((it) => it.questionNumber >= s.range[0] && it.questionNumber <= s.range[1]);
  return {
    results: n,
    groupSize: g,
    note: resultsNote(n),
    exam: scoreSummary('Exam', items, results),
    sections: sections.map((s) => scoreSummary(s.label, inRange(s), results)),
    items: figures,
  };
}
