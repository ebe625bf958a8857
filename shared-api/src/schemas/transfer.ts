/** The transfer form's rules (yup). */
import { msg, required, yup } from '../validation';

const isHttpUrl = (v: string | undefined) => {
  try {
    return /^https?:$/.test(new URL((v ?? '').trim()).protocol);
  } catch {
    return false;
  }
};

/** The transfer form: Website Name (an http(s) address), UserId and Token, all required. */
export const transferSiteSchema = yup.object({
  url: required('Website Name').test('http-url', msg.invalid('Website Name'), isHttpUrl),
  userId: required('UserId'),
  token: required('Token'),
});

