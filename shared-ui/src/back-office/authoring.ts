// Exam authoring screens (exams, questions, categories, private-exam access, question summary, question bank, blueprints), one set for admin and institute.
export {
  ExamListPage, QuestionListPage, QuestionSummaryPage, ExamResultsPage, ExamResultDetailPage, ExamInstitutesPage, CategoriesPage, QuestionBankPage,
  BlueprintsPage,
} from './authoring/pages';
export { authoringPaths, type AuthoringScope } from './authoring/scope';
export { ExamCard } from './authoring/exam-list';
