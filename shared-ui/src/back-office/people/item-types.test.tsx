/**
 * The back office's score per item type: the user detail's "By item type" tab (a student's results) and an exam's
 * results page (the class's), each asking the server for its own route.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type ItemTypeBreakdown, type User } from 'shared-api';
import { Route, Routes, UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import type { ReactNode } from 'react';
import '../catalog';
import { ExamResultsPage } from '../authoring/exam-results';
import type { AuthoringScope } from '../authoring/scope';
import { peoplePermissions } from './permissions';
import UserDetailPage from './user-detail';
import { fakeApi } from './test-utils';

const scope: AuthoringScope = {
  basePath: '/institute', seesAllExams: false, editsAllExams: false, canSetType: false, canManageInstituteAccess: false,
  showsSharedExams: true, canAddExam: () => true,
};

const breakdown: ItemTypeBreakdown = {
  types: [
    { itemType: 'story', section: 'Listening', correct: 1, total: 6 },
    { itemType: 'fill_blank', section: 'Reading', correct: 5, total: 8 },
  ],
  results: 2,
  hidden: 0,
};

async function renderAt(path: string, route: string, element: ReactNode) {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({ token: 't', user: { _id: 'me', role: 1, email: 'i@x.com', name: 'Institute' } as unknown as User, institute: null }));
  await act(async () => { render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes><Route path={route} element={element} /></Routes>
        </MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  ); });
}

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

test('user detail: the By item type tab asks for the student\'s breakdown and lists it weakest first', async () => {
  api = fakeApi({
    'users/getUserInfo/': { _id: 's1', name: 'Ram Thapa', email: 'ram@x.com', role: 0, user_uid: 'U-1' },
    'results/item-types/user/': breakdown,
  });
  await renderAt('/institute/users/s1', '/institute/users/:userId', <UserDetailPage perms={peoplePermissions('institute', '/institute')} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'By item type' }));
  const region = await screen.findByRole('region', { name: 'Score by item type' }, { timeout: 10_000 });
  expect(within(region).getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent))
    .toEqual(['Listening, a story: 1 of 6', 'Reading, fill the blank: 5 of 8']);
  expect(within(region).getByText("All of this student's results. Across 2 results. Weakest first.")).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path.startsWith('results/item-types/')).map((c) => c.path)).toEqual(['results/item-types/user/s1/me']);
});

test('exam results: the class\'s breakdown under the list; none when the exam has no results the viewer sees', async () => {
  api = fakeApi({ 'exams/exam/': { _id: 'e1', title: 'Exam One' }, 'results/item-types/exam/': breakdown });
  await renderAt('/institute/exams/exam/e1/results', '/institute/exams/exam/:examId/results', <ExamResultsPage scope={scope} />);
  const region = await screen.findByRole('region', { name: 'Score by item type' }, { timeout: 10_000 });
  expect(within(region).getByText('Listening, a story: 1 of 6')).toBeInTheDocument();
  expect(within(region).getByText('All results of this exam you can see. Across 2 results. Weakest first.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path.startsWith('results/item-types/')).map((c) => c.path)).toEqual(['results/item-types/exam/e1/me']);
});

test('exam results without any result: no breakdown, the list says it', async () => {
  api = fakeApi({ 'exams/exam/': { _id: 'e1', title: 'Exam One' }, 'results/item-types/exam/': { types: [], results: 0, hidden: 0 } });
  await renderAt('/institute/exams/exam/e1/results', '/institute/exams/exam/:examId/results', <ExamResultsPage scope={scope} />);
  expect(await screen.findByText('No Result Found', {}, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('results/item-types/exam/'))).toBe(true));
  await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByTestId('item-type-scores')).not.toBeInTheDocument();
  expect(screen.queryByTestId('item-type-scores-empty')).not.toBeInTheDocument();
});
