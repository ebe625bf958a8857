/**
 * The shell's texts (shell/src/locales): English in the shell's code, Nepali fetched by those who choose it. Imported
 * by the app (which waits for it with useCatalogs) and by tests that render the shell's screens in Nepali.
 */
import { registerCatalogs } from 'shared-api';
import { messages as en } from './locales/en';

export const SHELL_CATALOG = 'shell';

registerCatalogs(SHELL_CATALOG, en, () => import(/* webpackChunkName: "i18n-shell-ne" */ './locales/ne'));
