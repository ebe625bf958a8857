/**
 * Item analysis against a worked example whose figures were computed by hand (below), not by the code under test;
 * plus the edge cases: every result right, a single result, unanswered questions, missing questions, no results.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { groupSize, itemStatistics, REASONS, type Choice, type ResultResponses } from '../src/authoring/item-statistics.ts';
import { itemAnalysis, SECTIONS, type AnalysedAnswer, type SummaryQuestion } from '../src/authoring/item-analysis.ts';

/*
 * THE WORKED EXAMPLE: 10 results (S1 oldest .. S10 newest) x 5 questions: 1, 2, 3 (Reading) and 21, 22 (Listening).
 * Keys: Q1 = 1, Q2 = 2, Q3 = 3, Q21 = 4, Q22 = 1. '-' = unanswered (counts as wrong).
 *
 *        choices              scored (1 = right)     total T
 *        Q1 Q2 Q3 Q21 Q22     Q1 Q2 Q3 Q21 Q22
 *  S1     1  2  3  4   2       1  1  1  1   0        4
 *  S2     1  2  3  4   3       1  1  1  1   0        4
 *  S3     1  2  3  1   2       1  1  1  0   0        3
 *  S4     1  2  1  4   1       1  1  0  1   1        4
 *  S5     1  3  3  -   1       1  0  1  0   1        3
 *  S6     1  1  2  4   4       1  0  0  1   0        2
 *  S7     1  2  -  2   1       1  1  0  0   1        3
 *  S8     2  3  4  -   1       0  0  0  0   1        1
 *  S9     1  -  2  3   1       1  0  0  0   1        2
 *  S10    3  4  1  1   1       0  0  0  0   1        1
 *  correct c:                  8  5  4  4   6        ΣT = 27, ΣT² = 16+16+9+16+9+4+9+1+4+1 = 85
 *  facility p = c/10:        0.8 0.5 0.4 0.4 0.6
 *
 * Corrected point-biserial: Pearson r of x (item, 0/1) with y = T - x (the other items' total), n = 10:
 *   r = (nΣxy - ΣxΣy) / sqrt((nΣx² - (Σx)²)(nΣy² - (Σy)²)),  Σx² = Σx = c.
 *   Q1:  y = 3,3,2,3,2,1,2,1,1,1  Σy = 19 Σy² = 43 Σxy = 17 (all but S8, S10)
 *        r = (170 - 152) / sqrt((80 - 64)(430 - 361)) = 18 / sqrt(16·69) = 18 / 33.2265 = 0.541736
 *   Q2:  y = 3,3,2,3,3,2,2,1,2,1  Σy = 22 Σy² = 54 Σxy = 3+3+2+3+2 = 13
 *        r = (130 - 110) / sqrt((50 - 25)(540 - 484)) = 20 / sqrt(25·56) = 20 / 37.4166 = 0.534522
 *   Q3:  y = 3,3,2,4,2,2,3,1,2,1  Σy = 23 Σy² = 61 Σxy = 3+3+2+2 = 10
 *        r = (100 - 92) / sqrt((40 - 16)(610 - 529)) = 8 / sqrt(24·81) = 8 / 44.0908 = 0.181444
 *   Q21: y = 3,3,3,3,3,1,3,1,2,1  Σy = 23 Σy² = 61 Σxy = 3+3+3+1 = 10   -> same sums as Q3: r = 0.181444
 *   Q22: y = 4,4,3,3,2,2,2,0,1,0  Σy = 21 Σy² = 63 Σxy = 3+2+2+0+1+0 = 8
 *        r = (80 - 126) / sqrt((60 - 36)(630 - 441)) = -46 / sqrt(24·189) = -46 / 67.3498 = -0.683001
 *
 * Upper-lower 27%: g = ceil(0.27·10) = ceil(2.7) = 3. Sorted by T descending, equal totals in the results' order:
 *   S1 4, S2 4, S4 4 | S3 3, S5 3, S7 3, S6 2 | S9 2, S8 1, S10 1
 *   upper = S1, S2, S4; lower = S9, S8, S10 (S6 and S9 tie on 2 at the lower cut: the later result, S9, is lower).
 *   correct in upper / lower:  Q1 3/1  Q2 3/0  Q3 2/0  Q21 3/0  Q22 1/3
 *   D = (upper - lower) / 3:   Q1 2/3  Q2 1    Q3 2/3  Q21 1    Q22 -2/3
 *
 * Distractor shares (upper of 3 / lower of 3 / all of 10), options 1, 2, 3, 4, unanswered:
 *   Q1:  1: 3/3 1/3 8/10   2: 0 1/3 1/10   3: 0 1/3 1/10   4: 0 0 0      -: 0 0 0
 *   Q2:  1: 0 0 1/10       2: 3/3 0 5/10   3: 0 1/3 2/10   4: 0 1/3 1/10 -: 0 1/3 1/10
 *   Q22: 1: 1/3 3/3 6/10   2: 1/3 0 2/10   3: 1/3 0 1/10   4: 0 0 1/10   -: 0 0 0
 *
 * Flags: Q1 option 4 chosen by 0% (< 5%); Q3, Q21 point-biserial 0.18 < 0.2; Q22 r < 0.2 and negative (r and D):
 * "check the key". No p outside 0.2-0.9.
 *
 * KR-20 = k/(k-1) · (1 - Σpq / σ²), σ² the population variance of T (divide by n):
 *   exam (k = 5):  mean = 27/10 = 2.7; σ² = 85/10 - 2.7² = 8.5 - 7.29 = 1.21; σ = 1.1
 *                  Σpq = .8·.2 + .5·.5 + .4·.6 + .4·.6 + .6·.4 = .16 + .25 + .24 + .24 + .24 = 1.13
 *                  KR-20 = 5/4 · (1 - 1.13/1.21) = 1.25 · 0.08/1.21 = 0.1/1.21 = 0.0826446
 *   Reading (Q1-3, k = 3): totals 3,3,3,2,2,1,2,0,1,0: Σ = 17, Σ² = 9+9+9+4+4+1+4+0+1+0 = 41
 *                  mean = 1.7; σ² = 4.1 - 2.89 = 1.21; σ = 1.1; Σpq = .16 + .25 + .24 = .65
 *                  KR-20 = 3/2 · (1 - .65/1.21) = 1.5 · .56/1.21 = .84/1.21 = 0.694215
 *   Listening (Q21-22, k = 2): totals 1,1,0,2,1,1,1,1,1,1: Σ = 10, Σ² = 12
 *                  mean = 1; σ² = 1.2 - 1 = 0.2; σ = 0.447214; Σpq = .24 + .24 = .48
 *                  KR-20 = 2 · (1 - .48/.2) = 2 · (-1.4) = -2.8 (negative: the two items disagree)
 */
const KEYS: Record<number, string> = { 1: '1', 2: '2', 3: '3', 21: '4', 22: '1' };
const NUMBERS = [1, 2, 3, 21, 22];
const TABLE = [
  '1 2 3 4 2', '1 2 3 4 3', '1 2 3 1 2', '1 2 1 4 1', '1 3 3 - 1',
  '1 1 2 4 4', '1 2 - 2 1', '2 3 4 - 1', '1 - 2 3 1', '3 4 1 1 1',
];

/** A result's stored answers, as the server writes them (answer '0' = unanswered, correct by the key). */
const stored = (line: string): AnalysedAnswer[] => line.split(' ').map((c, i) => {
  const n = NUMBERS[i]!;
  const answer = c === '-' ? '0' : c;
  return { questionNumber: n, answer, correct: answer === KEYS[n] };
});
const questionRows = (numbers = NUMBERS): SummaryQuestion[] => numbers.map((n) => ({
  id: `q${n}`, questionNumber: n, type: n > 20 ? 'Listening' : 'Reading', optionType: 'text', answer: KEYS[n] ?? '1',
}));

const close = (actual: number | null | undefined, expected: number, what: string) => {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) < 5e-7, `${what}: ${actual} ≠ ${expected}`);
};

describe('item analysis: the worked example', () => {
  const a = itemAnalysis(questionRows(), TABLE.map(stored));
  const row = (n: number) => a.questions[n - 1]!;

  test('40 rows; numbers without a question have no figures', () => {
    assert.equal(a.questions.length, 40);
    assert.equal(row(4).exists, false);
    assert.equal(row(4).facility, null);
    assert.equal(row(4).pointBiserial, null);
    assert.equal(row(4).pointBiserialReason, 'No question with this number');
    assert.deepEqual(row(4).flags, []);
    assert.deepEqual(row(4).distractors, []);
  });

  test('facility p, correct and unanswered', () => {
    const p = { 1: 0.8, 2: 0.5, 3: 0.4, 21: 0.4, 22: 0.6 };
    for (const [n, v] of Object.entries(p)) close(row(Number(n)).facility, v, `p of Q${n}`);
    assert.deepEqual(NUMBERS.map((n) => row(n).correct), [8, 5, 4, 4, 6]);
    assert.deepEqual(NUMBERS.map((n) => row(n).unanswered), [0, 1, 1, 2, 0]);
    assert.equal(row(21).answered, 8, 'the original field: answered = not unanswered');
    assert.equal(row(21).correctRate, 0.4, 'the original correct rate is p');
  });

  test('corrected point-biserial', () => {
    close(row(1).pointBiserial, 18 / Math.sqrt(16 * 69), 'Q1');
    close(row(1).pointBiserial, 0.541736, 'Q1 (decimal)');
    close(row(2).pointBiserial, 0.534522, 'Q2');
    close(row(3).pointBiserial, 0.181444, 'Q3');
    close(row(21).pointBiserial, 0.181444, 'Q21');
    close(row(22).pointBiserial, -0.683001, 'Q22');
    assert.equal(row(1).pointBiserialReason, null);
  });

  test('upper-lower 27% index, ties at the cut by the results\' order', () => {
    assert.equal(a.groupSize, 3);
    close(row(1).discrimination, 2 / 3, 'Q1');
    close(row(2).discrimination, 1, 'Q2');
    close(row(3).discrimination, 2 / 3, 'Q3');
    close(row(21).discrimination, 1, 'Q21');
    close(row(22).discrimination, -2 / 3, 'Q22');
    // S6 and S9 tie on 2 at the lower cut; S9 (later) is in the lower group: its Q1 is right, S6's Q3 unanswered
    const q1 = row(1).distractors.find((d) => d.option === '1')!;
    close(q1.lower, 1 / 3, 'Q1 key among the lower group (S9 right; S8, S10 wrong)');
  });

  test('distractor table: options 1-4 and unanswered among upper, lower and all', () => {
    const table = (n: number) => row(n).distractors.map((d) => [d.option, d.key, d.count, d.upper, d.lower, d.all]);
    assert.deepEqual(table(1), [
      ['1', true, 8, 1, 1 / 3, 0.8], ['2', false, 1, 0, 1 / 3, 0.1], ['3', false, 1, 0, 1 / 3, 0.1],
      ['4', false, 0, 0, 0, 0], ['unanswered', false, 0, 0, 0, 0],
    ]);
    assert.deepEqual(table(2), [
      ['1', false, 1, 0, 0, 0.1], ['2', true, 5, 1, 0, 0.5], ['3', false, 2, 0, 1 / 3, 0.2],
      ['4', false, 1, 0, 1 / 3, 0.1], ['unanswered', false, 1, 0, 1 / 3, 0.1],
    ]);
    assert.deepEqual(table(22), [
      ['1', true, 6, 1 / 3, 1, 0.6], ['2', false, 2, 1 / 3, 0, 0.2], ['3', false, 1, 1 / 3, 0, 0.1],
      ['4', false, 1, 0, 0, 0.1], ['unanswered', false, 0, 0, 0, 0],
    ]);
  });

  test('flags at the usual thresholds', () => {
    const codes = (n: number) => row(n).flags.map((f) => f.code);
    assert.deepEqual(codes(1), ['weak-distractor']);
    assert.equal(row(1).flags[0]!.text, 'Option 4 chosen by under 5%');
    assert.deepEqual(codes(2), []);
    assert.deepEqual(codes(3), ['low-discrimination']);
    assert.deepEqual(codes(21), ['low-discrimination']);
    assert.deepEqual(codes(22), ['low-discrimination', 'negative-discrimination']);
    assert.equal(row(22).flags[1]!.text, 'Negative discrimination: check the key');
  });

  test('exam and sections: KR-20, mean, population SD, n, the under-30 note', () => {
    assert.equal(a.results, 10);
    assert.equal(a.note, 'Based on 10 results; figures under 30 results are unreliable');
    assert.deepEqual([a.exam.label, a.exam.questions, a.exam.results], ['Exam', 5, 10]);
    close(a.exam.mean, 2.7, 'mean');
    close(a.exam.sd, 1.1, 'sd');
    close(a.exam.kr20, 0.1 / 1.21, 'KR-20');
    const [reading, listening] = a.sections;
    assert.deepEqual([reading!.label, reading!.questions], ['Reading', 3]);
    close(reading!.mean, 1.7, 'Reading mean');
    close(reading!.sd, 1.1, 'Reading sd');
    close(reading!.kr20, 0.84 / 1.21, 'Reading KR-20');
    assert.deepEqual([listening!.label, listening!.questions], ['Listening', 2]);
    close(listening!.mean, 1, 'Listening mean');
    close(listening!.sd, Math.sqrt(0.2), 'Listening sd');
    close(listening!.kr20, -2.8, 'Listening KR-20');
  });
});

describe('item analysis: edge cases', () => {
  const resp = (entries: [number, Choice | null, boolean][]): ResultResponses => new Map(entries.map(([n, choice, correct]) => [n, { choice, correct }]));
  const items = [{ questionNumber: 1, key: '1' }, { questionNumber: 2, key: '2' }];

  test('every result right: p = 1, point-biserial and KR-20 undefined (zero variance), "Easy" flag', () => {
    const all = [0, 1, 2].map(() => resp([[1, '1', true], [2, '2', true]]));
    const s = itemStatistics(items, all, SECTIONS);
    const f = s.items.get(1)!;
    assert.equal(f.facility, 1);
    assert.equal(f.pointBiserial, null);
    assert.equal(f.pointBiserialReason, REASONS.allRight);
    assert.equal(f.discrimination, 0, 'upper and lower both all right (g = ceil(0.81) = 1)');
    assert.deepEqual(f.flags.map((x) => x.code), ['easy', 'weak-distractor']);
    assert.equal(f.flags[1]!.text, 'Option 2, 3, 4 chosen by under 5%');
    assert.equal(s.exam.mean, 2);
    assert.equal(s.exam.sd, 0);
    assert.equal(s.exam.kr20, null);
    assert.equal(s.exam.kr20Reason, REASONS.totalsConstant);
  });

  test('nobody right: p = 0, "Hard", point-biserial undefined', () => {
    const s = itemStatistics(items, [resp([[1, '2', false], [2, '2', true]]), resp([[1, '3', false]])], SECTIONS);
    const f = s.items.get(1)!;
    assert.equal(f.facility, 0);
    assert.equal(f.pointBiserialReason, REASONS.allWrong);
    assert.deepEqual(f.flags.map((x) => x.code), ['hard', 'weak-distractor']);
    // the other question varies (1, 0) while Q1's rest total is Q2: r undefined only through Q1 itself
    assert.equal(s.items.get(2)!.pointBiserialReason, REASONS.restConstant, 'Q2\'s rest (Q1) is 0 for both');
  });

  test('a single result: p is 0 or 1; correlation, groups and KR-20 need 2 results; SD 0', () => {
    const s = itemStatistics(items, [resp([[1, '1', true], [2, '4', false]])], SECTIONS);
    assert.equal(s.results, 1);
    assert.equal(s.groupSize, null);
    assert.equal(s.note, 'Based on 1 result; figures under 30 results are unreliable');
    const f = s.items.get(2)!;
    assert.equal(f.facility, 0);
    assert.equal(f.pointBiserialReason, REASONS.oneResult);
    assert.equal(f.discrimination, null);
    assert.equal(f.discriminationReason, REASONS.oneResult);
    assert.deepEqual(f.distractors.map((d) => [d.option, d.upper, d.lower, d.all]), [
      ['1', null, null, 0], ['2', null, null, 0], ['3', null, null, 0], ['4', null, null, 1], ['unanswered', null, null, 0],
    ]);
    assert.equal(s.exam.mean, 1);
    assert.equal(s.exam.sd, 0);
    assert.equal(s.exam.kr20Reason, REASONS.oneResult);
  });

  test('unanswered and missing answers count as wrong; stored junk is unanswered, never right', () => {
    // Hand: Q1 answers: '1' right, '0' unanswered, no entry, '9' (junk, marked correct) -> 1 right of 4, 3 unanswered
    const rows = itemAnalysis(questionRows([1, 2]), [
      [{ questionNumber: 1, answer: '1', correct: true }, { questionNumber: 2, answer: '2', correct: true }],
      [{ questionNumber: 1, answer: '0', correct: false }, { questionNumber: 2, answer: '2', correct: true }],
      [{ questionNumber: 2, answer: '3', correct: false }, { questionNumber: 7, answer: '1', correct: true }],
      [{ questionNumber: 1, answer: '9', correct: true }, { questionNumber: 1, answer: '1', correct: true }],
    ]);
    const q1 = rows.questions[0]!;
    assert.equal(q1.correct, 1);
    assert.equal(q1.unanswered, 3);
    assert.equal(q1.facility, 0.25);
    assert.equal(q1.answered, 1);
    assert.deepEqual(q1.distractors.map((d) => d.count), [1, 0, 0, 0, 3]);
    assert.equal(rows.questions[6]!.answered, 0, 'an answer to a number with no question is ignored');
    // totals: 2, 1, 0, 0 -> mean 0.75, σ² = (4+1+0+0)/4 - 0.5625 = 0.6875
    close(rows.exam.mean, 0.75, 'mean');
    close(rows.exam.sd, Math.sqrt(0.6875), 'sd');
    // Σpq = .25·.75 + .5·.5 = 0.4375; KR-20 = 2 · (1 - 0.4375/0.6875) = 0.727273
    close(rows.exam.kr20, 2 * (1 - 0.4375 / 0.6875), 'KR-20');
  });

  test('no results: every figure null, "No results yet", no flags', () => {
    const a = itemAnalysis(questionRows(), []);
    assert.equal(a.results, 0);
    assert.equal(a.note, 'No results yet');
    assert.equal(a.exam.mean, null);
    assert.equal(a.exam.kr20Reason, REASONS.noResults);
    assert.equal(a.questions[0]!.facility, null);
    assert.equal(a.questions[0]!.correctRate, null);
    assert.deepEqual(a.questions[0]!.flags, []);
    assert.ok(a.questions[0]!.distractors.every((d) => d.all === null && d.upper === null));
  });

  test('a section with one question has no KR-20; 30 results drop the note', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => resp([[1, i % 2 ? '1' : '3', i % 2 === 1], [21, '1', i % 3 === 0]]));
    const s = itemStatistics([{ questionNumber: 1, key: '1' }, { questionNumber: 21, key: '1' }], thirty, SECTIONS);
    assert.equal(s.note, null);
    assert.equal(s.sections[0]!.kr20Reason, REASONS.fewQuestions);
    assert.equal(s.groupSize, 9, 'ceil(0.27 · 30) = ceil(8.1) = 9');
  });

  test('the 27% group in integers: 100 results give 27, not 28', () => {
    assert.equal(groupSize(100), 27);
    assert.equal(groupSize(2), 1);
    assert.equal(groupSize(4), 2);
    assert.equal(groupSize(1), null);
  });

  test('realistic size: 40 questions x 2000 results, each item\'s counts as counted directly', () => {
    const qs = Array.from({ length: 40 }, (_, i) => ({ questionNumber: i + 1, key: '1' }));
    const choiceAt = (r: number, q: number) => String((r * 7 + q * 13) % 5) as Choice | '0';
    const rs = Array.from({ length: 2000 }, (_, r) => new Map(qs.map((q) => {
      const choice = choiceAt(r, q.questionNumber);
      return [q.questionNumber, { choice: choice === '0' ? null : choice, correct: choice === '1' }];
    })));
    // (how long it takes is the bench's business, not a test's: the machines are shared)
    const s = itemStatistics(qs, rs, SECTIONS);
    assert.equal(s.results, 2000);
    assert.equal(s.items.size, 40);
    for (const q of qs) {
      const choices = rs.map((_, r) => choiceAt(r, q.questionNumber));
      const f = s.items.get(q.questionNumber)!;
      assert.equal(f.correct, choices.filter((c) => c === '1').length, `Q${q.questionNumber} correct`);
      assert.equal(f.unanswered, choices.filter((c) => c === '0').length, `Q${q.questionNumber} unanswered`);
    }
  });
});
