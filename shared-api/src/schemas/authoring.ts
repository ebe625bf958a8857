/** Rules for exam authoring forms (spec section 5): exams, questions, categories, private-exam access, media files. */
import * as yup from 'yup';
import { isChosen, msg, required } from '../validation';
import { MSG_CANNOT_BE_EMPTY, MSG_CATEGORY_REQUIRED, MSG_LISTENING_AND_TEXT, MSG_REFERENCE_EXAM_REQUIRED } from './authoring-rules';

export * from './authoring-rules';

export const examSchema = yup.object({
  title: required('Title'),
  is_cbt: yup.boolean().required(),
  category: yup.string().nullable().when('is_cbt', {
    is: true,
    then: (s) => s.required(MSG_CATEGORY_REQUIRED).test('not-select', MSG_CATEGORY_REQUIRED, isChosen),
  }),
  exam: yup.string().when('is_cbt', {
    is: true,
    then: (s) => s.required(MSG_REFERENCE_EXAM_REQUIRED).test('not-select', MSG_REFERENCE_EXAM_REQUIRED, isChosen),
  }),
});

/** A media value already stored on the server (a path such as /media/<hash>.mp3), as opposed to a File still to upload. */
const isStoredPath = (v: unknown) => typeof v === 'string' && v.trim() !== '';

const optionRule = (n: 1 | 2 | 3 | 4) =>
  yup.string().when('option_type', {
    is: 'listeningandtext',
    // Each option needs both its text and its audio.
    then: () =>
      yup.string().test('both', MSG_LISTENING_AND_TEXT, function (v) {
        const audio = (this.parent as Record<string, unknown>)[`option${n}_listening`];
        return !!v?.trim() && isStoredPath(audio);
      }),
    otherwise: () => required(`Option ${n}`),
  });

/**
 * The question form. Option values are text or uploaded media paths; for listeningandtext the form keeps
 * option{n} (text) and option{n}_listening (audio path) apart and joins them into a JSON string on submit.
 */
export const questionSchema = yup.object({
  type: yup.string().oneOf(['Reading', 'Listening']).required(),
  question_number: yup
    .number()
    .transform((v, orig) => (orig === '' || orig === null || Number.isNaN(v) ? undefined : v))
    .typeError(msg.empty('Question Number'))
    .required(msg.empty('Question Number'))
    .min(1, msg.empty('Question Number')),
  option_type: yup.string().oneOf(['text', 'image', 'listening', 'listeningandtext', 'samelistening']).required(msg.empty('Option Type')),
  option1: optionRule(1),
  option2: optionRule(2),
  option3: optionRule(3),
  option4: optionRule(4),
  listening: yup.mixed().when('type', {
    is: 'Listening',
    then: (s) => s.test('listening', msg.empty('Listening'), (v) => isStoredPath(v) || (typeof Blob !== 'undefined' && v instanceof Blob)),
  }),
  answer: required('Answer').oneOf(['1', '2', '3', '4'], msg.empty('Answer')),
});

export const categorySchema = yup.object({ title: yup.string().trim() });

export const instituteAccessSchema = yup.object({
  institute: yup.string().trim().required(MSG_CANNOT_BE_EMPTY).test('not-select', MSG_CANNOT_BE_EMPTY, isChosen),
});

