import { i18n } from 'shared-api';
import { AppLayout, Dashboard, NotFoundPage, Route, Routes, useCatalogs, type NavItem } from 'shared-ui';
import { BACK_OFFICE_CATALOG } from 'shared-ui/back-office';
import { INSTITUTE_CATALOG } from './catalog';
import { paths } from './paths';
import { authoringNav, authoringRoutes } from './routes/authoring';
import { peopleNav, peopleRoutes } from './routes/people';

/** The institute sidebar in the spec's order; each feature contributes its entries once it works. */
const ORDER = ['Dashboard', 'Exam List', 'Question Bank', 'Manage User', 'Todays Results', 'Profile'];
// Nav and card labels are English (the sidebar order and the UI kit match them), marked: the layout and dashboard show
// them translated.
const nav: NavItem[] = [{ label: /*i18n*/ 'Dashboard', to: paths.home, end: true }, ...authoringNav, ...peopleNav]
  .sort((a, b) => ORDER.indexOf(a.label) - ORDER.indexOf(b.label));

/** The institute back office. */
export default function InstituteApp() {
  useCatalogs(INSTITUTE_CATALOG, BACK_OFFICE_CATALOG);
  return (
    <AppLayout title={i18n._('EPS-TOPIK Institute')} homePath={paths.home} profilePath={paths.profile} nav={nav}>
      <Routes>
        <Route index element={<Dashboard title={i18n._('Dashboard')} cards={[
          { label: /*i18n*/ 'Total User', stat: 'users', to: paths.users },
          { label: /*i18n*/ 'Total Exam Added', stat: 'exams', to: paths.exams },
        ]} />} />
        {authoringRoutes}
        {peopleRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
