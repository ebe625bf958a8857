import { registerCatalogs } from 'shared-api';
import { AppLayout, Dashboard, NotFoundPage, Route, Routes, useCatalogs, type NavItem } from 'shared-ui';
import { BACK_OFFICE_CATALOG } from 'shared-ui/back-office';
import { messages as en } from './locales/en';
import { paths } from './paths';
import { authoringNav, authoringRoutes } from './routes/authoring';
import { peopleNav, peopleRoutes } from './routes/people';

/** The institute sidebar in the spec's order; each feature contributes its entries once it works. */
const ORDER = ['Dashboard', 'Exam List', 'Manage User', 'Todays Results', 'Profile'];
const nav: NavItem[] = [{ label: 'Dashboard', to: paths.home, end: true }, ...authoringNav, ...peopleNav]
  .sort((a, b) => ORDER.indexOf(a.label) - ORDER.indexOf(b.label));

/** The institute back office. */
registerCatalogs('institute-app', en, () => import(/* webpackChunkName: "i18n-institute-app-ne" */ './locales/ne'));

export default function InstituteApp() {
  useCatalogs('institute-app', BACK_OFFICE_CATALOG);
  return (
    <AppLayout title="EPS-TOPIK Institute" homePath={paths.home} profilePath={paths.profile} nav={nav}>
      <Routes>
        <Route index element={<Dashboard title="Dashboard" cards={[
          { label: 'Total User', stat: 'users', to: paths.users },
          { label: 'Total Exam Added', stat: 'exams', to: paths.exams },
        ]} />} />
        {authoringRoutes}
        {peopleRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
