/**
 * The question and exam-access schemas (./schemas/question.ts, ./schemas/exam-access.ts), which the server runs on
 * the same bodies: handles that fetch them with the first of those forms that validates. Exported by
 * shared-api/back-office only, so no student page carries them.
 */
import { lazyHandle, lazyModule } from 'shared-api';
import type * as All from './schemas/back-office';

// offline: the next validation tries again
const schemas = lazyModule<typeof All>(() => import(/* webpackChunkName: "back-office-forms" */ './schemas/back-office'));

export const questionSchema = lazyHandle(schemas, 'questionSchema');
export const accessSchema = lazyHandle(schemas, 'accessSchema');
