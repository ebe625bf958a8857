/**
 * The shared checker's messages and its yup-free checks (spec section 5). Everything here is in the first render;
 * the yup schemas (./validation.ts, ./schemas/*) are fetched with the first form that needs them (./lazy-schemas.ts).
 * The sign-in form is checked here without yup (`checkLogin`), so the login page never downloads it; a test keeps
 * it in step with `loginSchema`.
 */
import { PASSWORD_MIN } from './constants';

/**
 * The rules' messages, in English as the spec words them (the server writes them too). Each one these build is listed
 * in ./validation-messages.ts for translation; a screen shows it through translateServerMessage (./i18n.ts).
 */
export const msg = {
  empty: (label: string) => `${label} cannot be empty.`,
  invalid: (label: string) => ` Invalid ${label}.`,
  min: (label: string, n: number) => `${label} should be more than ${n} characters.`,
  max: (label: string, n: number) => `${label} should be less than ${n} characters.`,
  fileType: (label: string, types: string[]) => `${label} only supports type of ${types.join(', ')}`,
  fileSize: (label: string, kb: number) => `${label} cannot exceed ${kb}KB`,
};

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * False for an empty value or a dropdown still on its 'Select …' placeholder. Only a value that starts with the word
 * 'select' is a placeholder: 'SELECTEDEXAM' is a real choice.
 */
export const isChosen = (v: string | null | undefined): boolean => !!v && !/^\s*select\b/i.test(v);

/** The sign-in form's rules (email, password of at least 8 characters), as `loginSchema` words them. */
export function checkLogin(values: { email?: string; password?: string }): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {};
  const email = (values.email ?? '').trim();
  if (!email) errors.email = msg.empty('Email');
  else if (!EMAIL_RE.test(email)) errors.email = msg.invalid('Email');
  const password = (values.password ?? '').trim();
  if (!password) errors.password = msg.empty('Password');
  else if (password.length < PASSWORD_MIN) errors.password = msg.min('Password', PASSWORD_MIN);
  return errors;
}
