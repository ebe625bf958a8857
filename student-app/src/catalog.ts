/**
 * The student area's texts (student-app/src/locales): English in this chunk, Nepali fetched by those who choose it.
 * Imported by the area (app.tsx, which waits for it with useCatalogs) and by tests that render its screens in Nepali.
 */
import { registerCatalogs } from 'shared-api';
import { messages as en } from './locales/en';

export const STUDENT_CATALOG = 'student-app';

registerCatalogs(STUDENT_CATALOG, en, () => import(/* webpackChunkName: "i18n-student-ne" */ './locales/ne'));
