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

test('server texts built with values: matched to their template, numbers in Devanagari, a text inside translated in turn', async () => {
  const wait = 'Too many failed sign-in attempts. Please wait 14 minutes and try again, or call your institute.';
  const incomplete = 'Not Ready To Publish: 20 Reading and 18 Listening questions; exactly 20 of each are needed. Missing question numbers: 39, 40';
  const problem = 'A published exam must stay complete. Not Ready To Publish: question 7:  Invalid Answer.';
  const transfer = 'Error Getting Exam: the other site refused the token';
  expect(translateServerMessage(wait)).toBe(wait);
  await setLanguage('ne');
  expect(translateServerMessage(wait)).toBe('धेरै पटक लगइन असफल भयो। कृपया १४ मिनेट पर्खेर फेरि प्रयास गर्नुहोस्, वा आफ्नो संस्थालाई फोन गर्नुहोस्।');
  expect(translateServerMessage('Too many wrong current passwords. Please wait 45 seconds and try again.')).toMatch(/^हालको पासवर्ड .* ४५ सेकेन्ड/);
  expect(translateServerMessage(incomplete)).toBe(
    'प्रकाशित गर्न तयार छैन: पढाइका २० र सुनाइका १८ प्रश्न छन्; दुवैका ठ्याक्कै २० प्रश्न चाहिन्छन्। नभएका प्रश्न नम्बर: ३९, ४०');
  expect(translateServerMessage(problem)).toBe('प्रकाशित परीक्षा पूरा रहनुपर्छ। प्रकाशित गर्न तयार छैन: प्रश्न ७: उत्तर अमान्य छ।');
  expect(translateServerMessage(transfer)).toBe('परीक्षा ल्याउँदा त्रुटि भयो: अर्को साइटले टोकन अस्वीकार गर्‍यो');
  // a reason the client does not know stays as the server wrote it, inside the translated sentence
  expect(translateServerMessage('Error Transfering Exam: bad data: questions[3].answer')).toBe('परीक्षा स्थानान्तरण गर्दा त्रुटि भयो: गलत डाटा: questions[3].answer');
  expect(translateServerMessage('Based on 1 result; figures under 30 results are unreliable')).toMatch(/^१ नतिजामा आधारित; ३० भन्दा कम/);
  // a number placeholder takes digits only: anything else is not that template's text
  expect(translateServerMessage('Too many wrong current passwords. Please wait a while and try again.')).toBe('Too many wrong current passwords. Please wait a while and try again.');
  expect(translateServerMessage('Network Error')).toBe('नेटवर्क त्रुटि');
});

test('the English catalog (main.js) carries no template of the server\'s texts, which English shows as the server wrote them', async () => {
  const { messages } = await import('../locales/en');
  const { SERVER_TEMPLATES } = await import('../server-templates');
  expect(SERVER_TEMPLATES.filter((id) => id in messages)).toEqual([]);
  // what the screens fill in English is kept (a message with placeholders compiled)
  expect(Object.keys(messages)).toEqual(expect.arrayContaining(['{section}, {type}: {correct} of {total}', '{ordinal} of {total}']));
  const wait = 'Too many requests. Please wait 30 seconds and try again.';
  expect(translateServerMessage(wait)).toBe(wait);
});
