/** Exam authoring routes of the admin area (exams, questions, results of an exam, categories, private-exam access). */
import { Route, type NavItem } from 'shared-ui';
import {
  CategoriesPage, ExamInstitutesPage, ExamListPage, ExamResultDetailPage, ExamResultsPage, BlueprintsPage, QuestionBankPage, QuestionListPage, QuestionSummaryPage,
  type AuthoringScope,
} from 'shared-ui/back-office';
import { paths } from '../paths';

const scope: AuthoringScope = {
  basePath: paths.home,
  seesAllExams: true,
  editsAllExams: true,
  canSetType: true,
  canManageInstituteAccess: true,
  showsSharedExams: false,
  choosesInstitute: true,
  canAddExam: () => true,
};

export const authoringNav: NavItem[] = [
  { label: /*i18n*/ 'Exam List', to: paths.exams },
  { label: /*i18n*/ 'Question Bank', to: paths.questionBank },
  { label: /*i18n*/ 'Category', to: paths.categories },
];

export const authoringRoutes = (
  <>
    <Route path="exams" element={<ExamListPage scope={scope} />} />
    <Route path="exams/exam/:examId" element={<QuestionListPage scope={scope} />} />
    <Route path="exams/exam/:examId/results" element={<ExamResultsPage scope={scope} />} />
    <Route path="exams/exam/:examId/results/:resultId" element={<ExamResultDetailPage scope={scope} />} />
    <Route path="exams/exam/:examId/institutes" element={<ExamInstitutesPage scope={scope} />} />
    <Route path="exams/exam/:examId/summary" element={<QuestionSummaryPage scope={scope} />} />
    <Route path="question-bank" element={<QuestionBankPage scope={scope} />} />
    <Route path="question-bank/blueprints" element={<BlueprintsPage scope={scope} />} />
    <Route path="categories" element={<CategoriesPage scope={scope} />} />
  </>
);
