/** The student's pages that are not in the first render (the dashboard and the exam list are): fetched when first opened. */
import { lazyScreen } from 'shared-ui';

export const ExamStartPage = lazyScreen(() => import(/* webpackChunkName: "exam-start" */ './exam-start-page').then((m) => m.ExamStartPage));
export const ExamPage = lazyScreen(() => import(/* webpackChunkName: "exam" */ './exam-page').then((m) => m.ExamPage));
export const ContactPage = lazyScreen(() => import(/* webpackChunkName: "contact" */ './contact-page').then((m) => m.ContactPage));
export const ResultsPage = lazyScreen(() => import(/* webpackChunkName: "results" */ './results-page').then((m) => m.ResultsPage));
export const ResultPage = lazyScreen(() => import(/* webpackChunkName: "results" */ './result-page').then((m) => m.ResultPage));
export const ResultSheetPage = lazyScreen(() => import(/* webpackChunkName: "result-sheet" */ './result-sheet-page').then((m) => m.ResultSheetPage));
