/** Form rules of the people screens (spec section 5): users, institutes, password changes (the access dialog: ./exam-access.ts). */
import * as yup from 'yup';
import { NAME_MIN, PHONE_LENGTH } from '../constants';
import { confirmOf, email, minLen, msg, password, phone } from '../validation';

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


/** Admin: put a user with no institute under one. */
export const addToInstituteSchema = yup.object({ institute: yup.string().trim().required(msg.empty('Institute')) });
