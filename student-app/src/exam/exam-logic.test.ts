import { AnswerQueue, answerStorageKey, mergeAnswers, type AnswerItem } from './answer-queue';
import { backoffDelay } from './retry';
import { clockOffset, formatMmSs, remainingMs } from './clock';
import type { ExamDownload, RunningExam, StartAttemptResponse } from 'shared-api';
import { deviceCopy } from './device-copy';
import { mergeListening } from './play-queue';
import { examStorage } from './storage';

describe('exam clock', () => {
  it('measures the remaining time on the server clock, whatever the device clock says', () => {
    const deadline = '2030-01-01T10:50:00.000Z';
    // the device is 3 minutes behind the server
    const serverNow = Date.parse('2030-01-01T10:10:00.000Z');
    const deviceNow = serverNow - 3 * 60_000;
    const offset = clockOffset(new Date(serverNow).toISOString(), deviceNow);
    expect(offset).toBe(180_000);
    expect(remainingMs(deadline, offset, deviceNow)).toBe(40 * 60_000);
    // one device second later
    expect(formatMmSs(remainingMs(deadline, offset, deviceNow + 1000))).toBe('39:59');
    // past the deadline: zero, never negative
    expect(remainingMs(deadline, offset, deviceNow + 41 * 60_000)).toBe(0);
  });

  it('a reload computes the same remaining time, not 50:00 again', () => {
    const deadline = Date.parse('2030-01-01T10:50:00.000Z');
    const firstLoad = remainingMs(deadline, clockOffset(deadline - 50 * 60_000 + 600_000, 5_000), 5_000);
    const reload = remainingMs(deadline, clockOffset(deadline - 50 * 60_000 + 602_000, 9_000), 9_000);
    expect(formatMmSs(firstLoad)).toBe('40:00');
    expect(formatMmSs(reload)).toBe('39:58');
  });

  it('shows mm:ss rounding up', () => {
    expect(formatMmSs(50 * 60_000)).toBe('50:00');
    expect(formatMmSs(59_001)).toBe('01:00');
    expect(formatMmSs(400)).toBe('00:01');
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-5)).toBe('00:00');
  });
});

describe('answer queue', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  function deferredSender() {
    const calls: { answers: AnswerItem[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
    const send = jest.fn(
      (answers: AnswerItem[]) => new Promise<void>((resolve, reject) => calls.push({ answers, resolve, reject })),
    );
    return { send, calls };
  }

  it('keeps a choice locally at once and forgets it only when the server confirmed it', async () => {
    const { send, calls } = deferredSender();
    const q = new AnswerQueue({ attemptId: 'a1', send, isOnline: () => true });
    const done = q.set('q1', '2');
    expect(JSON.parse(localStorage.getItem(answerStorageKey('a1'))!)).toEqual({ q1: '2' });
    expect(q.getSnapshot().status).toBe('saving');
    calls[0]!.resolve();
    await expect(done).resolves.toBe(true);
    expect(localStorage.getItem(answerStorageKey('a1'))).toBeNull();
    expect(q.getSnapshot()).toEqual({ status: 'saved', pending: 0 });
  });

  it('serializes sends: one request in flight, later choices go in the next one, in order', async () => {
    const { send, calls } = deferredSender();
    const q = new AnswerQueue({ attemptId: 'a2', send, isOnline: () => true });
    void q.set('q1', '1');
    void q.set('q2', '3');
    void q.set('q1', '4'); // changed while the first send is in flight
    expect(send).toHaveBeenCalledTimes(1);
    expect(calls[0]!.answers).toEqual([{ question: 'q1', answer: '1' }]);
    calls[0]!.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(2);
    // q1's newer choice was not confirmed by the first send: it is sent again, after q2 (order of choices)
    expect(calls[1]!.answers).toEqual([{ question: 'q2', answer: '3' }, { question: 'q1', answer: '4' }]);
    calls[1]!.resolve();
    await q.flush();
    expect(q.pendingAnswers).toEqual({});
  });

  it('retries with backoff after a failure and never drops the answer', async () => {
    const { send, calls } = deferredSender();
    const q = new AnswerQueue({ attemptId: 'a3', send, isOnline: () => true, baseDelayMs: 1000 });
    const first = q.set('q1', '2');
    calls[0]!.reject({ status: 500, error: 'boom' });
    await expect(first).resolves.toBe(false);
    expect(q.getSnapshot().status).toBe('error');
    expect(q.pendingAnswers).toEqual({ q1: '2' });
    jest.advanceTimersByTime(999);
    expect(send).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
    calls[1]!.reject({ status: 0 });
    await Promise.resolve();
    await Promise.resolve();
    expect(q.getSnapshot().status).toBe('offline');
    jest.advanceTimersByTime(1999);
    expect(send).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(3);
    calls[2]!.resolve();
    await q.flush();
    expect(q.getSnapshot().status).toBe('saved');
    expect(backoffDelay(1)).toBe(1000);
    expect(backoffDelay(3)).toBe(4000);
    expect(backoffDelay(20)).toBe(30_000);
  });

  it('offline: keeps choices on the device and flushes them all when the browser is back online', async () => {
    let online = false;
    const { send, calls } = deferredSender();
    const q = new AnswerQueue({ attemptId: 'a4', send, isOnline: () => online });
    await q.set('q1', '1');
    await q.set('q2', '2');
    expect(send).not.toHaveBeenCalled();
    expect(q.getSnapshot()).toEqual({ status: 'offline', pending: 2 });
    online = true;
    q.online();
    expect(calls[0]!.answers).toEqual([{ question: 'q1', answer: '1' }, { question: 'q2', answer: '2' }]);
    calls[0]!.resolve();
    await q.flush();
    expect(q.getSnapshot()).toEqual({ status: 'saved', pending: 0 });
  });

  it('a reload finds the pending answers, and they win over the server copy', () => {
    localStorage.setItem(answerStorageKey('a5'), JSON.stringify({ q2: '4' }));
    const q = new AnswerQueue({ attemptId: 'a5', send: jest.fn(), isOnline: () => true });
    expect(q.pendingAnswers).toEqual({ q2: '4' });
    expect(mergeAnswers({ q1: '1', q2: '3', q3: '0' }, q.pendingAnswers)).toEqual({ q1: '1', q2: '4', q3: '0' });
  });

  it('clear forgets the attempt once its result is saved', () => {
    localStorage.setItem(answerStorageKey('a6'), JSON.stringify({ q2: '4' }));
    const q = new AnswerQueue({ attemptId: 'a6', send: jest.fn(), isOnline: () => false });
    q.clear();
    expect(localStorage.getItem(answerStorageKey('a6'))).toBeNull();
  });
});

describe('listening counts', () => {
  it('keeps the larger count of server and device for each audio', () => {
    expect(mergeListening({ q1: { main: 2 }, q2: { option1: 1 } }, { q1: { main: 1, option2: 1 }, q3: { main: 1 } })).toEqual({
      q1: { main: 2, option2: 1 },
      q2: { option1: 1 },
      q3: { main: 1 },
    });
  });
});

describe("the device's copy of the running exam", () => {
  const running = (attemptId: string): RunningExam => ({
    attempt: { _id: attemptId, exam: 'e1', examTitle: 'Mock 1', status: 'running', deadlineAt: '2030-01-01T10:50:00.000Z', serverNow: '2030-01-01T10:00:00.000Z' } as RunningExam['attempt'],
    questions: [{ _id: 'q1', question_number: 1 }, { _id: 'q2', question_number: 2 }] as RunningExam['questions'],
    answers: { q1: '2' },
    listeningStatus: {},
    playLimit: null,
  });

  beforeEach(() => localStorage.clear());

  it('gives back the exam as received, with every choice made on screen since (saved or not) over its answers', () => {
    deviceCopy.set({ data: running('a1'), receivedAt: 1234, userId: 'u1' });
    expect(deviceCopy.get('a1', 'u1')).toEqual({ data: running('a1'), receivedAt: 1234, userId: 'u1' });
    deviceCopy.setChoices('a1', { q1: '3', q2: '4' });
    const copy = deviceCopy.get('a1', 'u1')!;
    expect(copy.data.answers).toEqual({ q1: '3', q2: '4' });
    expect(copy.data.questions).toHaveLength(2);
    expect(copy.receivedAt).toBe(1234);
  });

  it("has none for another attempt or another student, and none that is damaged or another attempt's", () => {
    deviceCopy.set({ data: running('a1'), receivedAt: 1, userId: 'u1' });
    expect(deviceCopy.get('a2', 'u1')).toBeNull();
    expect(deviceCopy.get('a1', 'u2')).toBeNull();
    localStorage.setItem('examCopy:a3', '{not json');
    expect(deviceCopy.get('a3', 'u1')).toBeNull();
    localStorage.setItem('examCopy:a4', JSON.stringify({ data: running('a1'), receivedAt: 1, userId: 'u1' }));
    expect(deviceCopy.get('a4', 'u1')).toBeNull();
    localStorage.setItem('examCopy:a5', JSON.stringify({ data: { ...running('a5'), questions: undefined }, receivedAt: 1, userId: 'u1' }));
    expect(deviceCopy.get('a5', 'u1')).toBeNull();
  });

  it("at Get Started, the downloaded exam becomes the attempt's copy with the start call's deadline; a copy already kept stays", () => {
    const pkg: ExamDownload = { examId: 'e1', questions: running('a1').questions, files: [{ url: '/media/x.mp3', bytes: 10 }], playLimit: 2, bytes: 500 };
    examStorage.setDownloaded('u1', pkg);
    expect(examStorage.downloaded('e1', 'u1')).toEqual(pkg);
    expect(examStorage.downloaded('e1', 'u2')).toBeNull();
    expect(examStorage.downloaded('e2', 'u1')).toBeNull();
    const started: StartAttemptResponse = { ...running('a1').attempt, startedAt: '2030-01-01T10:00:00.000Z', resultId: null, resumed: false };
    deviceCopy.startFrom(started, pkg.questions, pkg.playLimit, 'u1', 5000);
    const copy = deviceCopy.get('a1', 'u1')!;
    expect(copy.receivedAt).toBe(5000);
    expect(copy.data.attempt).toEqual({ ...running('a1').attempt, startedAt: '2030-01-01T10:00:00.000Z', resultId: null });
    expect(copy.data.questions.map((q) => q._id)).toEqual(['q1', 'q2']);
    expect(copy.data.answers).toEqual({});
    expect(copy.data.playLimit).toBe(2); // an offline reload still knows the limit
    // a resumed attempt this device already has (with its choices) keeps its copy
    deviceCopy.setChoices('a1', { q1: '4' });
    const resumed: StartAttemptResponse = { ...started, resumed: true };
    deviceCopy.startFrom(resumed, [], null, 'u1', 9000);
    expect(deviceCopy.get('a1', 'u1')).toMatchObject({ receivedAt: 5000, data: { answers: { q1: '4' } } });
  });

  it('is removed with the attempt when the exam ends', () => {
    examStorage.setRunning({ examId: 'e1', attemptId: 'a1' });
    deviceCopy.set({ data: running('a1'), receivedAt: 1, userId: 'u1' });
    deviceCopy.setChoices('a1', { q2: '1' });
    examStorage.clear('a1');
    expect(deviceCopy.get('a1', 'u1')).toBeNull();
    expect(examStorage.running()).toBeNull();
    expect(localStorage.getItem('examChoices:a1')).toBeNull();
  });
});
