/**
 * A student's exam access (spec section 4, the User Access dialog) as the API takes it: the dialog checks the body it
 * is about to send with this schema, and the server checks every body it receives with the same one, then does what
 * only it can (the student is the caller's to manage, the exams exist and the student could see them).
 */
import * as yup from 'yup';
import { ACCESS_TYPES } from '../constants';
import { isChosen, msg } from '../checks';
import { ACCESS_MSG } from './people-rules';
import { wholeNumber } from './whole-number';

const TYPES: readonly string[] = ACCESS_TYPES.map((t) => t.value);

/** A count of attempts: a whole number from 1; '' (an empty input), null or NaN mean missing. */
const count = (message: string) => wholeNumber(message).min(1, message);

/** The time of a date (YYYY-MM-DD) or date-time, NaN when there is none or it cannot be read. */
const timeOf = (v: unknown) => (typeof v === 'string' && v.trim() ? new Date(v).getTime() : Number.NaN);
const readable = (v: unknown) => !Number.isNaN(timeOf(v));

export const accessSchema = yup.object({
  type: yup
    .string()
    .trim()
    .required(ACCESS_MSG.type)
    .test('not-select', ACCESS_MSG.type, isChosen)
    .test('known', msg.invalid('Type'), (v) => !isChosen(v) || TYPES.includes(v!)),
  total_times: yup.mixed().when('type', {
    is: 'ALL-X-TIMES',
    then: () => count(ACCESS_MSG.totalTimes),
    otherwise: (s) => s.strip(),
  }),
  startTime: yup.string().nullable().when('type', {
    is: 'TIMEFRAME',
    then: (s) => s.required(ACCESS_MSG.fromDate).test('date', msg.invalid('From Date'), readable),
    otherwise: (s) => s.strip(),
  }),
  endTime: yup.string().nullable().when('type', {
    is: 'TIMEFRAME',
    then: (s) =>
      s
        .required(ACCESS_MSG.toDate)
        .test('date', msg.invalid('To Date'), readable)
        .test('after', ACCESS_MSG.toBeforeFrom, function after(v) {
          const from = timeOf(this.parent.startTime);
          return Number.isNaN(from) || !readable(v) || timeOf(v) >= from;
        }),
    otherwise: (s) => s.strip(),
  }),
  exams: yup.array().when('type', {
    is: 'SELECTEDEXAM',
    then: () =>
      yup
        .array()
        .of(yup.object({ exam: yup.string().trim().required(ACCESS_MSG.exam), total_times: count(ACCESS_MSG.totalTimes) }))
        .required(ACCESS_MSG.exam)
        .min(1, ACCESS_MSG.exam)
        .test('once', ACCESS_MSG.examTwice, (rows) => {
          const ids = (rows ?? []).map((r) => r.exam?.trim()).filter(Boolean);
          return new Set(ids).size === ids.length;
        }),
    otherwise: () => yup.array().strip(),
  }),
});
