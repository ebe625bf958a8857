/**
 * Screens every role uses (students included). The screens themselves are fetched when first shown (a student's
 * exam list needs none of them); their UI-free helpers are here at once.
 */
import { lazyScreen } from '../components/lazy-screen';
import type { QuestionViewProps } from './question-view';
import type { ResultDetailProps } from './result-detail';
import type { ItemTypePanelProps } from './item-type-scores';

export * from './question-options';
export type { QuestionViewProps, ResultDetailProps, ItemTypePanelProps };

export const ProfilePage = lazyScreen<{ showPictureCard: boolean }>(() => import(/* webpackChunkName: "ui-profile" */ './profile').then((m) => m.ProfilePage));
export const ResultDetail = lazyScreen<ResultDetailProps>(() => import(/* webpackChunkName: "ui-result" */ './result-detail').then((m) => m.ResultDetail));
export const QuestionView = lazyScreen<QuestionViewProps>(() => import(/* webpackChunkName: "ui-question" */ './question-view').then((m) => m.QuestionView));
/** The score per item type of a student's or an exam's results, with its loading, error and empty states (./item-type-scores.tsx). */
export const ItemTypePanel = lazyScreen<ItemTypePanelProps>(() => import(/* webpackChunkName: "ui-item-types" */ './item-type-scores').then((m) => m.ItemTypePanel));
