/**
 * Route-level entry points. Only the exam list is in the first render; every other page (the question editor,
 * the summary chart, results, categories, access) is a separate chunk loaded when its route opens.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from 'shared-ui';
import type { AuthoringScope } from './scope';

type ScopedPage = ComponentType<{ scope: AuthoringScope }>;

function lazyPage(load: () => Promise<{ default: ScopedPage }>): ScopedPage {
  const Page = lazy(load);
  return function LazyPage(props) {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

export { ExamListPage } from './exam-list';
export const QuestionListPage = lazyPage(() => import('./question-list').then((m) => ({ default: m.QuestionListPage })));
export const QuestionSummaryPage = lazyPage(() => import('./question-summary').then((m) => ({ default: m.QuestionSummaryPage })));
export const ExamResultsPage = lazyPage(() => import('./exam-results').then((m) => ({ default: m.ExamResultsPage })));
export const ExamResultDetailPage = lazyPage(() => import('./exam-results').then((m) => ({ default: m.ExamResultDetailPage })));
export const ExamInstitutesPage = lazyPage(() => import('./exam-institutes').then((m) => ({ default: m.ExamInstitutesPage })));
export const QuestionBankPage = lazyPage(() => import('./question-bank').then((m) => ({ default: m.QuestionBankPage })));
export const BlueprintsPage = lazyPage(() => import('./blueprints').then((m) => ({ default: m.BlueprintsPage })));
export const CategoriesPage = lazyPage(() => import('./categories').then((m) => ({ default: () => <m.CategoriesPage /> })));
