/**
 * Messages of exam authoring that the server and the back-office screens both show (exported by
 * shared-api/back-office: no student page carries them).
 */
export const AUTHORING_MSG = {
  /** the server refuses to remove a question of a published exam; the question list says so beside a disabled Delete */
  unpublishFirst: 'Unpublish the exam before removing questions',
} as const;
