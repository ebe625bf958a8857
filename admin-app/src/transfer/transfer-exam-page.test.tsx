import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type User } from 'shared-api';
import { UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import { TransferExamPage } from './transfer-exam-page';
// the app's messages (with placeholders), registered as the app does
import '../catalog';

const remoteExam = {
  _id: 'r1', title: 'EPS-TOPIK Mock Test 1', type: 'public', is_cbt: false, status: 1, category: null, exam: '', question_count: 40,
};

type Answer = { status: number; body: unknown };
/** Answers the page's calls by path; records what was sent. */
function mockApi(answers: Record<string, Answer>) {
  const calls: { url: string; body: unknown }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const url = new URL(req.url).pathname;
    calls.push({ url, body: await req.clone().json().catch(() => null) });
    const key = Object.keys(answers).find((k) => url.startsWith(k));
    const a = key ? answers[key]! : { status: 404, body: { error: 'Not Found' } };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderPage() {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({ token: 't', user: { _id: 'admin1', role: 2, email: 'a@x.com', name: 'A' } as unknown as User, institute: null }));
  return render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter>
          <TransferExamPage />
        </MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  );
}

function fill() {
  fireEvent.change(screen.getByLabelText('Website Name'), { target: { value: 'http://127.0.0.1:8402/' } });
  fireEvent.change(screen.getByLabelText('UserId'), { target: { value: 'them' } });
  fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'their-token' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get Exams' }));
}

afterEach(() => jest.restoreAllMocks());

describe('transfer exam page', () => {
  it('checks the fields before calling', async () => {
    const calls = mockApi({});
    renderPage();
    fireEvent.change(screen.getByLabelText('Website Name'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Exams' }));
    expect(await screen.findByText(' Invalid Website Name.', { normalizer: (s) => s })).toBeInTheDocument();
    expect(screen.getByText('UserId cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Token cannot be empty.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists the other site\'s exams and saves the chosen one after confirmation', async () => {
    const calls = mockApi({
      '/api/exams/transfer/list/admin1': { status: 200, body: [remoteExam] },
      '/api/exams/transferexam/admin1': {
        status: 200,
        body: { ...remoteExam, _id: 'copy1', status: 0, user: { _id: 'admin1', name: 'A' }, createdAt: '2025-01-01T00:00:00Z' },
      },
    });
    renderPage();
    fill();
    const card = await screen.findByRole('article', { name: 'EPS-TOPIK Mock Test 1' });
    expect(within(card).getByText('Questions: 40')).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: '/api/exams/transfer/list/admin1', body: { url: 'http://127.0.0.1:8402/', userId: 'them', token: 'their-token' } });

    fireEvent.click(within(card).getByRole('button', { name: 'Save EPS-TOPIK Mock Test 1' }));
    expect(await screen.findByText('Are you sure you want to save this exam?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Successfully Transfered Exam')).toBeInTheDocument();
    expect(calls[1]).toEqual({
      url: '/api/exams/transferexam/admin1',
      body: { exam: 'r1', url: 'http://127.0.0.1:8402/', userId: 'them', token: 'their-token' },
    });
    expect(await screen.findByRole('button', { name: 'Open Exam' })).toBeInTheDocument();
  });

  it('shows No Exams Found for an empty list, and the reasons of failures', async () => {
    mockApi({ '/api/exams/transfer/list/admin1': { status: 200, body: [] } });
    renderPage();
    fill();
    expect(await screen.findByText('No Exams Found')).toBeInTheDocument();

    jest.restoreAllMocks();
    mockApi({ '/api/exams/transfer/list/admin1': { status: 400, body: { error: 'Error Getting Exam: the other site refused the token' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Exams' }));
    expect(await screen.findByText('Error Getting Exam')).toBeInTheDocument();
    expect(await screen.findByText('the other site refused the token')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('No Exams Found')).not.toBeInTheDocument());
  });

  it('tells when the copy failed', async () => {
    mockApi({
      '/api/exams/transfer/list/admin1': { status: 200, body: [remoteExam] },
      '/api/exams/transferexam/admin1': { status: 400, body: { error: 'Error Transfering Exam: unreachable' } },
    });
    renderPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: 'Save EPS-TOPIK Mock Test 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Error Transfering Exam')).toBeInTheDocument();
    expect(await screen.findByText('unreachable')).toBeInTheDocument();
  });
});
