/**
 * The wordings screens read directly (MSG, ROLE_LABEL, option labels, AUTHORING_MSG) are in the language of the
 * moment they are read; the values code compares stay; without ./i18n.ts (the server) they are English.
 */
import { ACCESS_TYPES, MSG, MSG_EN, NO_PLAYS_LEFT, REVIEW_POLICIES, EXTRA_MINUTES_MAX, EXTRA_TIME_MSG } from '../constants';
import { ROLE_LABEL } from '../types';
import { AUTHORING_MSG } from '../authoring-messages';
import { i18n, setLanguage } from '../i18n';

afterEach(async () => { await setLanguage('en'); localStorage.clear(); });

test('English: the spec\'s exact texts', () => {
  expect(MSG.authError).toBe('Authentication Error');
  expect(MSG.notAuthenticated).toBe('You have to authenticate before proceedings ');
  expect({ ...MSG }).toEqual(MSG_EN);
  expect(ROLE_LABEL[0]).toBe('Student');
  expect(ROLE_LABEL[2]).toBe('Admin');
  expect(ACCESS_TYPES.find((t) => t.value === 'CREATOR-AND-PUBLIC-ALL')?.label).toBe('Institute And Public Exams');
  expect(REVIEW_POLICIES.map((p) => p.label)).toEqual(['Score only', 'Which questions were right or wrong', 'The correct answers too']);
  expect(AUTHORING_MSG.unpublishFirst).toBe('Unpublish the exam before removing questions');
});

test('Nepali: each wording reads translated when it is read; values and keys stay', async () => {
  await setLanguage('ne');
  for (const key of Object.keys(MSG_EN) as (keyof typeof MSG_EN)[]) {
    expect(MSG[key]).not.toBe(MSG_EN[key]);
    expect(MSG[key]).toMatch(/[\u0900-\u097F]/);
  }
  expect(MSG.examEnded).toBe('बधाई छ, परीक्षा सकियो');
  // spread and iterated: the current language too
  expect(Object.values(MSG)).toContain('बधाई छ, परीक्षा सकियो');
  expect(ROLE_LABEL[0]).toBe('विद्यार्थी');
  expect(ROLE_LABEL[1]).toBe('संस्था');
  expect(ACCESS_TYPES.map((t) => t.value)).toEqual(['SELECTEDEXAM', 'CREATOR-AND-PUBLIC-ALL', 'PUBLIC-ALL', 'TIMEFRAME', 'ALL-X-TIMES', 'ALL', 'FREE-ALL']);
  for (const t of ACCESS_TYPES) expect(t.label).toMatch(/[\u0900-\u097F]/);
  for (const p of REVIEW_POLICIES) expect(p.label).toMatch(/[\u0900-\u097F]/);
  expect(AUTHORING_MSG.unpublishFirst).toMatch(/[\u0900-\u097F]/);
  // a constant kept English, translated where it is shown
  expect(NO_PLAYS_LEFT).toBe('No plays left');
  expect(i18n._(NO_PLAYS_LEFT)).toMatch(/[\u0900-\u097F]/);
  await setLanguage('en');
  expect(MSG.examEnded).toBe('Congratulation, Exam Ended');
  expect(ROLE_LABEL[0]).toBe('Student');
});

test('the wordings cannot be changed by a caller', () => {
  expect(() => { (MSG as { authError: string }).authError = 'x'; }).toThrow();
  expect(() => { (ACCESS_TYPES[0] as { label: string }).label = 'x'; }).toThrow();
});

test('without the interface\'s i18n (as the server imports them) the wordings are English, whatever the page chose', async () => {
  await setLanguage('ne');
  let server!: { MSG: typeof MSG; ROLE_LABEL: typeof ROLE_LABEL; AUTHORING_MSG: typeof AUTHORING_MSG };
  jest.isolateModules(() => {
    server = { ...require('../constants'), ...require('../types'), ...require('../authoring-messages') };
  });
  expect(server.MSG.confirmPasswordMismatch).toBe('Confirm Password doesnot match');
  expect(server.ROLE_LABEL[1]).toBe('Institute');
  expect(server.AUTHORING_MSG.unpublishFirst).toBe('Unpublish the exam before removing questions');
  expect(MSG.confirmPasswordMismatch).toMatch(/[\u0900-\u097F]/);
});

test('the messages written out for extraction say what their constants say', () => {
  expect(EXTRA_TIME_MSG.minutes).toBe(`Minutes must be a whole number from 1 to ${EXTRA_MINUTES_MAX}`);
});
