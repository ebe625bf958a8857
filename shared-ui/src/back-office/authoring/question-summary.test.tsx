import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type ItemAnalysis, type QuestionSummaryRow, type ScoreSummary, type User } from 'shared-api';
import { Route, Routes, UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import { byUrl, fakeApi } from '../people/test-utils';
import { QuestionSummaryPage } from './question-summary';
import type { AuthoringScope } from './scope';

const scope: AuthoringScope = {
  basePath: '/admin', seesAllExams: true, editsAllExams: true, canSetType: true, canManageInstituteAccess: true,
  showsSharedExams: false, choosesInstitute: true, canAddExam: () => true,
};

const options = (all: number[]) => (['1', '2', '3', '4', 'unanswered'] as const).map((option, i) => ({
  option, key: option === '1', count: all[i]! * 2, upper: all[i]!, lower: all[i]!, all: all[i]!,
}));
const row = (n: number, over: Partial<QuestionSummaryRow> = {}): QuestionSummaryRow => ({
  question_number: n, exists: n <= 2, _id: n <= 2 ? `q${n}` : null, type: n <= 2 ? 'Reading' : null, option_type: n <= 2 ? 'text' : null, answered: 0,
  correct: 0, correctRate: 0, mostChosenWrong: null, choices: { 1: 0, 2: 0, 3: 0, 4: 0 }, unanswered: 0, facility: null,
  pointBiserial: null, pointBiserialReason: 'No question with this number', discrimination: null, discriminationReason: 'No question with this number',
  distractors: [], flags: [], ...over,
});
const summary = (label: string, over: Partial<ScoreSummary> = {}): ScoreSummary => ({
  label, questions: 2, results: 2, mean: 1, sd: 0.5, kr20: 0.25, kr20Reason: null, ...over,
});
const analysis = (over: Partial<ItemAnalysis> = {}): ItemAnalysis => {
  const questions = Array.from({ length: 40 }, (_, i) => row(i + 1));
  questions[0] = row(1, {
    answered: 2, correct: 1, correctRate: 0.5, facility: 0.5, mostChosenWrong: '3', pointBiserial: 0.4321, pointBiserialReason: null,
    discrimination: -1, discriminationReason: null, distractors: options([0.5, 0, 0.5, 0, 0]),
    flags: [{ code: 'negative-discrimination', text: 'Negative discrimination: check the key' }],
  });
  questions[1] = row(2, {
    answered: 2, correct: 2, correctRate: 1, facility: 1, pointBiserialReason: 'Every result answered it correctly (no variance)',
    discrimination: 0, discriminationReason: null, distractors: options([1, 0, 0, 0, 0]), flags: [{ code: 'easy', text: 'Easy: p over 0.9' }],
  });
  return {
    results: 2, institute: null, note: 'Based on 2 results; figures under 30 results are unreliable', groupSize: 1,
    exam: summary('Exam'), sections: [summary('Reading'), summary('Listening', { questions: 0, kr20: null, kr20Reason: 'Needs at least 2 questions' })],
    questions, ...over,
  };
};

/** rendered inside an awaited act: the institute select's lazy part suspends on the first render */
async function renderPage() {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({ token: 't', user: { _id: 'me', role: 2, email: 'a@x.com', name: 'A' } as unknown as User, institute: null }));
  await act(async () => { render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter initialEntries={['/admin/exams/exam/e1/summary']}>
          <Routes>
            <Route path="/admin/exams/exam/:examId/summary" element={<QuestionSummaryPage scope={scope} />} />
          </Routes>
        </MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  ); });
}

const institutes = [{ _id: 'i1', name: 'Hangul Academy', email: 'h@x.com' }];

test('Question Summary: statistics, flags as badges, options opened from the keyboard, the institute choice', async () => {
  const api = fakeApi({
    'questions/analysis/': byUrl((url) => ({ body: url.searchParams.get('institute') === 'i1' ? analysis({ results: 0, note: 'No results yet' }) : analysis() })),
    'exams/exam/': { _id: 'e1', title: 'Exam One' },
    'users/getAllInstitutes/': byUrl(() => ({ body: institutes, headers: { 'X-Total-Count': '1' } })),
  });
  await renderPage();
  const table = await screen.findByRole('table', { name: 'Question summary' }, { timeout: 10_000 });
  const cells = (n: number) => within(within(table).getAllByRole('row')[n]!).getAllByRole('cell').map((c) => c.textContent);
  // Number, Exists, Type, Option Type, Answered, p, Point-biserial, Upper-lower D, Most Chosen Wrong, Flags, Options
  expect(cells(1)).toEqual(['1', 'Yes', 'Reading', 'text', '2', '0.50', '0.43', '-1.00', '3', 'Negative discrimination: check the key', 'Show']);
  expect(cells(2).slice(0, 10)).toEqual(['2', 'Yes', 'Reading', 'text', '2', '1.00', '—', '0.00', '—', 'Easy: p over 0.9']);
  expect(within(table).getAllByRole('row')[2]!.querySelector('[title]')).toHaveAttribute('title', 'Every result answered it correctly (no variance)');
  expect(cells(3).slice(0, 6)).toEqual(['3', 'No', '—', '—', '—', '—']);
  expect(screen.getByTestId('analysis-note')).toHaveTextContent('Based on 2 results; figures under 30 results are unreliable');
  const stats = screen.getByRole('table', { name: 'Exam and section statistics' });
  expect(within(stats).getAllByRole('row')[1]).toHaveTextContent(/Exam\s*2\s*2\s*1\.00\s*0\.50\s*0\.25/);
  expect(within(stats).getAllByRole('row')[3]).toHaveTextContent('— (Needs at least 2 questions)');

  const show = screen.getByRole('button', { name: 'Show options of question 1' });
  expect(show).toHaveAttribute('aria-expanded', 'false');
  show.focus();
  fireEvent.click(show); // a focused button's Enter/Space is a click
  const opts = await screen.findByRole('table', { name: 'Options of question 1' });
  expect(screen.getByRole('button', { name: 'Hide options of question 1' })).toHaveAttribute('aria-expanded', 'true');
  const optRows = within(opts).getAllByRole('row').map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));
  expect(optRows[1]).toEqual(['Option 1Key', '50%', '50%', '50%', '1']);
  expect(optRows[5]).toEqual(['Unanswered', '0%', '0%', '0%', '0']);

  // the admin's choice of institute goes to the server, which answers for that institute's students
  const select = await screen.findByRole('combobox', { name: 'Institute' });
  await waitFor(() => expect(select).toBeEnabled());
  fireEvent.change(select, { target: { value: 'i1' } });
  expect(await screen.findByText('No results yet')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Exam and section statistics' })).toBeNull();
  expect(screen.getByRole('table', { name: 'Question summary' })).toBeInTheDocument(); // which numbers exist, still
  expect(api.calls.some((c) => c.path.startsWith('questions/analysis/e1/me') && c.search.get('institute') === 'i1')).toBe(true);
  api.restore();
}, 30_000);
