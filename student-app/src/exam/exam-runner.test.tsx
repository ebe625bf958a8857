/**
 * The running exam's submission as the page makes it: through the durable sender (kept on the device from the press
 * until the server has stored it, sent again after a failure and after a reload), one POST per send and no other
 * call after it (the server links the result to the attempt), and a refusal that lets the student submit again.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type Question, type RunningExam, type SubmitResponse, type User } from 'shared-api';
import { UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import '../catalog';
import { ExamRunner } from './exam-runner';
import { submissionKey } from './submission-queue';

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const question = (n: number): Question => ({
  _id: `q${n}`, exam: 'e1', type: 'Reading', question_number: n, main_heading: `Heading ${n}`, main_heading_image: false,
  heading: '', description: `Description ${n}`, description_image: false, description_boxed: false,
  option_type: 'text', option1: '가', option2: '나', option3: '다', option4: '라', listening: '',
});
const data: RunningExam = {
  attempt: {
    _id: 'a1', exam: 'e1', examTitle: 'Mock 1', status: 'running', startedAt: new Date(NOW).toISOString(),
    deadlineAt: new Date(NOW + 50 * 60_000).toISOString(), serverNow: new Date(NOW).toISOString(), resultId: null,
  },
  questions: [question(2), question(1)],
  answers: { q2: '3' },
  listeningStatus: {},
  playLimit: null,
};
const result: SubmitResponse = {
  resultId: 'r1', score: 1, totalQuestions: 2, attempted: 1, correct: 1, percentage: '50.00', name: 'Ram', user_uid: 'U1',
  totalScore: 5, readingScore: 5, listeningScore: 0,
};

/** The server: how it answers a submission now ('down': not reached), and every call it got. */
let submitAnswer: 'ok' | 'down' | 'refuse' | 'hold';
let calls: { method: string; path: string; body: unknown }[];
let release: (() => void) | undefined;

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});
beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  localStorage.clear();
  calls = [];
  submitAnswer = 'ok';
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const path = new URL(req.url).pathname;
    calls.push({ method: req.method, path, body: req.method === 'GET' ? null : await req.clone().json().catch(() => null) });
    const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    if (path.includes('/answers/')) return json({ saved: 1, serverNow: new Date(Date.now()).toISOString(), deadlineAt: data.attempt.deadlineAt });
    if (path.includes('/leaves/')) return json({ stored: 0, ignored: 0 });
    if (path.startsWith('/api/results/create/')) {
      if (submitAnswer === 'down') throw new TypeError('Failed to fetch');
      if (submitAnswer === 'refuse') return json({ error: 'Attempt Not Found' }, 404);
      if (submitAnswer === 'hold') await new Promise<void>((resolve) => { release = resolve; });
      return json(result);
    }
    return json({ error: 'Not Found' }, 404);
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderRunner(onSubmit = jest.fn()) {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({
    token: 't', user: { _id: 's1', role: 0, email: 'ram@example.com', name: 'Ram', created_by: 'i1' } as unknown as User, institute: null as never,
  }));
  const view = render(
    <StoreProvider value={store}><UiProvider><MemoryRouter><ExamRunner data={data} userId="s1" receivedAt={NOW} onSubmit={onSubmit} /></MemoryRouter></UiProvider></StoreProvider>,
  );
  return { ...view, onSubmit };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const submits = () => calls.filter((c) => c.path === '/api/results/create/e1/s1');
const submitted = { report: 'a1', answers: [{ question: 'q1', answer: '0' }, { question: 'q2', answer: '3' }] };

async function pressSubmit() {
  fireEvent.click(screen.getByRole('button', { name: 'Submit And Finish Exam' }));
  const yes = await screen.findByRole('button', { name: 'Yes' });
  await act(async () => {
    fireEvent.click(yes);
  });
}

it('keeps the submission on the device while the server cannot be reached, sends it again, then shows the result', async () => {
  const { onSubmit } = renderRunner();
  await wait(100);
  submitAnswer = 'down';
  await pressSubmit();
  await wait(100);
  expect(onSubmit).toHaveBeenCalled();
  expect(screen.getByTestId('submit-pending')).toHaveTextContent('sent when the connection is back');
  expect(JSON.parse(localStorage.getItem(submissionKey('a1'))!)).toEqual({ at: expect.any(Number), answers: submitted.answers });
  expect(submits()).toHaveLength(1);

  submitAnswer = 'ok';
  await wait(2000); // the first retry's pause
  expect(await screen.findByText('Congratulation, Exam Ended')).toBeVisible();
  expect(screen.queryByTestId('submit-pending')).not.toBeInTheDocument();
  expect(submits().map((c) => c.body)).toEqual([submitted, submitted]);
  // nothing after the stored submission: no report update, nothing kept
  expect(calls.filter((c) => c.path.startsWith('/api/reports/'))).toEqual([]);
  expect(localStorage.getItem(submissionKey('a1'))).toBeNull();
  await wait(60_000);
  expect(submits()).toHaveLength(2);
});

it('a reload while the submission is on its way sends it again from the device (the one before this build kept `{ at }`)', async () => {
  submitAnswer = 'hold';
  const first = renderRunner();
  await wait(100);
  await pressSubmit();
  await wait(100);
  expect(submits()).toHaveLength(1);
  expect(localStorage.getItem(submissionKey('a1'))).not.toBeNull(); // kept from the press
  first.unmount(); // the request on its way is lost with the page
  release?.();
  // the build before kept only the moment of the press: the answers on screen are sent
  localStorage.setItem(submissionKey('a1'), JSON.stringify({ at: NOW }));
  submitAnswer = 'ok';
  const { onSubmit } = renderRunner();
  await wait(100);
  expect(onSubmit).toHaveBeenCalled();
  expect(await screen.findByText('Congratulation, Exam Ended')).toBeVisible();
  expect(submits().map((c) => c.body)).toEqual([submitted, submitted]);
});

it('a submission the server refuses is not kept: the student is told and may submit again', async () => {
  renderRunner();
  await wait(100);
  submitAnswer = 'refuse';
  await pressSubmit();
  await wait(100);
  expect(await screen.findByText('Error cannot save result')).toBeVisible();
  expect(localStorage.getItem(submissionKey('a1'))).toBeNull();
  expect(screen.queryByTestId('submit-pending')).not.toBeInTheDocument();
  await wait(60_000);
  expect(submits()).toHaveLength(1);

  submitAnswer = 'ok';
  await pressSubmit();
  expect(await screen.findByText('Congratulation, Exam Ended')).toBeVisible();
  expect(submits()).toHaveLength(2);
});
