/** shared-ui/back-office: screens the admin and institute back offices share, parameterised by role. Never loaded by students. */
import { registerCatalogs } from 'shared-api';
import { DataTable, preloadOverlays } from 'shared-ui';
import { messages as en } from './locales/en';

export * from './authoring';
export * from './people';

/** The back office's texts (its own catalog: a student never loads it); the apps wait for it with useCatalogs. */
export const BACK_OFFICE_CATALOG = 'back-office';
registerCatalogs(BACK_OFFICE_CATALOG, en, () => import(/* webpackChunkName: "i18n-back-office-ne" */ './locales/ne'));

// The back office's screens use Chakra's heavy components (tabs on user details, dialogs and menus everywhere, upload
// progress, switches, tables, selects, cards, text areas): fetch their chunks with the back office, so a first visit to such a screen does not render
// them a moment later than the rest of the page. A student never loads this module.
void preloadOverlays('Dialog', 'Menu', 'Tabs', 'Progress', 'Switch', 'Table', 'NativeSelect', 'Card', 'Extras');
void DataTable.preload();
