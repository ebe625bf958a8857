/**
 * Every message the shared rules can produce (forms and server alike: ./rule-messages.ts breaks them) shows in Nepali
 * through translateServerMessage, as the UI kit's fields show errors; the rules themselves keep writing English.
 */
import { setLanguage, translateServerMessage } from '../i18n';
import { changePasswordSchema, loginSchema } from '../validation';
import { ruleMessages } from './rule-messages';

afterEach(async () => { await setLanguage('en'); localStorage.clear(); });

let messages: string[];
beforeAll(async () => { messages = await ruleMessages(); }, 60_000);

test('the rules were broken in every way: each kind of message is among those found', () => {
  expect(messages.length).toBeGreaterThan(100);
  for (const m of [
    'Email cannot be empty.', 'Invalid Email.', 'Password should be more than 8 characters.', 'Phone should be exactly 10 digits.',
    'Confirm Password doesnot match', 'Address should be less than 300 characters.', 'Type  is required', 'To Date should be after From Date',
    'Exam is selected twice', 'Minutes must be a whole number from 1 to 300', 'Reading question numbers are 1-20',
    'Option 3 must be an uploaded audio file', 'Must have both listening  and text', 'Main Heading only supports type of png, jpeg, gif, webp',
    'Option 2 listening only supports type of mp3, ogg, wav, m4a', 'Listening cannot exceed 1024KB', 'Invalid Website Name.',
  ]) expect(messages).toContain(m);
});

test('in Nepali, every one of them has its translation (in Devanagari)', async () => {
  await setLanguage('ne');
  const untranslated = messages.filter((m) => translateServerMessage(m) === m || !/[\u0900-\u097F]/.test(translateServerMessage(m)));
  expect(untranslated).toEqual([]);
  // as the server sends them: the spec's leading space of " Invalid Email." included
  expect(translateServerMessage(' Invalid Email.')).toBe('इमेल अमान्य छ।');
});

test('in English, each is shown as written', () => {
  for (const m of messages) expect(translateServerMessage(m)).toBe(m);
});

test('a schema checked while the interface is in Nepali still writes English (the server runs the same ones)', async () => {
  await setLanguage('ne');
  await expect(changePasswordSchema.validate({ password: 'password123', newPassword: 'password123', confirmPassword: 'password999' }))
    .rejects.toThrow('Confirm Password doesnot match');
  await expect(loginSchema.validate({ email: '', password: 'password123' })).rejects.toThrow('Email cannot be empty.');
});
