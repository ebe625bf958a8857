/**
 * The texts the server writes itself into `{ "error": ... }` (server/src: `new HttpError(status, '...')`), marked for
 * Lingui's extraction so the client shows them in the user's language (shared-api/src/i18n.ts translateServerMessage).
 * The messages the server takes from shared-api's rules and wordings are extracted where they are defined.
 * server-messages.test.ts fails when the server gains a text that is not listed here.
 */
export const SERVER_MESSAGES: readonly string[] = [
  /*i18n*/ "A student's time zone is its institute's",
  /*i18n*/ 'An uploaded file of this question was not found; upload it again',
  /*i18n*/ 'CSV cannot exceed 1024KB',
  /*i18n*/ 'CSV has no rows',
  /*i18n*/ 'Cannot be Empty',
  /*i18n*/ 'Category Not Found',
  /*i18n*/ 'Category already exists',
  /*i18n*/ 'Category is used by an exam',
  /*i18n*/ 'Current password is incorrect',
  /*i18n*/ 'Date cannot be empty.',
  /*i18n*/ 'Email appears twice in the file',
  /*i18n*/ 'Email does not match your account',
  /*i18n*/ 'End Date should be after Start Date',
  /*i18n*/ 'Exam access can be set only for students',
  /*i18n*/ 'Extra time can be set only for students',
  /*i18n*/ 'File cannot be empty.',
  /*i18n*/ 'Forbidden',
  /*i18n*/ 'Google accounts have no password to change',
  /*i18n*/ 'Image cannot be empty.',
  /*i18n*/ 'Institute Not Found',
  /*i18n*/ 'Invalid Credentials',
  /*i18n*/ 'Invalid Name.',
  /*i18n*/ 'Invalid Time Zone',
  /*i18n*/ 'Invalid Type.',
  /*i18n*/ 'Invalid review policy.',
  /*i18n*/ 'Name cannot be empty.',
  /*i18n*/ 'Question Not Found',
  /*i18n*/ 'Title cannot be empty.',
  /*i18n*/ 'Token Expired',
  /*i18n*/ 'Unauthorized',
  /*i18n*/ 'User Not Found',
  /*i18n*/ 'User already belongs to an institute',
  /*i18n*/ 'You cannot delete yourself',
  /*i18n*/ 'You cannot disable yourself',
];
