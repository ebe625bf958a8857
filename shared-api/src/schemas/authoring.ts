/** Rules for exam authoring forms (spec section 5): exams, categories, private-exam access, media files (questions: ./question.ts). */
import * as yup from 'yup';
import { EXAM_TITLE_MAX } from '../constants';
import { isChosen, msg, required } from '../validation';
import { MSG_CANNOT_BE_EMPTY, MSG_CATEGORY_REQUIRED, MSG_REFERENCE_EXAM_REQUIRED } from './authoring-rules';

export * from './authoring-rules';

export const examSchema = yup.object({
  title: required('Title').max(EXAM_TITLE_MAX, msg.max('Title', EXAM_TITLE_MAX)),
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

export const categorySchema = yup.object({ title: yup.string().trim() });

export const instituteAccessSchema = yup.object({
  institute: yup.string().trim().required(MSG_CANNOT_BE_EMPTY).test('not-select', MSG_CANNOT_BE_EMPTY, isChosen),
});

