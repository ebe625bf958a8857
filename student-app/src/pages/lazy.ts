/** The student's pages that are not in the first render (the dashboard and the exam list are): fetched when first opened. */
import { lazyScreen, preloadOverlays } from 'shared-ui';

/** The page's chunk with the kit's lazy List (its list), so that the page renders whole the first time. */
const withList = <T>(page: Promise<T>) => Promise.all([page, preloadOverlays('List')]).then(([m]) => m);

// The start page and the exam page are one chunk: the start page fetches the exam page ahead anyway (so Start works
// if the connection drops), and apart they each carried a copy of what both use (the device copy, full screen, ...).
export const ExamStartPage = lazyScreen(() => import(/* webpackChunkName: "exam" */ './exam-start-page').then((m) => m.ExamStartPage));
export const ExamPage = lazyScreen(() => import(/* webpackChunkName: "exam" */ './exam-page').then((m) => m.ExamPage));
export const ContactPage = lazyScreen(() => withList(import(/* webpackChunkName: "contact" */ './contact-page')).then((m) => m.ContactPage));
export const ResultsPage = lazyScreen(() => import(/* webpackChunkName: "results" */ './results-page').then((m) => m.ResultsPage));
export const ResultPage = lazyScreen(() => import(/* webpackChunkName: "results" */ './result-page').then((m) => m.ResultPage));
export const ResultSheetPage = lazyScreen(() => import(/* webpackChunkName: "result-sheet" */ './result-sheet-page').then((m) => m.ResultSheetPage));
