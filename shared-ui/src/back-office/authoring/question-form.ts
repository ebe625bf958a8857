/** The question form's values and their mapping to and from the Question entity (listeningandtext options as JSON). */
import { i18n, type OptionType, type Question, type QuestionFields, type QuestionType } from 'shared-api';
import { defaultItemType } from 'shared-api/item-types';
import { pickQuestionFields, QUESTION_DEFAULTS } from 'shared-api/question-fields';
import type { QuestionInput } from 'shared-api/back-office';

/** The option types with their labels (English, marked: optionTypeOptions() shows them translated). */
export const OPTION_TYPES: { value: OptionType; label: string }[] = [
  { value: 'text', label: /*i18n*/ 'Text' },
  { value: 'image', label: /*i18n*/ 'Image' },
  { value: 'listening', label: /*i18n*/ 'Listening' },
  { value: 'listeningandtext', label: /*i18n*/ 'Listening and Text' },
  { value: 'samelistening', label: /*i18n*/ 'Same Listening (text options)' },
];

/** The option type select's choices, in the interface's language (at render time). */
export const optionTypeOptions = () => OPTION_TYPES.map((t) => ({ value: t.value, label: i18n._(t.label) }));

/**
 * A question's type or option type as a table shows it: the stored value itself in English (as before), its
 * translation in Nepali.
 */
const STORED_VALUES = [
  /*i18n*/ 'Reading', /*i18n*/ 'Listening', /*i18n*/ 'text', /*i18n*/ 'image', /*i18n*/ 'listening', /*i18n*/ 'listeningandtext',
  /*i18n*/ 'samelistening',
] as const;
export const storedValueLabel = (value: string): string => ((STORED_VALUES as readonly string[]).includes(value) ? i18n._(value) : value);

export const OPTION_NUMBERS = [1, 2, 3, 4] as const;
export type OptionN = (typeof OPTION_NUMBERS)[number];

/**
 * The form's values: the question's fields (QuestionFields), with the number as the select's text and, for
 * listening-and-text options, each option's text and audio apart (joined into the option's JSON by toQuestionInput).
 */
export interface QuestionValues extends Omit<QuestionFields, 'question_number'>, Record<string, unknown> {
  question_number: string;
  option1_listening: string;
  option2_listening: string;
  option3_listening: string;
  option4_listening: string;
}

const TEXTUAL: OptionType[] = ['text', 'samelistening', 'listeningandtext'];

/** Reads a listeningandtext option; tolerates a plain string (older data). */
export function parseTextAndListening(raw: string): { text: string; listening: string } {
  try {
    const v = JSON.parse(raw) as { text?: unknown; listening?: unknown };
    if (v && typeof v === 'object') return { text: String(v.text ?? ''), listening: String(v.listening ?? '') };
  } catch { /* not JSON */ }
  return { text: raw, listening: '' };
}

/** The values of a new question: each field's default (shared-api/question-fields), nothing chosen yet. */
export function emptyValues(type: QuestionType): QuestionValues {
  return {
    ...QUESTION_DEFAULTS, type, question_number: '', answer: '', option1_listening: '', option2_listening: '', option3_listening: '',
    option4_listening: '',
  };
}

export function valuesFromQuestion(q: Question): QuestionValues {
  const v: QuestionValues = {
    ...emptyValues(q.type),
    ...pickQuestionFields(q),
    question_number: String(q.question_number),
    item_type: q.item_type ?? defaultItemType(q.question_number),
  };
  if (q.option_type === 'listeningandtext') {
    for (const n of OPTION_NUMBERS) {
      const o = parseTextAndListening(q[`option${n}`]);
      v[`option${n}`] = o.text;
      v[`option${n}_listening`] = o.listening;
    }
  }
  return v;
}

/**
 * Values after the question number changes: an item type the author has not chosen (none yet, or the old number's)
 * follows the number's, as the server would fill it in.
 */
export function withQuestionNumber(v: QuestionValues, next: string): QuestionValues {
  const followsNumber = !v.item_type || v.item_type === defaultItemType(Number(v.question_number));
  return { ...v, question_number: next, item_type: followsNumber ? defaultItemType(Number(next)) : v.item_type };
}

/** Values after the option type changes: text survives between text-based types; media paths never become text. */
export function withOptionType(v: QuestionValues, next: OptionType): QuestionValues {
  if (next === v.option_type) return v;
  const keep = TEXTUAL.includes(v.option_type) && TEXTUAL.includes(next);
  return keep
    ? { ...v, option_type: next }
    : {
      ...v, option_type: next, option1: '', option2: '', option3: '', option4: '',
      option1_alt: '', option2_alt: '', option3_alt: '', option4_alt: '',
    };
}

/** The request body of the values: what the shared rules check, in the form and on the server (a field not cleaned here as the form holds it). */
export function toQuestionInput(v: QuestionValues): QuestionInput {
  const imageOptions = v.option_type === 'image';
  // an alt text only where its field is an image
  const alt = (isImage: boolean, text: string) => (isImage ? text.trim() : '');
  const option = (n: OptionN) =>
    v.option_type === 'listeningandtext'
      ? JSON.stringify({ text: v[`option${n}`].trim(), listening: v[`option${n}_listening`] })
      : v.option_type === 'image' || v.option_type === 'listening' ? v[`option${n}`] : v[`option${n}`].trim();
  return {
    ...pickQuestionFields(v),
    question_number: v.question_number.trim() ? Number(v.question_number) : Number.NaN, // none chosen: the rules say so
    main_heading: v.main_heading_image ? v.main_heading : v.main_heading.trim(),
    heading: v.heading.trim(),
    description: v.description_image ? v.description : v.description.trim(),
    option1: option(1),
    option2: option(2),
    option3: option(3),
    option4: option(4),
    answer_details: v.answer_details.trim(),
    main_heading_alt: alt(v.main_heading_image, v.main_heading_alt),
    description_alt: alt(v.description_image, v.description_alt),
    option1_alt: alt(imageOptions, v.option1_alt),
    option2_alt: alt(imageOptions, v.option2_alt),
    option3_alt: alt(imageOptions, v.option3_alt),
    option4_alt: alt(imageOptions, v.option4_alt),
  };
}

/** The question as the student will see it, for the live preview. */
export function previewQuestion(v: QuestionValues, examId: string, id = 'preview'): Question {
  return { ...toQuestionInput(v), question_number: Number(v.question_number) || 0, _id: id, exam: examId };
}
