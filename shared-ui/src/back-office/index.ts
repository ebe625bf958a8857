/** shared-ui/back-office: screens the admin and institute back offices share, parameterised by role. Never loaded by students. */
import { DataTable, preloadOverlays } from 'shared-ui';

export * from './authoring';
export * from './people';

export { BACK_OFFICE_CATALOG } from './catalog';

// The back office's screens use Chakra's heavy components (tabs on user details, dialogs and menus everywhere, upload
// progress, switches, tables, selects, cards, text areas): fetch their chunks with the back office, so a first visit to such a screen does not render
// them a moment later than the rest of the page. A student never loads this module.
void preloadOverlays('Dialog', 'Menu', 'Tabs', 'Progress', 'Switch', 'Table', 'NativeSelect', 'Card', 'Extras');
void DataTable.preload();
