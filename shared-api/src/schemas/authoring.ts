/**
 * Rules for exam authoring forms (spec section 5): exams, categories, private-exam access (questions: ./question.ts;
 * uploads: ../uploads.ts). The server checks the bodies it receives with these same schemas.
 */
import * as yup from 'yup';
import { CATEGORY_TITLE_MAX, EXAM_REFERENCE_MAX, EXAM_TITLE_MAX, EXAM_TYPES, PLAY_LIMITS, REVIEW_POLICIES } from '../constants';
import { isChosen, msg, required } from '../validation';
import {
  MSG_CANNOT_BE_EMPTY, MSG_CATEGORY_REQUIRED, MSG_PLAY_LIMIT, MSG_REFERENCE_EXAM_REQUIRED, MSG_REVIEW_POLICY,
} from './authoring-rules';

export * from './authoring-rules';

/**
 * The exam dialog's request body (ExamInput of shared-api/back-office): title; CBT or UBT; the category (required for
 * CBT) and the CBT's reference exam; the type, the plays of each listening audio (null: no limit) and the review
 * policy, each absent when not sent. That the category exists, and who may set the type, only the server knows.
 */
export const examSchema = yup.object({
  title: required('Title').max(EXAM_TITLE_MAX, msg.max('Title', EXAM_TITLE_MAX)),
  is_cbt: yup.boolean().required(),
  category: yup.string().trim().nullable().when('is_cbt', {
    is: true,
    then: (s) => s.required(MSG_CATEGORY_REQUIRED).test('not-select', MSG_CATEGORY_REQUIRED, isChosen),
  }),
  exam: yup.string().trim().max(EXAM_REFERENCE_MAX, msg.max('Reference exam', EXAM_REFERENCE_MAX)).when('is_cbt', {
    is: true,
    then: (s) => s.required(MSG_REFERENCE_EXAM_REQUIRED).test('not-select', MSG_REFERENCE_EXAM_REQUIRED, isChosen),
  }),
  type: yup.string().oneOf([...EXAM_TYPES], msg.invalid('Type')),
  play_limit: yup.number().nullable().test('play-limit', MSG_PLAY_LIMIT, (n) => n == null || (PLAY_LIMITS as readonly number[]).includes(n)),
  review_policy: yup.string().oneOf(REVIEW_POLICIES.map((p) => p.value), MSG_REVIEW_POLICY),
});

/** The Add Category dialog's body. */
export const categorySchema = yup.object({
  title: required('Title').max(CATEGORY_TITLE_MAX, msg.max('Title', CATEGORY_TITLE_MAX)),
});

export const instituteAccessSchema = yup.object({
  institute: yup.string().trim().required(MSG_CANNOT_BE_EMPTY).test('not-select', MSG_CANNOT_BE_EMPTY, isChosen),
});

