/**
 * A student's extra time (the User Access tab's Extra Time dialog) as the API takes it: the dialog checks the body it
 * is about to send with this schema and the server checks every body with the same one.
 */
import * as yup from 'yup';
import { EXTRA_MINUTES_MAX, EXTRA_TIME_MSG, EXTRA_TIME_PERCENTS } from '../constants';
import { wholeNumber } from './whole-number';

const PERCENTS: readonly number[] = EXTRA_TIME_PERCENTS;

export const extraTimeSchema = yup.object({
  user: yup.string().trim().required(/*i18n*/ 'User is required'),
  kind: yup.string().required(EXTRA_TIME_MSG.kind).oneOf(['none', 'percent', 'minutes'], EXTRA_TIME_MSG.kind),
  value: yup.mixed().when('kind', {
    is: 'percent',
    then: () => wholeNumber(EXTRA_TIME_MSG.percent).test('offered', EXTRA_TIME_MSG.percent, (v) => PERCENTS.includes(v)),
    otherwise: (s) =>
      s.when('kind', {
        is: 'minutes',
        then: () => wholeNumber(EXTRA_TIME_MSG.minutes).min(1, EXTRA_TIME_MSG.minutes).max(EXTRA_MINUTES_MAX, EXTRA_TIME_MSG.minutes),
        otherwise: (t) => t.strip(),
      }),
  }),
});
