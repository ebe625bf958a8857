import { AppLayout, Dashboard, NotFoundPage, Route, Routes, type NavItem } from 'shared-ui';
import { paths } from './paths';

const nav: NavItem[] = [{ label: 'Dashboard', to: paths.home, end: true }];

/** The institute back office. */
export default function InstituteApp() {
  return (
    <AppLayout title="EPS-TOPIK Institute" homePath={paths.home} profilePath={paths.profile} nav={nav}>
      <Routes>
        <Route index element={<Dashboard title="Dashboard" cards={[
          { label: 'Total User', stat: 'users', to: paths.users },
          { label: 'Total Exam Added', stat: 'exams', to: paths.exams },
        ]} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
