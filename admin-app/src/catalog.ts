/** The admin app's own texts (nav and card labels, its screens), registered when this module loads (the app, a test). */
import { registerCatalogs } from 'shared-api';
import { messages as en } from './locales/en';

export const ADMIN_CATALOG = 'admin-app';
registerCatalogs(ADMIN_CATALOG, en, () => import(/* webpackChunkName: "i18n-admin-app-ne" */ './locales/ne'));
