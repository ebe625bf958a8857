import type { LeaveRecord, ListeningPlay } from 'shared-api';
import { AnswerQueue } from './answer-queue';
import { LeaveQueue } from './leave-record';
import { Outbox } from './outbox';
import { PlayQueue } from './play-queue';
import { retryableError, worthRetrying } from './retry';

describe('the outbox', () => {
  beforeEach(() => localStorage.clear());

  it('sends what the build before it kept on a device (its keys and formats), then forgets it', async () => {
    // Written by the queues of the build before the outbox: a device upgraded in the middle of an exam.
    localStorage.setItem('examAnswers:old', JSON.stringify({ q2: '4', q1: '1', bad: 3 }));
    const play: ListeningPlay = { question: 'q7', audio: 'main', playId: 'ab'.repeat(16) };
    localStorage.setItem('examPlays:old', JSON.stringify([play, { question: 'q8', audio: 'nope', playId: 'x' }]));
    localStorage.setItem('examListening:old', JSON.stringify({ q7: { main: 1 } }));
    const leave: LeaveRecord = { id: 'l1', kind: 'hidden', startedAt: '2026-11-25T09:00:00.000Z', durationMs: 1200 };
    localStorage.setItem('examLeaves:old', JSON.stringify([leave]));

    const answers = jest.fn(async () => ({}));
    const plays = jest.fn(async () => ({ q7: { main: 1 } }));
    const leaves = jest.fn(async () => ({}));
    const a = new AnswerQueue({ attemptId: 'old', send: answers, isOnline: () => true });
    const p = new PlayQueue({ attemptId: 'old', send: plays, limit: 1, isOnline: () => true });
    const l = new LeaveQueue({ attemptId: 'old', send: leaves, isOnline: () => true });
    expect(a.getSnapshot()).toEqual({ status: 'saving', pending: 2 });
    expect(p.left('q7', 'main')).toBe(0);
    await Promise.all([a.flush(), p.flush(), l.flush()]);

    expect(answers.mock.calls).toEqual([[[{ question: 'q2', answer: '4' }, { question: 'q1', answer: '1' }]]]);
    expect(plays.mock.calls).toEqual([[play]]);
    expect(leaves.mock.calls).toEqual([[[leave]]]);
    for (const key of ['examAnswers:old', 'examPlays:old', 'examLeaves:old']) expect(localStorage.getItem(key)).toBeNull();
    expect(JSON.parse(localStorage.getItem('examListening:old')!)).toEqual({ q7: { main: 1 } });
  });

  it('sends in batches, one request at a time; an item changed on its way stays; a final refusal drops its batch', async () => {
    type Item = { id: string; v: number };
    const sent: Item[][] = [];
    let answer: (() => void) | undefined;
    let fail: unknown;
    const box = new Outbox<Item>({
      key: 'box',
      batch: 2,
      decode: (v) => (Array.isArray(v) ? (v as Item[]) : []),
      identity: (i) => `${i.id}:${i.v}`,
      send: (batch) => new Promise((resolve, reject) => {
        sent.push(batch);
        answer = () => (fail ? reject(fail) : resolve(undefined));
      }),
      retryable: (e) => (e as { status: number }).status !== 400,
      isOnline: () => true,
    });
    box.update(() => [{ id: 'a', v: 1 }, { id: 'b', v: 1 }, { id: 'c', v: 1 }]);
    const done = box.flush();
    expect(sent).toEqual([[{ id: 'a', v: 1 }, { id: 'b', v: 1 }]]);
    void box.flush(); // one request at a time
    expect(sent).toHaveLength(1);
    box.update((items) => items.map((i) => (i.id === 'a' ? { id: 'a', v: 2 } : i))); // changed while on its way
    answer!();
    await Promise.resolve();
    expect(sent[1]).toEqual([{ id: 'a', v: 2 }, { id: 'c', v: 1 }]);
    fail = { status: 400 };
    answer!();
    await expect(done).resolves.toBe(true);
    expect(box.items).toEqual([]);
    expect(localStorage.getItem('box')).toBeNull();
  });
});

describe('which failures are sent again (one rule for every queue, the download and the exam page)', () => {
  test.each([
    [0, true], [500, true], [502, true], [503, true], [408, true], [429, true],
    [400, false], [401, false], [403, false], [404, false], [409, false], [410, false], [413, false],
  ])('HTTP %i: worth retrying %s', (status, expected) => {
    expect(worthRetrying(status)).toBe(expected);
    expect(retryableError({ status, error: 'x' })).toBe(expected);
  });
  test('an error without a status (thrown before any answer) is sent again', () => {
    expect(retryableError(new TypeError('Failed to fetch'))).toBe(true);
    expect(retryableError(undefined)).toBe(true);
    expect(retryableError({ status: 'FETCH_ERROR' })).toBe(true);
  });
});
