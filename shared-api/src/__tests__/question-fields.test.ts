/** The question's fields, once (../question-fields.ts): the package's columns and the rules' schema follow them. */
import { QUESTION_COLUMNS, YES_NO_COLUMNS } from '../exam-package';
import { QUESTION_DEFAULTS, QUESTION_FIELD_NAMES, QUESTION_FIELDS, fieldsFor } from '../question-fields';
import { questionSchema } from '../schemas/question';

test('the Questions sheet: a column of each field, the number, type and item type first, an option\'s audio after it', () => {
  expect(QUESTION_COLUMNS).toEqual([
    'question_number', 'type', 'item_type', 'main_heading', 'main_heading_image', 'heading', 'description', 'description_image',
    'description_boxed', 'option_type', 'option1', 'option1_listening', 'option2', 'option2_listening', 'option3', 'option3_listening',
    'option4', 'option4_listening', 'listening', 'answer', 'answer_details', 'main_heading_alt', 'description_alt', 'option1_alt',
    'option2_alt', 'option3_alt', 'option4_alt',
  ]);
  expect(QUESTION_FIELD_NAMES.filter((k) => QUESTION_FIELDS[k].column).filter((k) => !QUESTION_COLUMNS.includes(k))).toEqual([]);
  expect(YES_NO_COLUMNS).toEqual(QUESTION_FIELD_NAMES.filter((k) => QUESTION_FIELDS[k].kind === 'boolean'));
});

test('the rules have a schema of each field, defaulting as the fields do', () => {
  expect(Object.keys(questionSchema.fields).sort()).toEqual([...QUESTION_FIELD_NAMES].sort());
  const defaults = questionSchema.getDefault() as Record<string, unknown>;
  for (const k of QUESTION_FIELD_NAMES) expect([k, defaults[k]]).toEqual([k, (QUESTION_DEFAULTS as Record<string, unknown>)[k]]);
});

test('the answer key is read by a student only in a result', () => {
  expect(fieldsFor('result')).toEqual(['answer', 'answer_details']);
  expect(fieldsFor('staff')).toEqual(['item_type']);
});
