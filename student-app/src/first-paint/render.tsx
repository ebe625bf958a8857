/**
 * The exam list's first paint, rendered at build time (../../webpack.first-paint.ts runs this in Node): the student
 * area's own components (its layout and ExamListPage, as the app mounts them under /student) around template exams
 * whose texts are tokens (./template.ts), in English and in Nepali, with the CSS they need. Nothing of it reaches the
 * browser but its output.
 */
import {
  examListsApi, formatNumber, i18n, makeStore, sessionActions, setLanguage, translateServerMessage, type ListedExam,
  type SigninResponse,
} from 'shared-api';
import { ACCESS_REASONS } from 'shared-api/access-reasons';
import { Route, Routes } from 'shared-ui';
import { renderStaticPages } from 'shared-ui/static-render';
import StudentApp from '../app';
import '../catalog';
import { formatBytes } from '../exam/size';
import { paths } from '../paths';
import { FIGURE, TOKEN, type FirstPaintTemplate, type LanguageTemplate } from './template';

const USER_ID = 'first-paint-user';

function session(verified: boolean): SigninResponse {
  return {
    token: 'first-paint',
    institute: null,
    user: {
      _id: USER_ID, email: '', first_name: '', last_name: '', name: TOKEN.name, phone: '', image: '', address: '', status: 1,
      info: '', role: 0, institute_role: 0, created_by: verified ? 'institute' : null, user_uid: '', auth_type: 'local',
      time_zone: 'Asia/Kathmandu', language: 'en', createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

const exam = (over: Partial<ListedExam>): ListedExam => ({
  _id: 'first-paint-exam', title: TOKEN.title, type: 'public', is_cbt: true, status: 1, category: { _id: 'c', title: TOKEN.category },
  exam: '', user: { _id: 'i', name: '' }, question_count: 40, createdAt: '2026-01-01T00:00:00.000Z', play_limit: null,
  review_policy: 'answers', remaining: FIGURE.remaining, reason: null, downloadBytes: FIGURE.bytes,
  running: { deadlineAt: '2026-01-01T00:00:00.000Z', secondsLeft: FIGURE.minutes * 60, reason: TOKEN.runningReason },
  ...over,
});

/** What one rendering of the list shows: the student's state and the two lists' answers. */
export interface ListCase {
  verified: boolean;
  available: ListedExam[];
  other: ListedExam[];
  /** the student's name (the template's token by default) */
  name?: string;
}

async function page({ verified, available, other, name }: ListCase) {
  const store = makeStore();
  const signedIn = session(verified);
  if (name !== undefined) signedIn.user.name = name;
  store.dispatch(sessionActions.signedIn(signedIn));
  await store.dispatch(examListsApi.util.upsertQueryData('getAvailableExams', USER_ID, available));
  await store.dispatch(examListsApi.util.upsertQueryData('getOtherExams', USER_ID, other));
  const element = (
    <Routes>
      <Route path="/student/*" element={<StudentApp />} />
    </Routes>
  );
  return { element, path: paths.exams, store };
}

/** The student area at /student/exams, as the app renders it, for each case, in `lang` (for the build and its test). */
export async function renderExamLists(lang: 'en' | 'ne', globalCss: string, cases: ListCase[]) {
  await setLanguage(lang, { keep: false });
  const pages = await Promise.all(cases.map(page));
  const rendered = renderStaticPages(pages, globalCss);
  // RTK Query's timers of the unused answers (it keeps them a minute) end here: Node exits when done.
  for (const { store } of pages) store.dispatch(examListsApi.util.resetApiState());
  return rendered;
}

/**
 * The fields of a listed exam that ./paint.ts does not write (it keeps the template's rendering of them): a second
 * value of each. Rendered with these instead, the page must be the same, or the card shows one of them and the paint
 * would show the template's value: the build fails (a field the card starts to show is written by the paint too, or
 * the paint would lie). `Record<keyof ListedExam, ...>` makes a new field of the type an error here until it is
 * listed, as written by the paint (null) or not (its second value).
 */
const SECOND_VALUE: { [K in keyof ListedExam]-?: Partial<ListedExam> | null } = {
  _id: null, title: null, is_cbt: null, category: null, reason: null, remaining: null, downloadBytes: null, running: null,
  type: { type: 'private' },
  status: { status: 0 },
  exam: { exam: 'first-paint-reference' },
  user: { user: { _id: 'first-paint-institute', name: 'First Paint Institute' } },
  question_count: { question_count: 21 },
  createdAt: { createdAt: '2025-06-30T12:34:56.000Z' },
  play_limit: { play_limit: 3 },
  review_policy: { review_policy: 'score' },
};
/** The parts of fields the paint writes that it does not (the category's id, the running attempt's deadline). */
const SECOND_PARTS = (e: ListedExam): Partial<ListedExam> => ({
  category: e.category && { ...e.category, _id: 'first-paint-category-2' },
  running: e.running && { ...e.running, deadlineAt: '2025-06-30T12:34:56.000Z' },
});

async function language(lang: 'en' | 'ne', globalCss: string): Promise<{ css: string; template: LanguageTemplate }> {
  const withReason = exam({ _id: 'first-paint-other', is_cbt: false, reason: TOKEN.reason });
  const second = (e: ListedExam) => {
    let out = e;
    for (const over of Object.values(SECOND_VALUE)) if (over) out = { ...out, ...over };
    return { ...out, ...SECOND_PARTS(out) };
  };
  const { html, css } = await renderExamLists(lang, globalCss, [
    { verified: true, available: [exam({})], other: [withReason] },
    { verified: false, available: [], other: [] },
    { verified: true, available: [second(exam({}))], other: [second(withReason)] },
  ]);
  if (html[2] !== html[0]) {
    throw new Error(
      'first paint: the exam card shows a field of the exam that student-app/src/first-paint/paint.ts does not write '
      + '(it would paint the template\'s value): write it there and mark it null in render.tsx\'s SECOND_VALUE',
    );
  }
  return {
    css,
    template: {
      page: html[0]!,
      empty: html[1]!,
      strings: {
        start: i18n._('Start'),
        resume: i18n._('Resume'),
        startLabel: i18n._('Start {title}', { title: TOKEN.title }),
        resumeLabel: i18n._('Resume {title}', { title: TOKEN.title }),
      },
      sentinels: { size: formatBytes(FIGURE.bytes), remaining: formatNumber(FIGURE.remaining), minutes: formatNumber(FIGURE.minutes) },
      reasons: Object.fromEntries(Object.values(ACCESS_REASONS).map((r) => [r, translateServerMessage(r)])),
    },
  };
}

/** The first paint's template; `globalCss` is the text of shared-ui's chakra-global.css. */
export async function renderFirstPaint(globalCss: string): Promise<FirstPaintTemplate> {
  const en = await language('en', globalCss);
  const ne = await language('ne', globalCss);
  await setLanguage('en', { keep: false });
  if (en.css !== ne.css) throw new Error('first paint: the CSS of the English and the Nepali page differ (one stylesheet serves both)');
  return { css: en.css, lang: { en: en.template, ne: ne.template } };
}
