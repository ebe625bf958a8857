/**
 * The alternative text of a question's images, on the exam page, in the result detail and in the authoring preview:
 * the author's (QuestionFields' *_alt fields), else a default that says which image it is.
 */
import { i18n, localDigits } from './i18n';
import type { AltTextKey, Question } from './types';

/** An image of a question: its main heading, its description, or option 1-4 (index 0-3). */
export type QuestionImage = 'main_heading' | 'description' | 0 | 1 | 2 | 3;

/** What an image is called when its author gave no alternative text: which image of the question it is. */
export function defaultAlt(image: QuestionImage, questionNumber: number | string): string {
  const n = localDigits(questionNumber);
  if (image === 'main_heading') return i18n._('Question {n} heading image', { n });
  if (image === 'description') return i18n._('Question {n} image', { n });
  return i18n._('Option {n} image', { n: localDigits(image + 1) });
}

/** The author's alternative text of an image ('' when none was given; older downloads have no such field). */
export function authorAlt(question: Question, image: QuestionImage): string {
  return (question[altKey(image)] ?? '').trim();
}

const OPTION_ALT_KEYS = ['option1_alt', 'option2_alt', 'option3_alt', 'option4_alt'] as const;

/** The field of an image's alternative text. */
export const altKey = (image: QuestionImage): AltTextKey =>
  image === 'main_heading' ? 'main_heading_alt' : image === 'description' ? 'description_alt' : OPTION_ALT_KEYS[image];

/** The img alt of an image: the author's text, else the default that says which image it is. */
export const imageAlt = (question: Question, image: QuestionImage): string =>
  authorAlt(question, image) || defaultAlt(image, question.question_number);
