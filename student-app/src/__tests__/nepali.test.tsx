/**
 * The student's screens in Nepali (issue 25): the exam list, the start page's download box, the exam-ended dialog,
 * the result sheet and the timer's announcements, with the figures in Devanagari digits, while the test ids and the
 * English (the default, and the language of every other test) stay as they were.
 */
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  makeStore, sessionActions, setLanguage, StoreProvider, translateServerMessage, type ListedExam, type ResultDetail, type SubmitResponse, type User,
} from 'shared-api';
import { Route, Routes, UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import '../catalog';
import { timeAnnouncement } from '../exam/clock';
import type { DownloadProgress } from '../exam/download';
import { DownloadPanel } from '../exam/download-panel';
import { ExamEndedDialog } from '../exam/exam-ended-dialog';
import { formatProgress } from '../exam/size';
import type { ExamDownloadState } from '../exam/use-exam-download';
import { ExamListPage } from '../pages/exam-list-page';
import { ResultSheetPage } from '../pages/result-sheet-page';

const DEVANAGARI = /[\u0900-\u097F]/;

const exam = (over: Partial<ListedExam>): ListedExam => ({
  _id: 'e1', title: 'EPS-TOPIK Mock Test 1', type: 'public', is_cbt: false, status: 1, category: null, exam: '',
  user: { _id: 'i1', name: 'Institute' }, question_count: 40, createdAt: '2026-11-20T05:00:00.000Z', play_limit: null,
  review_policy: 'answers', remaining: null, reason: null, running: null, downloadBytes: 3_400_000, ...over,
});

/** Answers the API by path (the longest matching prefix). */
function mockApi(answers: Record<string, unknown>) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const url = new URL(req.url).pathname;
    const key = Object.keys(answers).filter((k) => url.startsWith(k)).sort((a, b) => b.length - a.length)[0];
    const body = key ? answers[key] : { error: 'Not Found' };
    return new Response(JSON.stringify(body), { status: key ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
}

function renderAs(ui: ReactNode, path = '/') {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({
    token: 't',
    user: { _id: 's1', role: 0, email: 'ram@example.com', name: 'Ram Thapa', created_by: 'i1' } as unknown as User,
    institute: { _id: 'i1', name: 'Kathmandu Korean Academy' } as never,
  }));
  return render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  );
}

beforeEach(async () => {
  await act(() => setLanguage('ne'));
});

afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => setLanguage('en'));
  localStorage.clear();
});

test('the exam list: sections, sizes, attempts left, the reason an exam cannot be started, the Start button', async () => {
  mockApi({
    '/api/exams/published/users/': [exam({ remaining: 2 })],
    '/api/exams/users/getAll/': [exam({ _id: 'e2', title: 'EPS-TOPIK 모의고사 2', reason: 'You do not have access to this exam. Contact your institute.' })],
  });
  renderAs(<ExamListPage />);
  expect(screen.getByRole('heading', { name: 'परीक्षा सूची' })).toBeInTheDocument();
  const available = await screen.findByRole('region', { name: 'उपलब्ध परीक्षाहरू' });
  const card = await within(available).findByRole('article', { name: 'EPS-TOPIK Mock Test 1' });
  expect(within(card).getByTestId('exam-size')).toHaveTextContent('डाउनलोड: ३.४ MB');
  expect(within(card).getByText('बाँकी प्रयास: २')).toBeInTheDocument();
  // the exam's title is the author's: never translated
  expect(within(card).getByRole('button', { name: 'EPS-TOPIK Mock Test 1 सुरु गर्नुहोस्' })).toHaveTextContent('सुरु गर्नुहोस्');
  const other = screen.getByRole('region', { name: 'अन्य परीक्षाहरूको सूची' });
  // the server's reason, in the words shared-api's catalog has for it (server-messages.ts)
  const reason = 'You do not have access to this exam. Contact your institute.';
  expect(await within(other).findByText(translateServerMessage(reason))).toBeInTheDocument();
  // a title in Korean is marked as Korean (read and drawn as Korean inside the Nepali page); an English one is not
  expect(within(other).getByRole('heading', { name: 'EPS-TOPIK 모의고사 2' })).toHaveAttribute('lang', 'ko');
  expect(within(card).getByRole('heading', { name: 'EPS-TOPIK Mock Test 1' })).not.toHaveAttribute('lang');
  expect(screen.queryByText(/Available Exams|Other Exams List|Download:|Attempts left|Start/)).toBeNull();
});

const pkg = { examId: 'e1', questions: [], files: [{ url: '/media/a.mp3', bytes: 3_000_000 }], playLimit: null, bytes: 3_400_000 };
const progress = (doneBytes: number, phase: DownloadProgress['phase'] = 'downloading', error: string | null = null): DownloadProgress => ({
  phase, doneBytes, totalBytes: 3_400_000, filesStored: 0, filesTotal: 1, error,
});
const panel = (state: Partial<ExamDownloadState>, online = true) => (
  <UiProvider>
    <DownloadPanel state={{ support: 'yes', pkg, error: null, progress: null, retry: jest.fn(), ...state }} listedBytes={3_350_000} online={online} />
  </UiProvider>
);

test("the start page's download box: the size and the progress in Devanagari digits, what a screen reader hears, why it stopped", () => {
  const { rerender } = render(panel({ progress: progress(2_130_000) }));
  expect(screen.getByTestId('download-size')).toHaveTextContent('डाउनलोड: ३.४ MB');
  expect(screen.getByTestId('download-progress')).toHaveTextContent('परीक्षा डाउनलोड हुँदैछ: ३.४ MB मध्ये २.१');
  expect(screen.getByTestId('download-announcement')).toHaveTextContent('परीक्षा डाउनलोड हुँदैछ: ६० %');
  rerender(panel({ progress: progress(1_000_000, 'failed', null) }));
  expect(screen.getByTestId('download-stopped')).toHaveTextContent('डाउनलोड रोकियो: एउटा फाइल डाउनलोड गर्न सकिएन।');
  expect(screen.getByRole('button', { name: 'फेरि प्रयास गर्नुहोस्' })).toBeInTheDocument();
  const refusal = 'You have no attempts left for this exam.';
  rerender(panel({ pkg: null, error: { status: 403, error: refusal } }));
  expect(screen.getByTestId('download-stopped')).toHaveTextContent(`परीक्षा डाउनलोड गर्न सकिँदैन: ${translateServerMessage(refusal)}`);
  rerender(panel({ progress: progress(3_400_000, 'complete') }));
  expect(screen.getByTestId('download-complete')).toHaveTextContent('परीक्षा यो उपकरणमा छ: इन्टरनेट जडान बिना नै दिन सकिन्छ।');
});

test('sizes and the timer announcements follow the language, and go back to English', async () => {
  expect(formatProgress(12_000, 45_600)).toBe('४६ kB मध्ये १२');
  expect(timeAnnouncement(10 * 60_000 + 1000, 10 * 60_000)).toBe('१० मिनेट बाँकी');
  await act(() => setLanguage('en'));
  expect(formatProgress(12_000, 45_600)).toBe('12 of 46 kB');
  expect(timeAnnouncement(10 * 60_000 + 1000, 10 * 60_000)).toBe('10 minutes left');
});

test('the exam-ended dialog: its lines in Nepali, the figures in Devanagari, the test ids as they were', async () => {
  const result: SubmitResponse = {
    resultId: 'r1', score: 30, totalQuestions: 40, attempted: 38, correct: 30, percentage: '75.00', name: 'Ram Thapa', user_uid: 'EPS-0042',
    totalScore: 150, readingScore: 80, listeningScore: 70,
  };
  renderAs(<ExamEndedDialog result={result} />);
  const dialog = await screen.findByTestId('exam-ended');
  expect(within(dialog).getByText('जम्मा प्रश्न')).toBeInTheDocument();
  expect(within(dialog).getByTestId('ended-Total Questions')).toHaveTextContent('४०');
  expect(within(dialog).getByTestId('ended-Total Attempt')).toHaveTextContent('३८');
  expect(within(dialog).getByTestId('ended-Your Percentage')).toHaveTextContent('७५.००%');
  expect(within(dialog).getByTestId('ended-Name')).toHaveTextContent('Ram Thapa');
  expect(within(dialog).getByTestId('ended-Exam id')).toHaveTextContent('EPS-0042'); // an id, as it is written
  for (const name of ['नतिजा हेर्नुहोस्', 'नतिजाहरूको सूची', 'मुख्य पृष्ठमा फर्कनुहोस्']) {
    expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  }
});

test('the result sheet: headings, names, figures and each question cell in Nepali', async () => {
  const answers = Array.from({ length: 40 }, (_, i) => ({
    question: `q${i + 1}`, questionNumber: i + 1, type: i < 20 ? 'Reading' : 'Listening', answer: i % 4 === 3 ? '0' : '1', correct: i % 4 === 0,
  }));
  const detail: ResultDetail = {
    result: {
      _id: 'r1', score: 10, total_questions: 40, attempted: 30, exam: 'EPS-TOPIK Mock Test 1', exam_id: 'e1',
      user: { _id: 's1', email: 'ram@example.com', firstname: 'Ram', lastname: 'Thapa' }, createdAt: '2026-11-20T05:00:00.000Z',
      answers: answers as ResultDetail['result']['answers'], totalScore: 50, readingScore: 25, listeningScore: 25,
    },
    questions: [],
    review: { policy: 'marks', shows: 'marks', canRetake: true },
    itemTypes: null,
  };
  mockApi({ '/api/results/ranks/': { ranks: [] }, '/api/results/r1/': detail });
  renderAs(<Routes><Route path="/student/results/:resultId/print" element={<ResultSheetPage />} /></Routes>, '/student/results/r1/print');
  expect(await screen.findByRole('heading', { name: 'EPS-TOPIK नमुना परीक्षा: नतिजा पाना' })).toBeInTheDocument();
  expect(screen.getByText('विद्यार्थी')).toBeInTheDocument();
  expect(screen.getByTestId('sheet-Institute')).toHaveTextContent('Kathmandu Korean Academy');
  expect(screen.getByTestId('sheet-Date').textContent).toMatch(/^[०-९]{4}-[०-९]{2}-[०-९]{2} [०-९]{2}:[०-९]{2}$/);
  expect(screen.getByTestId('sheet-Score')).toHaveTextContent('५० / २००');
  expect(screen.getByTestId('sheet-Correct')).toHaveTextContent('४० मध्ये १०');
  expect(screen.getByRole('list', { name: 'पढाइका प्रश्नहरू' })).toBeInTheDocument();
  expect(screen.getByRole('listitem', { name: 'प्रश्न १, सही' })).toBeInTheDocument();
  expect(screen.getByRole('listitem', { name: 'प्रश्न २, गलत' })).toBeInTheDocument();
  expect(screen.getByRole('listitem', { name: 'प्रश्न ४, प्रयास नगरिएको' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'प्रिन्ट' })).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/Result Sheet|Reading|Listening|Student/);
  expect(document.body.textContent).toMatch(DEVANAGARI);
});
