import { AppLayout, Dashboard, NotFoundPage, Route, Routes, type NavItem } from 'shared-ui';
import { paths } from './paths';

const nav: NavItem[] = [{ label: 'Dashboard', to: paths.home, end: true }];

/** The student area: everything a student needs and nothing of the back office. */
export default function StudentApp() {
  return (
    <AppLayout title="EPS-TOPIK" homePath={paths.home} profilePath={paths.profile} nav={nav}>
      <Routes>
        <Route index element={<Dashboard title="Dashboard" cards={[
          { label: 'Exam List', stat: 'availableExams', to: paths.exams },
          { label: 'Results', stat: 'results', to: paths.results },
        ]} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
