/**
 * The question's rules (spec section 5), one for each field of ../question-fields.ts with its default, on the question
 * as the API takes it (QuestionFields): the question form
 * checks the body it is about to send with this schema, and the server checks every body it receives (create, edit,
 * publish, transfer) with the same one, then does what only it can (the exam's owner, numbers in use, uploaded files
 * that exist). Defaults fill the fields a body leaves out.
 */
import * as yup from 'yup';
import { LISTENING_RANGE, READING_RANGE } from '../constants';
import { msg } from '../checks';
import { parseMediaUrl, type MediaKind } from '../media-url';
import { defaultItemType, itemType } from '../item-types';
import { OPTION_KEYS, QUESTION_FIELDS } from '../question-fields';
import type { AltTextKey, OptionType, QuestionFields, QuestionType } from '../types';
import { MSG_LISTENING_AND_TEXT } from './authoring-rules';
import { wholeNumber } from './whole-number';

export const QUESTION_TYPES: readonly QuestionType[] = QUESTION_FIELDS.type.values;
export const OPTION_TYPES: readonly OptionType[] = QUESTION_FIELDS.option_type.values;
export { OPTION_KEYS };
/** the option a question's answer names */
export const ANSWERS: readonly string[] = ['1', '2', '3', '4'];
/** the question numbers of each type */
export const QUESTION_RANGE: Record<QuestionType, readonly [number, number]> = { Reading: READING_RANGE, Listening: LISTENING_RANGE };
/** the longest text each field takes */
export const QUESTION_LIMITS = {
  main_heading: 2000, heading: 2000, description: 5000, option: 2000, listening: 300, answer_details: 5000, alt: 250,
} as const;

/** The fields of each image's alternative text, with the image field each one describes. */
export const ALT_TEXT_FIELDS = [
  { key: 'main_heading_alt', image: 'main_heading', label: 'Main Heading Alt Text' },
  { key: 'description_alt', image: 'description', label: 'Description Alt Text' },
  { key: 'option1_alt', image: 'option1', label: 'Option 1 Alt Text' },
  { key: 'option2_alt', image: 'option2', label: 'Option 2 Alt Text' },
  { key: 'option3_alt', image: 'option3', label: 'Option 3 Alt Text' },
  { key: 'option4_alt', image: 'option4', label: 'Option 4 Alt Text' },
] as const satisfies readonly { key: AltTextKey; image: keyof QuestionFields; label: string }[];

export const QUESTION_MSG = {
  type: /*i18n*/ 'Type must be Reading or Listening',
  optionType: `Option Type must be one of ${OPTION_TYPES.join(', ')}`,
  itemType: /*i18n*/ 'Item Type must be one of the item types of its section',
  range: (type: QuestionType) => `${type} question numbers are ${QUESTION_RANGE[type][0]}-${QUESTION_RANGE[type][1]}`,
  media: (label: string, kind: MediaKind) => `${label} must be an uploaded ${kind === 'image' ? 'image' : 'audio file'}`,
  html: (label: string) => `${label} must be plain text, without HTML`,
  oneLine: (label: string) => `${label} must be one line of text`,
} as const;

/** Parses a listening-and-text option: a JSON string {"text": "...", "listening": "/media/..."}. */
export function parseListeningAndText(value: string): { text: string; listening: string } | null {
  try {
    const v = JSON.parse(value) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const { text, listening } = v as Record<string, unknown>;
    if (typeof text !== 'string' || typeof listening !== 'string') return null;
    return { text, listening };
  } catch {
    return null;
  }
}

const isMedia = (value: string, kind: MediaKind) => parseMediaUrl(value)?.kind === kind;
const text = (label: string, max: number) => yup.string().default('').max(max, msg.max(label, max));
/** A text that holds an uploaded image's url when its `flag` field is set. */
const imageWhen = (label: string, max: number, flag: 'main_heading_image' | 'description_image') =>
  text(label, max).test('media', QUESTION_MSG.media(label, 'image'), function isImage(v) {
    return !(this.parent as QuestionFields)[flag] || isMedia(v ?? '', 'image');
  });

const option = (n: 1 | 2 | 3 | 4) => {
  const label = `Option ${n}`;
  return text(label, QUESTION_LIMITS.option).test('option', function checkOption(v) {
    const value = (v ?? '').trim();
    if (!value) return this.createError({ message: msg.empty(label) });
    const type = (this.parent as QuestionFields).option_type;
    if (type === 'image' || type === 'listening') {
      const kind = type === 'image' ? 'image' : 'audio';
      return isMedia(value, kind) || this.createError({ message: QUESTION_MSG.media(label, kind) });
    }
    if (type === 'listeningandtext') {
      const both = parseListeningAndText(value);
      if (!both || !both.text.trim() || !both.listening.trim()) return this.createError({ message: MSG_LISTENING_AND_TEXT });
      return isMedia(both.listening.trim(), 'audio') || this.createError({ message: QUESTION_MSG.media(label, 'audio') });
    }
    return true;
  });
};

/** Markup: a tag, a closing tag, a comment or declaration, or a character reference ('a < b' is text). */
const HTML_RE = /<[a-z!/?]|&(?:#\d+|#x[\da-f]+|[a-z]+);/i;
// oxlint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * An image's alternative text: optional, short, one line of plain text (screen readers read it as it is; a screen
 * shows it as text, never as markup).
 */
const altText = (label: string) =>
  text(label, QUESTION_LIMITS.alt)
    .test('one-line', QUESTION_MSG.oneLine(label), (v) => !CONTROL_RE.test(v ?? ''))
    .test('plain', QUESTION_MSG.html(label), (v) => !HTML_RE.test(v ?? ''));

const numberMsg = msg.empty('Question Number');

/**
 * A question without an item type takes its number's (the EPS-TOPIK blueprint's: ../item-types.ts); none when the
 * number is not one of its section's (the number's own message says what is wrong).
 */
function withItemType(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const q = value as Partial<Record<keyof QuestionFields, unknown>>;
  if (q.item_type !== undefined && q.item_type !== null && q.item_type !== '') return value;
  const type = defaultItemType(Number(q.question_number));
  return { ...q, item_type: itemType(type)?.section === q.type ? type : '' };
}

export const questionSchema: yup.ObjectSchema<QuestionFields> = yup.object({
  type: yup.mixed<QuestionType>().required(QUESTION_MSG.type).oneOf(QUESTION_TYPES, QUESTION_MSG.type),
  question_number: wholeNumber(numberMsg)
    .test('range', function inRange(v) {
      const type = (this.parent as QuestionFields).type;
      const range = QUESTION_RANGE[type];
      if (!range || v === undefined) return true; // the type's own message says what is wrong
      return (v >= range[0] && v <= range[1]) || this.createError({ message: QUESTION_MSG.range(type) });
    }),
  // '' only when the number is not one of the section's (withItemType)
  item_type: yup.string().default('').test('item-type', QUESTION_MSG.itemType, function isItemType(v) {
    const type = (this.parent as QuestionFields).type;
    // no type yet: the type's own message says what is wrong
    return !v || !QUESTION_TYPES.includes(type) || itemType(v)?.section === type;
  }),
  option_type: yup.mixed<OptionType>().default('text').required(msg.empty('Option Type')).oneOf(OPTION_TYPES, QUESTION_MSG.optionType),
  main_heading: imageWhen('Main Heading', QUESTION_LIMITS.main_heading, 'main_heading_image'),
  main_heading_image: yup.boolean().default(false),
  heading: text('Heading', QUESTION_LIMITS.heading),
  description: imageWhen('Description', QUESTION_LIMITS.description, 'description_image'),
  description_image: yup.boolean().default(false),
  description_boxed: yup.boolean().default(false),
  option1: option(1),
  option2: option(2),
  option3: option(3),
  option4: option(4),
  listening: text('Listening', QUESTION_LIMITS.listening).test('listening', function checkListening(v) {
    const value = (v ?? '').trim();
    if (!value) return (this.parent as QuestionFields).type !== 'Listening' || this.createError({ message: msg.empty('Listening') });
    return isMedia(value, 'audio') || this.createError({ message: QUESTION_MSG.media('Listening', 'audio') });
  }),
  answer: yup
    .string()
    .required(msg.empty('Answer'))
    .test('answer', msg.invalid('Answer'), (v) => !v || ANSWERS.includes(v)),
  answer_details: text('Answer Details', QUESTION_LIMITS.answer_details),
  ...(Object.fromEntries(ALT_TEXT_FIELDS.map((f) => [f.key, altText(f.label)])) as Record<AltTextKey, ReturnType<typeof altText>>),
}).transform(withItemType);
