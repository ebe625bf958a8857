import { formatRank, ordinal } from '../endpoints/progress';
import { setLanguage } from '../i18n';

afterEach(async () => { await setLanguage('en'); localStorage.clear(); });

test('a rank: English ordinals; Nepali "of 40, the 3rd" in Devanagari digits', async () => {
  expect(ordinal(1)).toBe('1st');
  expect(ordinal(12)).toBe('12th');
  expect(ordinal(23)).toBe('23rd');
  expect(formatRank({ rank: 3, of: 40 })).toBe('3rd of 40');
  expect(formatRank({ rank: 112, of: 1250 })).toBe('112th of 1250');
  await setLanguage('ne');
  expect(formatRank({ rank: 3, of: 40 })).toBe('४० मध्ये ३औँ');
  expect(formatRank({ rank: 112, of: 1250 })).toBe('१२५० मध्ये ११२औँ');
});
