/**
 * A student's extra time (the User Access tab's Extra Time dialog) as the API takes it: the dialog checks the body it
 * is about to send with this schema and the server checks every body with the same one.
 */
import * as yup from 'yup';
import { EXTRA_MINUTES_MAX, EXTRA_TIME_MSG, EXTRA_TIME_PERCENTS } from '../constants';

const PERCENTS: readonly number[] = EXTRA_TIME_PERCENTS;

const whole = (message: string) =>
  yup
    .number()
    .transform((v, orig) => (orig === '' || orig === null || Number.isNaN(v) ? undefined : v))
    .typeError(message)
    .required(message)
    .integer(message);

export const extraTimeSchema = yup.object({
  user: yup.string().trim().required(/*i18n*/ 'User is required'),
  kind: yup.string().required(EXTRA_TIME_MSG.kind).oneOf(['none', 'percent', 'minutes'], EXTRA_TIME_MSG.kind),
  value: yup.mixed().when('kind', {
    is: 'percent',
    then: () => whole(EXTRA_TIME_MSG.percent).test('offered', EXTRA_TIME_MSG.percent, (v) => PERCENTS.includes(v)),
    otherwise: (s) =>
      s.when('kind', {
        is: 'minutes',
        then: () => whole(EXTRA_TIME_MSG.minutes).min(1, EXTRA_TIME_MSG.minutes).max(EXTRA_MINUTES_MAX, EXTRA_TIME_MSG.minutes),
        otherwise: (t) => t.strip(),
      }),
  }),
});
