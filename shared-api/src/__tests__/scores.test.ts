import { SCORE_HEADERS, formatSectionScore, formatTotalScore, reviewNote, scoreCells } from '../scores';
import { MAX_SCORE, SECTION_MAX_SCORE } from '../constants';
import { i18n, setLanguage } from '../i18n';

afterEach(async () => { await setLanguage('en'); localStorage.clear(); });

test('the scale reads the same on screens and in CSV files: headers, cells in their order, "N / max"', () => {
  expect(SCORE_HEADERS).toEqual(['Score (200)', 'Reading (100)', 'Listening (100)']);
  // written out for extraction: they follow the scale
  expect(SCORE_HEADERS).toEqual([`Score (${MAX_SCORE})`, `Reading (${SECTION_MAX_SCORE})`, `Listening (${SECTION_MAX_SCORE})`]);
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

test('Nepali: the notes translated, the figures in Devanagari digits; the headers stay English (CSV) and translate where shown', async () => {
  await setLanguage('ne');
  expect(formatTotalScore({ totalScore: 135, readingScore: 80, listeningScore: 55 })).toBe('१३५ / २००');
  expect(formatSectionScore(75)).toBe('७५ / १००');
  expect(reviewNote({ policy: 'score', shows: 'score', canRetake: true })).toMatch(/^यो परीक्षा बनाउनेले अङ्क मात्र/);
  expect(reviewNote({ policy: 'answers', shows: 'marks', canRetake: true })).toMatch(/[\u0900-\u097F]/);
  expect(SCORE_HEADERS[0]).toBe('Score (200)');
  expect(SCORE_HEADERS.map((h) => i18n._(h))).toEqual(['अङ्क (२००)', 'पढाइ (१००)', 'सुनाइ (१००)']);
});
