import { AppLayout, Dashboard, NotFoundPage, Route, Routes, type NavItem } from 'shared-ui';
import { paths } from './paths';
import { authoringNav, authoringRoutes } from './routes/authoring';
import { peopleNav, peopleRoutes } from './routes/people';

/** The institute sidebar in the spec's order; each feature contributes its entries once it works. */
const ORDER = ['Dashboard', 'Exam List', 'Manage User', 'Todays Results', 'Profile'];
const nav: NavItem[] = [{ label: 'Dashboard', to: paths.home, end: true }, ...authoringNav, ...peopleNav]
  .sort((a, b) => ORDER.indexOf(a.label) - ORDER.indexOf(b.label));

/** The institute back office. */
export default function InstituteApp() {
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
