/**
 * The student's score per item type: on the Results page across its results (the exams that show the score only left
 * out, and said so), and on one result's page; none there when the exam shows the score only (the server sends null).
 */
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { makeStore, sessionActions, StoreProvider, type ItemTypeBreakdown, type Result, type ResultDetail, type User } from 'shared-api';
import { Route, Routes, UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import '../catalog';
import { ResultsPage } from '../pages/results-page';
import { ResultPage } from '../pages/result-page';

const result: Result = {
  _id: 'r1', score: 2, total_questions: 3, attempted: 3, exam: 'Mock 1', exam_id: 'e1',
  user: { _id: 's1', email: 'ram@example.com', firstname: 'Ram', lastname: 'Thapa' }, createdAt: '2026-11-20T05:00:00.000Z',
  answers: [
    { question: 'q1', questionNumber: 1, type: 'Reading', answer: '1', correct: true },
    { question: 'q25', questionNumber: 25, type: 'Listening', answer: '2', correct: false },
  ],
  totalScore: 10, readingScore: 5, listeningScore: 0,
};
const breakdown: ItemTypeBreakdown = {
  types: [{ itemType: 'picture_answer', section: 'Listening', correct: 2, total: 5 }, { itemType: 'picture_word', section: 'Reading', correct: 4, total: 4 }],
  results: 2,
  hidden: 1,
};

/** Answers the API by path (the longest matching prefix); records the paths asked. */
function mockApi(answers: Record<string, unknown>): string[] {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const url = new URL(req.url).pathname;
    asked.push(url);
    const key = Object.keys(answers).filter((k) => url.startsWith(k)).sort((a, b) => b.length - a.length)[0];
    return new Response(JSON.stringify(key ? answers[key] : { error: 'Not Found' }), { status: key ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

async function renderAt(path: string, route: string, ui: ReactNode) {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({
    token: 't', user: { _id: 's1', role: 0, email: 'ram@example.com', name: 'Ram Thapa', created_by: 'i1' } as unknown as User, institute: null,
  }));
  await act(async () => { render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}><Routes><Route path={route} element={ui} /></Routes></MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  ); });
}

// jsdom draws no canvas: the progress chart shows its text alternative alone
beforeEach(() => { jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null); });
afterEach(() => jest.restoreAllMocks());

test('the Results page: the score per item type across the results, weakest first, with the exams left out', async () => {
  const asked = mockApi({
    '/api/results/user/': { startDate: '2026-11-20', endDate: '2026-11-20', results: [result] },
    '/api/results/ranks/': { ranks: [] },
    '/api/results/item-types/user/': breakdown,
  });
  await renderAt('/student/results', '/student/results', <ResultsPage />);
  const region = await screen.findByRole('region', { name: 'Score by item type' }, { timeout: 10_000 });
  expect(within(region).getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent))
    .toEqual(['Listening, picture to answer: 2 of 5', 'Reading, picture to word: 4 of 4']);
  expect(within(region).getByText(
    'All your results. Across 2 results. 1 result of an exam that shows the score only is not counted. Weakest first.',
  )).toBeInTheDocument();
  expect(asked).toContain('/api/results/item-types/user/s1/s1');
});

test('the Results page without results asks for no breakdown', async () => {
  const asked = mockApi({ '/api/results/user/': { startDate: '2026-11-20', endDate: '2026-11-20', results: [] }, '/api/results/ranks/': { ranks: [] } });
  await renderAt('/student/results', '/student/results', <ResultsPage />);
  expect(await screen.findByText('No results yet', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(asked.some((p) => p.includes('item-types'))).toBe(false);
  expect(screen.queryByRole('region', { name: 'Score by item type' })).not.toBeInTheDocument();
});

const detail = (over: Partial<ResultDetail>): ResultDetail => ({
  result, questions: [], review: { policy: 'marks', shows: 'marks', canRetake: true }, itemTypes: null, ...over,
});

test('one result: its own score per item type', async () => {
  mockApi({ '/api/results/r1/': detail({ itemTypes: [{ itemType: 'picture_answer', section: 'Listening', correct: 0, total: 1 }, { itemType: 'picture_word', section: 'Reading', correct: 1, total: 1 }] }) });
  await renderAt('/student/results/r1', '/student/results/:resultId', <ResultPage />);
  const region = await screen.findByRole('region', { name: 'Score by item type' }, { timeout: 10_000 });
  expect(within(region).getByText('This result. Weakest first.')).toBeInTheDocument();
  expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Listening, picture to answer: 0 of 1');
});

test('one result of an exam that shows the score only: no score per item type', async () => {
  mockApi({ '/api/results/r1/': detail({ review: { policy: 'score', shows: 'score', canRetake: true }, itemTypes: null }) });
  await renderAt('/student/results/r1', '/student/results/:resultId', <ResultPage />);
  expect(await screen.findByTestId('review-note', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Score by item type' })).not.toBeInTheDocument();
});
