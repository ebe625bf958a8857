/** Form rules of the people screens (spec section 5): users, institutes, the access dialog, password changes. */
import * as yup from 'yup';
import { NAME_MIN, PHONE_LENGTH } from '../constants';
import { confirmOf, email, isChosen, minLen, msg, password, phone } from '../validation';
import { ACCESS_MSG } from './people-rules';

export * from './people-rules';

/** Phone that may be left empty, but when given must be exactly 10 digits (user edit). */
const optionalPhone = (label = 'Phone') =>
  yup
    .string()
    .trim()
    .test('phone', `${label} should be exactly ${PHONE_LENGTH} digits.`, (v) => !v || new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(v));

export const userCreateSchema = yup.object({
  firstname: minLen('First Name', NAME_MIN),
  lastname: minLen('Last Name', NAME_MIN),
  email: email('Email'),
  phone: optionalPhone('Phone'),
  password: password('Password'),
  confirmPassword: confirmOf('password'),
});

export const userEditSchema = yup.object({
  firstname: minLen('First Name', NAME_MIN),
  lastname: minLen('Last Name', NAME_MIN),
  email: email('Email'),
  phone: optionalPhone('Phone'),
  status: yup.number().oneOf([0, 1]).required(msg.empty('Status')),
});

/** An admin or institute sets another user's password (no current password). */
export const setUserPasswordSchema = yup.object({
  newPassword: password('New Password'),
  confirmPassword: confirmOf('newPassword'),
});

const instituteBase = {
  name: minLen('Name', NAME_MIN),
  email: email('Email'),
  phone: phone('Phone'),
  address: yup.string().trim().max(300, msg.max('Address', 300)),
  institute_role: yup.number().oneOf([0, 1]).required(msg.empty('Institute Role')),
};

export const instituteCreateSchema = yup.object({
  ...instituteBase,
  password: password('Password'),
  confirm_password: confirmOf('password'),
});

export const instituteEditSchema = yup.object({
  ...instituteBase,
  status: yup.number().oneOf([0, 1]).required(msg.empty('Status')),
});

/** Profile: the editable name. */
export const profileSchema = yup.object({
  firstname: minLen('First Name', NAME_MIN),
  lastname: yup.string().trim().max(100, msg.max('Last Name', 100)),
});


/** A number field filled from a text input: '' means missing. */
const count = (message: string) =>
  yup
    .number()
    .transform((v, orig) => (orig === '' || orig === null || Number.isNaN(v) ? undefined : v))
    .typeError(message)
    .required(message)
    .integer(message)
    .min(1, message);

/** The user access dialog (spec section 4): the fields each type needs. */
export const accessSchema = yup.object({
  type: yup.string().trim().required(ACCESS_MSG.type).test('not-select', ACCESS_MSG.type, isChosen),
  total_times: yup.mixed().when('type', {
    is: 'ALL-X-TIMES',
    then: () => count(ACCESS_MSG.totalTimes),
    otherwise: () => yup.mixed().strip(),
  }),
  startTime: yup.string().when('type', {
    is: 'TIMEFRAME',
    then: (s) => s.required(ACCESS_MSG.fromDate),
    otherwise: (s) => s.strip(),
  }),
  endTime: yup.string().when('type', {
    is: 'TIMEFRAME',
    then: (s) =>
      s.required(ACCESS_MSG.toDate).test('after', ACCESS_MSG.toBeforeFrom, function after(v) {
        const from = this.parent.startTime as string | undefined;
        return !v || !from || v >= from;
      }),
    otherwise: (s) => s.strip(),
  }),
  exams: yup.array().when('type', {
    is: 'SELECTEDEXAM',
    then: () =>
      yup
        .array()
        .of(yup.object({ exam: yup.string().trim().required(ACCESS_MSG.exam), total_times: count(ACCESS_MSG.totalTimes) }))
        .min(1, ACCESS_MSG.noExams)
        .required(ACCESS_MSG.noExams),
    otherwise: () => yup.array().strip(),
  }),
});

/** Admin: put a user with no institute under one. */
export const addToInstituteSchema = yup.object({ institute: yup.string().trim().required(msg.empty('Institute')) });
