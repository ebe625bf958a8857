/** The question form's values: every field of a question (shared-api/question-fields), to the form and back. */
import type { Question } from 'shared-api';
import { QUESTION_DEFAULTS, QUESTION_FIELD_NAMES } from 'shared-api/question-fields';
import { emptyValues, toQuestionInput, valuesFromQuestion } from './question-form';

const IMAGE = `/media/${'b'.repeat(64)}.png`;
const AUDIO = `/media/${'a'.repeat(64)}.mp3`;

/** Every field other than its default. */
const full: Question = {
  _id: 'q36', exam: 'e1', type: 'Listening', question_number: 36, item_type: 'story', main_heading: IMAGE, main_heading_image: true,
  heading: 'Look and listen', description: IMAGE, description_image: true, description_boxed: true, option_type: 'image',
  option1: IMAGE, option2: IMAGE, option3: IMAGE, option4: IMAGE, listening: AUDIO, answer: '3', answer_details: 'because',
  main_heading_alt: 'A map', description_alt: 'A street', option1_alt: 'One', option2_alt: 'Two', option3_alt: 'Three', option4_alt: 'Four',
};

test('empty values: every field, at its default', () => {
  const v = emptyValues('Reading');
  for (const k of QUESTION_FIELD_NAMES) expect(k in v).toBe(true);
  expect(v).toMatchObject({ ...QUESTION_DEFAULTS, type: 'Reading', question_number: '', answer: '' });
});

test('a question to the form\'s values and back keeps every field', () => {
  for (const k of QUESTION_FIELD_NAMES) expect([k, full[k]]).not.toEqual([k, (QUESTION_DEFAULTS as Record<string, unknown>)[k]]);
  const { _id: _i, exam: _e, ...fields } = full;
  expect(toQuestionInput(valuesFromQuestion(full))).toEqual(fields);
});
