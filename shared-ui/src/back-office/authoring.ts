// Exam authoring screens (exams, questions, categories, private-exam access, question summary), one set for admin and institute.
export {
  ExamListPage, QuestionListPage, QuestionSummaryPage, ExamResultsPage, ExamResultDetailPage, ExamInstitutesPage, CategoriesPage,
} from './authoring/pages';
export { authoringPaths, type AuthoringScope } from './authoring/scope';
export { ExamCard } from './authoring/exam-list';
