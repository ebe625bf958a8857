/** The institute app's own texts (nav and card labels, its screens), registered when this module loads (the app, a test). */
import { registerCatalogs } from 'shared-api';
import { messages as en } from './locales/en';

export const INSTITUTE_CATALOG = 'institute-app';
registerCatalogs(INSTITUTE_CATALOG, en, () => import(/* webpackChunkName: "i18n-institute-app-ne" */ './locales/ne'));
