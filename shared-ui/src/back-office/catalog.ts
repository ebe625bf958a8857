/**
 * The back office's texts: its own catalog (a student never loads it), registered when this module loads (the back
 * office's entry imports it; so does a test of one of its screens). The apps wait for it with useCatalogs.
 */
import { registerCatalogs } from 'shared-api';
import { messages as en } from './locales/en';

export const BACK_OFFICE_CATALOG = 'back-office';
registerCatalogs(BACK_OFFICE_CATALOG, en, () => import(/* webpackChunkName: "i18n-back-office-ne" */ './locales/ne'));
