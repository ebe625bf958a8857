/**
 * The authoring rules' messages that need no yup. In English (the server writes them too; the screens translate them
 * as they show them, and ../validation-messages.ts lists the built ones). The upload rules are ../uploads.ts.
 */

export const MSG_CATEGORY_REQUIRED = /*i18n*/ 'Category is required';
export const MSG_REFERENCE_EXAM_REQUIRED = /*i18n*/ 'Reference exam is required';
// PLAY_LIMITS written out, so that the text is extracted
export const MSG_PLAY_LIMIT = /*i18n*/ 'Play limit must be one of 1, 2, 3 or no limit';
export const MSG_REVIEW_POLICY = /*i18n*/ 'Invalid review policy.';
/** The spec's wording, double space included. */
export const MSG_LISTENING_AND_TEXT = /*i18n*/ 'Must have both listening  and text';
export const MSG_CANNOT_BE_EMPTY = /*i18n*/ 'Cannot be Empty';
