/**
 * The exam page's promise for answers, tried the way a classroom breaks it: random choices mixed with a server that
 * goes down (unreachable or failing), a browser that goes offline and back, requests that take their time, and the
 * page's queue replaced while a request is on its way: by a reload (the request then lands or is lost) or by the
 * screens re-mounting in the same page (a change of language: the old request answers later, as the new queue runs). After every step, each question's latest choice is on the server or kept
 * on the device (a crash at that moment loses nothing); at the end, with the link back, the server has every latest
 * choice and the device keeps nothing.
 */
import fc from 'fast-check';
import { PROPERTY_TIMEOUT_MS, runsWith, seedsOf } from '../../../jest/property-runs';
import { AnswerQueue, answerStorageKey, type AnswerItem } from './answer-queue';
import { FlakyLink, isLinkStep, withLinkSteps, type PageHandle } from './flaky-link.test-support';

const step = withLinkSteps(fc.record({ kind: fc.constant('choose' as const), question: fc.integer({ min: 1, max: 6 }), answer: fc.integer({ min: 1, max: 4 }) }));

describe('answers under a flaky link, with the page replaced mid-flight', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it.each(seedsOf('answers'))('never lose a choice: always on the server or on the device, and all on the server at the end (%s)', async (_label, seed) => {
    let attempt = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 300 }), async (steps, latency) => {
        const attemptId = `prop-${attempt++}`;
        const server = new Map<string, string>();
        const latest = new Map<string, string>();
        const link = new FlakyLink(latency);
        // the server stores the batch when the link carries it there
        const send = (batch: AnswerItem[]) => link.request(() => {
          for (const a of batch) server.set(a.question, a.answer);
          return {};
        });
        const open = () => new AnswerQueue({ attemptId, send, isOnline: () => link.online, baseDelayMs: 500, maxDelayMs: 4_000 });
        let queue = open();
        const page: PageHandle = {
          online: () => queue.online(),
          offline: () => queue.offlineNow(),
          dispose: () => queue.dispose(),
          reopen: () => {
            queue = open();
            void queue.flush();
          },
        };

        const kept = () => JSON.parse(localStorage.getItem(answerStorageKey(attemptId)) ?? '{}') as Record<string, string>;
        const nothingLost = (when: string) => {
          const onDevice = kept();
          for (const [q, a] of latest) {
            if (onDevice[q] === a) continue;
            // not kept on the device: then the server must have it (and nothing newer may wait on the device)
            expect({ when, question: q, server: server.get(q), device: onDevice[q] }).toEqual({ when, question: q, server: a, device: undefined });
          }
        };

        for (const next of steps) {
          if (isLinkStep(next)) await link.step(next, page);
          else {
            const q = `q${next.question}`;
            const a = String(next.answer);
            latest.set(q, a);
            void queue.set(q, a);
          }
          await jest.advanceTimersByTimeAsync(0);
          nothingLost(next.kind);
        }

        // the link is back for good: everything reaches the server, nothing waits on the device
        await link.restore(page, () => queue.getSnapshot().pending > 0, 20);
        nothingLost('end');
        expect(Object.fromEntries(server)).toEqual(expect.objectContaining(Object.fromEntries(latest)));
        expect(queue.getSnapshot()).toEqual({ status: 'saved', pending: 0 });
        expect(localStorage.getItem(answerStorageKey(attemptId))).toBeNull();
        queue.dispose();
      }),
      runsWith(seed),
    );
  }, PROPERTY_TIMEOUT_MS);
});
