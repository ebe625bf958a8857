/** A whole number typed into a form, as every schema with one reads it. */
import * as yup from 'yup';

/** A whole number; '' (an empty input), null, NaN and anything that is not a whole number are refused with `message`. */
export const wholeNumber = (message: string) =>
  yup
    .number()
    .transform((v, orig) => (orig === '' || orig === null || Number.isNaN(v) ? undefined : v))
    .typeError(message)
    .required(message)
    .integer(message);
