/** Exam authoring routes of the institute area (its exams, questions, results of an exam, exams shared with it). */
import { Route, type NavItem } from 'shared-ui';
import {
  ExamListPage, ExamResultDetailPage, ExamResultsPage, BlueprintsPage, QuestionBankPage, QuestionListPage, QuestionSummaryPage, type AuthoringScope,
} from 'shared-ui/back-office';
import { paths } from '../paths';

const scope: AuthoringScope = {
  basePath: paths.home,
  seesAllExams: false,
  editsAllExams: false,
  canSetType: false,
  canManageInstituteAccess: false,
  showsSharedExams: true,
  // institute_role 1 may add exams, 0 may not (the server refuses too).
  canAddExam: (user) => user.institute_role === 1,
};

export const authoringNav: NavItem[] = [
  { label: /*i18n*/ 'Exam List', to: paths.exams },
  { label: /*i18n*/ 'Question Bank', to: paths.questionBank },
];

export const authoringRoutes = (
  <>
    <Route path="exams" element={<ExamListPage scope={scope} />} />
    <Route path="exams/exam/:examId" element={<QuestionListPage scope={scope} />} />
    <Route path="exams/exam/:examId/results" element={<ExamResultsPage scope={scope} />} />
    <Route path="exams/exam/:examId/results/:resultId" element={<ExamResultDetailPage scope={scope} />} />
    <Route path="exams/exam/:examId/summary" element={<QuestionSummaryPage scope={scope} />} />
    <Route path="question-bank" element={<QuestionBankPage scope={scope} />} />
    <Route path="question-bank/blueprints" element={<BlueprintsPage scope={scope} />} />
  </>
);
