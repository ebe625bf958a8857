import { AppLayout, Dashboard, NotFoundPage, Route, Routes, type NavItem } from 'shared-ui';
import { paths } from './paths';

const nav: NavItem[] = [{ label: 'Dashboard', to: paths.home, end: true }];

/** The admin back office. */
export default function AdminApp() {
  return (
    <AppLayout title="EPS-TOPIK Admin" homePath={paths.home} profilePath={paths.profile} nav={nav}>
      <Routes>
        <Route index element={<Dashboard title="Dashboard" cards={[
          { label: 'Total User', stat: 'users', to: paths.users },
          { label: 'Total institute', stat: 'institutes', to: paths.institutes },
          { label: 'Total Exam', stat: 'exams', to: paths.exams },
        ]} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
