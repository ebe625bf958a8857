/**
 * The interface's language (issue 25): English texts are their own ids, Nepali comes from the compiled catalogs, a
 * message with placeholders is filled in both, digits follow the language, and the server's spec messages translate.
 */
import { showDate, showDateTime, formatDate } from '../dates';
import { catalogLoaded, catalogsReady, deviceLanguage, formatNumber, getLanguage, i18n, localDigits, setLanguage, subscribeLanguage, translateServerMessage } from '../i18n';

afterEach(async () => { await setLanguage('en'); localStorage.clear(); });

test('English by default: a text is its id, placeholders are filled', () => {
  expect(getLanguage()).toBe('en');
  expect(i18n._('Invalid Credentials')).toBe('Invalid Credentials');
  expect(i18n._('a text in no catalog')).toBe('a text in no catalog');
});

test('the device\'s choice, else the browser\'s preference, else English', () => {
  localStorage.setItem('language', 'ne');
  expect(deviceLanguage()).toBe('ne');
  localStorage.setItem('language', 'fr');
  expect(deviceLanguage()).toBe('en');
});

test('Nepali: the catalog is loaded before the switch; subscribers hear it once; the choice is kept on the device', async () => {
  const heard = jest.fn();
  const off = subscribeLanguage(heard);
  await setLanguage('ne');
  off();
  expect(heard).toHaveBeenCalledTimes(1);
  expect(getLanguage()).toBe('ne');
  expect(catalogLoaded('shared-api')).toBe(true);
  await expect(catalogsReady('shared-api')).resolves.toBeUndefined();
  expect(localStorage.getItem('language')).toBe('ne');
  expect(document.documentElement.lang).toBe('ne');
  // a server message of the spec shows in Nepali; anything else as the server wrote it
  expect(translateServerMessage('Invalid Credentials')).not.toBe('Invalid Credentials');
  expect(translateServerMessage('Invalid Credentials')).toMatch(/[\u0900-\u097F]/);
  expect(translateServerMessage('option4_alt is too long')).toBe('option4_alt is too long');
});

test('digits and dates follow the language; forms and files keep Latin digits', async () => {
  const at = new Date(Date.UTC(2026, 2, 1, 23, 15)).toISOString();
  expect(showDate(at, 'Asia/Kathmandu')).toBe('2026-03-02');
  expect(formatNumber(175)).toBe('175');
  await setLanguage('ne');
  expect(showDate(at, 'Asia/Kathmandu')).toBe('२०२६-०३-०२');
  expect(showDateTime(at, 'Asia/Kathmandu')).toBe('२०२६-०३-०२ ०५:००');
  expect(formatDate(at, 'Asia/Kathmandu')).toBe('2026-03-02');
  expect(formatNumber(175)).toBe('१७५');
  expect(formatNumber(87.456, 1)).toBe('८७.५');
  expect(localDigits('12 of 40')).toBe('१२ of ४०');
});
