/**
 * Messages of exam authoring that the server and the back-office screens both show (exported by
 * shared-api/back-office: no student page carries them). Read in the current language on screen, English on the
 * server (./wording.ts).
 */
import { words } from './wording';

export const AUTHORING_MSG = words({
  /** the server refuses to remove a question of a published exam; the question list says so beside a disabled Delete */
  unpublishFirst: /*i18n*/ 'Unpublish the exam before removing questions',
});
