import { registerCatalogs } from 'shared-api';
import { AppLayout, Dashboard, NotFoundPage, Route, Routes, useCatalogs, type NavItem } from 'shared-ui';
import { BACK_OFFICE_CATALOG } from 'shared-ui/back-office';
import { messages as en } from './locales/en';
import { paths } from './paths';
import { authoringNav, authoringRoutes } from './routes/authoring';
import { peopleNav, peopleRoutes } from './routes/people';
import { transferNav, transferRoutes } from './routes/transfer';

/** The admin sidebar in the spec's order; each feature contributes its entries once it works. */
const ORDER = ['Dashboard', 'Exam List', 'Manage User', 'Manage Institute', 'Category', 'View Report', 'Todays Results', 'Transfer Exam', 'Profile'];
const nav: NavItem[] = [{ label: 'Dashboard', to: paths.home, end: true }, ...authoringNav, ...peopleNav, ...transferNav]
  .sort((a, b) => ORDER.indexOf(a.label) - ORDER.indexOf(b.label));

/** The admin back office. */
registerCatalogs('admin-app', en, () => import(/* webpackChunkName: "i18n-admin-app-ne" */ './locales/ne'));

export default function AdminApp() {
  useCatalogs('admin-app', BACK_OFFICE_CATALOG);
  return (
    <AppLayout title="EPS-TOPIK Admin" homePath={paths.home} profilePath={paths.profile} nav={nav}>
      <Routes>
        <Route index element={<Dashboard title="Dashboard" cards={[
          { label: 'Total User', stat: 'users', to: paths.users },
          { label: 'Total institute', stat: 'institutes', to: paths.institutes },
          { label: 'Total Exam', stat: 'exams', to: paths.exams },
        ]} />} />
        {authoringRoutes}
        {peopleRoutes}
        {transferRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
