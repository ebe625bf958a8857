/**
 * Item types: what kind of EPS-TOPIK task a question is (issue 38, section 3). The one list of them and the built-in
 * EPS-TOPIK blueprint, which gives each of the 40 numbers its section and type: a question takes its number's type
 * until an author chooses another (the question form, the exam package's item_type column, the migration that gave
 * existing questions theirs). Labels read in the current language (./wording.ts); the server reads them in English.
 */
import { wording } from './wording';
import type { QuestionType } from './types';

export interface ItemType {
  /** stored in questions.item_type and written in an exam package */
  readonly value: string;
  readonly section: QuestionType;
  /** in the current language */
  readonly label: string;
}

const TYPES: readonly { value: string; section: QuestionType; label: string; numbers: readonly [number, number] }[] = [
  { value: 'picture_word', section: 'Reading', label: /*i18n*/ 'Picture to word', numbers: [1, 2] },
  { value: 'related_word', section: 'Reading', label: /*i18n*/ 'Related word', numbers: [3, 4] },
  { value: 'fill_blank', section: 'Reading', label: /*i18n*/ 'Fill the blank', numbers: [5, 8] },
  { value: 'answer_question', section: 'Reading', label: /*i18n*/ 'Answer a question', numbers: [9, 12] },
  { value: 'correct_sentence', section: 'Reading', label: /*i18n*/ 'The correct sentence', numbers: [13, 14] },
  { value: 'topic', section: 'Reading', label: /*i18n*/ 'The topic', numbers: [15, 16] },
  { value: 'same_content', section: 'Reading', label: /*i18n*/ 'The same content', numbers: [17, 18] },
  { value: 'word_definition', section: 'Reading', label: /*i18n*/ 'Word and definition', numbers: [19, 20] },
  { value: 'what_you_heard', section: 'Listening', label: /*i18n*/ 'What you heard', numbers: [21, 24] },
  { value: 'picture_answer', section: 'Listening', label: /*i18n*/ 'Picture to answer', numbers: [25, 29] },
  { value: 'question_answer', section: 'Listening', label: /*i18n*/ 'Question and answer', numbers: [30, 33] },
  { value: 'next_utterance', section: 'Listening', label: /*i18n*/ 'The next utterance', numbers: [34, 35] },
  { value: 'related_picture', section: 'Listening', label: /*i18n*/ 'The related picture', numbers: [36, 37] },
  { value: 'story', section: 'Listening', label: /*i18n*/ 'A story', numbers: [38, 40] },
];

/** Every item type, Reading's then Listening's, in the blueprint's order. */
export const ITEM_TYPES: readonly ItemType[] = Object.freeze(TYPES.map(({ value, section, label }) =>
  Object.freeze({ value, section, get label() { return wording(label); } })));

/** The built-in EPS-TOPIK blueprint: the item type of each question number 1-40 (index 0 is number 1). */
export const EPS_BLUEPRINT: readonly string[] = Object.freeze(
  TYPES.flatMap((t) => Array.from({ length: t.numbers[1] - t.numbers[0] + 1 }, () => t.value)),
);

/** The item type a question of number `n` takes until its author chooses another; '' for a number outside 1-40. */
export function defaultItemType(n: number): string {
  return Number.isInteger(n) ? (EPS_BLUEPRINT[n - 1] ?? '') : '';
}

/** The item type `value`, or undefined when there is none of that value. */
export const itemType = (value: string): ItemType | undefined => ITEM_TYPES.find((t) => t.value === value);

/** The item types of one section, for the question form's select. */
export const itemTypesOf = (section: QuestionType): ItemType[] => ITEM_TYPES.filter((t) => t.section === section);

/** An item type's label in the current language (the value itself when it is none of the list). */
export const itemTypeLabel = (value: string): string => itemType(value)?.label ?? value;
