import { SCORE_HEADERS, formatSectionScore, formatTotalScore, reviewNote, scoreCells } from '../scores';

test('the scale reads the same on screens and in CSV files: headers, cells in their order, "N / max"', () => {
  expect(SCORE_HEADERS).toEqual(['Score (200)', 'Reading (100)', 'Listening (100)']);
  const s = { totalScore: 135, readingScore: 80, listeningScore: 55 };
  expect(scoreCells(s)).toEqual([135, 80, 55]);
  expect(scoreCells(null)).toEqual([null, null, null]);
  expect(formatTotalScore(s)).toBe('135 / 200');
  expect(formatSectionScore(0)).toBe('0 / 100');
});

test('the result detail says what is hidden and why, and nothing when everything is shown', () => {
  expect(reviewNote({ policy: 'answers', shows: 'answers', canRetake: false })).toBeNull();
  expect(reviewNote({ policy: 'answers', shows: 'marks', canRetake: true })).toBe('Correct answers are shown when you can no longer retake this exam.');
  expect(reviewNote({ policy: 'marks', shows: 'marks', canRetake: false })).toMatch(/right or wrong, not the correct answers/);
  expect(reviewNote({ policy: 'score', shows: 'score', canRetake: true })).toMatch(/score only/);
});
