import { render, screen, within } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type QuestionSummaryRow, type User } from 'shared-api';
import { MemoryRouter, Route, Routes, UiProvider } from 'shared-ui';
import { fakeApi } from '../people/test-utils';
import { QuestionSummaryPage } from './question-summary';
import type { AuthoringScope } from './scope';

const scope: AuthoringScope = {
  basePath: '/admin', seesAllExams: true, editsAllExams: true, canSetType: true, canManageInstituteAccess: true,
  showsSharedExams: false, canAddExam: () => true,
};

const row = (n: number, over: Partial<QuestionSummaryRow> = {}): QuestionSummaryRow => ({
  question_number: n, exists: true, _id: `q${n}`, type: n <= 20 ? 'Reading' : 'Listening', option_type: 'text', answered: 0,
  correct: 0, correctRate: 0, mostChosenWrong: null, choices: { 1: 0, 2: 0, 3: 0, 4: 0 }, ...over,
});

test('Question Summary: a question nobody answered shows a dash, not 0.00%', async () => {
  // two results: question 1 answered by both (one right), question 2 by nobody
  const rows = Array.from({ length: 40 }, (_, i) => row(i + 1));
  rows[0] = row(1, { answered: 2, correct: 1, correctRate: 0.5, mostChosenWrong: '3', choices: { 1: 1, 2: 0, 3: 1, 4: 0 } });
  rows[2] = row(3, { answered: 1, correct: 0, correctRate: 0, mostChosenWrong: '2', choices: { 1: 0, 2: 1, 3: 0, 4: 0 } });
  const api = fakeApi({ 'questions/summary/': rows, 'exams/exam/': { _id: 'e1', title: 'Exam One' } });
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({ token: 't', user: { _id: 'me', role: 2, email: 'a@x.com', name: 'A' } as unknown as User, institute: null }));
  render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter initialEntries={['/admin/exams/exam/e1/summary']}>
          <Routes>
            <Route path="/admin/exams/exam/:examId/summary" element={<QuestionSummaryPage scope={scope} />} />
          </Routes>
        </MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Question summary' }, { timeout: 10_000 });
  const cells = (n: number) => within(within(table).getAllByRole('row')[n]!).getAllByRole('cell').map((c) => c.textContent);
  // Number, Exists, Type, Option Type, Answered, Correct Rate, Most Chosen Wrong
  expect(cells(1)).toEqual(['1', 'Yes', 'Reading', 'text', '2', '50.00%', '3']);
  expect(cells(2)[5]).toBe('—');
  expect(cells(3)[5]).toBe('0.00%'); // answered, and wrong: a real 0
  const chart = screen.getByTestId('summary-chart');
  expect(chart).toHaveTextContent('50.00%');
  expect(within(chart).getAllByText('—').length).toBe(38);
  api.restore();
});
