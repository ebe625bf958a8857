/** The schemas of the back office's forms that the server runs too: one chunk, fetched by ../back-office-schemas.ts. */
export { questionSchema } from './question';
export { accessSchema } from './exam-access';
export { extraTimeSchema } from './extra-time';
export { blueprintSchema, assembleSchema } from './blueprint';
