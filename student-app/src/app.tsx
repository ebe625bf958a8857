import { i18n, prefetchExamLists } from 'shared-api';
import { AppLayout, Dashboard, NotFoundPage, ProfilePage, Route, Routes, useCatalogs, useLocation, type NavItem } from 'shared-ui';
import { STUDENT_CATALOG } from './catalog';
import { useShortLandscape } from './exam/use-landscape';
import { ExamListPage } from './pages/exam-list-page';
import { ContactPage, ExamPage, ExamStartPage, ResultPage, ResultSheetPage, ResultsPage } from './pages/lazy';
import { paths } from './paths';

// Opened on the exam list (a deep link, a reload): its requests go out now, while the area renders, in a task of their
// own (RTK Query's first dispatch warms its reducers: with this module's evaluation it made one long task on a phone).
if (typeof window !== 'undefined' && window.location.pathname.replace(/\/$/, '') === paths.exams) setTimeout(() => prefetchExamLists(), 0);

// the layout shows each label in the user's language (i18n._ where it renders them)
const nav: NavItem[] = [
  { label: /*i18n*/ 'Exam List', to: paths.exams },
  { label: /*i18n*/ 'Results', to: paths.results },
  { label: /*i18n*/ 'Profile', to: paths.profile },
];

/** The student area: everything a student needs and nothing of the back office. */
export default function StudentApp() {
  useCatalogs(STUDENT_CATALOG);
  const { pathname } = useLocation();
  const landscape = useShortLandscape();
  const onExam = pathname.startsWith(`${paths.exams}/exam/`);
  const onStart = pathname.startsWith(`${paths.exams}/start/`);
  // The result sheet is a page of paper: no top bar, no sidebar.
  if (/^\/student\/results\/[^/]+\/print\/?$/.test(pathname)) {
    return (
      <Routes>
        <Route path="results/:resultId/print" element={<ResultSheetPage />} />
      </Routes>
    );
  }
  return (
    <AppLayout
      title="EPS-TOPIK"
      homePath={paths.home}
      profilePath={paths.profile}
      nav={nav}
      hideSidebar={onExam || onStart}
      lockLogo={onExam}
      topNav={landscape && !onExam && !onStart}
    >
      <Routes>
        <Route index element={<Dashboard title={i18n._('Dashboard')} cards={[
          { label: /*i18n*/ 'Exam List', stat: 'availableExams', to: paths.exams },
          { label: /*i18n*/ 'Results', stat: 'results', to: paths.results },
        ]} />} />
        <Route path="exams" element={<ExamListPage />} />
        <Route path="exams/start/:examId" element={<ExamStartPage />} />
        <Route path="exams/exam/:examId" element={<ExamPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="results" element={<ResultsPage />} />
        <Route path="results/:resultId" element={<ResultPage />} />
        <Route path="profile" element={<ProfilePage showPictureCard={false} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppLayout>
  );
}
