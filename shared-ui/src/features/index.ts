/**
 * Screens every role uses (students included). The screens themselves are fetched when first shown (a student's
 * exam list needs none of them); their UI-free helpers are here at once.
 */
import { lazyScreen } from '../components/lazy-screen';
import type { QuestionViewProps } from './question-view';
import type { ResultDetailProps } from './result-detail';

export * from './question-options';
export type { QuestionViewProps, ResultDetailProps };

export const ProfilePage = lazyScreen<{ showPictureCard: boolean }>(() => import(/* webpackChunkName: "ui-profile" */ './profile').then((m) => m.ProfilePage));
export const ResultDetail = lazyScreen<ResultDetailProps>(() => import(/* webpackChunkName: "ui-result" */ './result-detail').then((m) => m.ResultDetail));
export const QuestionView = lazyScreen<QuestionViewProps>(() => import(/* webpackChunkName: "ui-question" */ './question-view').then((m) => m.QuestionView));
