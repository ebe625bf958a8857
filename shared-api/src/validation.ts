/**
 * The shared checker (spec section 5): one place for every rule's message, used by forms and by the server.
 * Messages are the spec's exact strings, including its spacing, in English whatever the interface's language: the
 * server writes them too, and a schema built in one language would keep it. Screens show them through
 * translateServerMessage (./i18n.ts); the built ones are listed in ./validation-messages.ts.
 */
import * as yup from 'yup';
import { NAME_MIN, PASSWORD_MIN, PHONE_LENGTH, MSG_EN } from './constants';
import { EMAIL_RE, isChosen, msg } from './checks';

export { EMAIL_RE, isChosen, msg };

/** Required: fails when empty, blank or still on a 'select' placeholder. */
export const required = (label: string) =>
  yup
    .string()
    .trim()
    .required(msg.empty(label))
    .test('not-select', msg.empty(label), isChosen);

export const email = (label = 'Email') => required(label).matches(EMAIL_RE, msg.invalid(label));
export const minLen = (label: string, n: number) => required(label).min(n, msg.min(label, n));
export const password = (label = 'Password') => minLen(label, PASSWORD_MIN);
export const phone = (label = 'Phone') =>
  required(label)
    .matches(/^\d+$/, msg.invalid(label))
    .length(PHONE_LENGTH, `${label} should be exactly ${PHONE_LENGTH} digits.`);
export const confirmOf = (field: string, label = 'Confirm Password') =>
  yup
    .string()
    .required(msg.empty(label))
    .min(PASSWORD_MIN, msg.min(label, PASSWORD_MIN))
    .oneOf([yup.ref(field)], MSG_EN.confirmPasswordMismatch);

export const loginSchema = yup.object({ email: email('Email'), password: password('Password') });
export type LoginValues = yup.InferType<typeof loginSchema>;

export const changePasswordSchema = yup.object({
  password: password('Current Password'),
  newPassword: password('New Password'),
  confirmPassword: confirmOf('newPassword'),
});

export const nameSchema = (label: string) => minLen(label, NAME_MIN);

export { yup };
