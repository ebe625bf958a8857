// Exam authoring screens (exams, questions, categories, private-exam access, question summary, question bank), one set for admin and institute.
export {
  ExamListPage, QuestionListPage, QuestionSummaryPage, ExamResultsPage, ExamResultDetailPage, ExamInstitutesPage, CategoriesPage, QuestionBankPage,
} from './authoring/pages';
export { authoringPaths, type AuthoringScope } from './authoring/scope';
export { ExamCard } from './authoring/exam-list';
