/**
 * The submission's promise, tried the way a classroom breaks it: choices and a press of Submit (or time zero) mixed
 * with a server that goes down (unreachable or failing), a browser offline and back, slow requests, and the page's
 * queue replaced while the submission is on its way (a reload: the request lands or is lost, the next page sends what
 * the device kept; or a re-mount in the same page: the old request answers later). The server is as the real one:
 * one result per attempt, a submission sent again is answered with the result it stored. Promises: from the press on,
 * the submission is on the server or kept on the device at every step; nothing goes out while the browser says it is
 * offline; every send carries the answers of the press; at the end the server holds one result, with those answers,
 * the device has shown that result once and keeps nothing, and nothing was sent after the device had the result.
 */
import fc from 'fast-check';
import type { SubmitResponse } from 'shared-api';
import { PROPERTY_TIMEOUT_MS, runsWith, seedsOf } from '../../../jest/property-runs';
import type { AnswerItem } from './answer-queue';
import { FlakyLink, isLinkStep, withLinkSteps, type PageHandle } from './flaky-link.test-support';
import { SubmissionQueue, submissionKey, type Submission } from './submission-queue';

const step = withLinkSteps(fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('choose' as const), question: fc.integer({ min: 1, max: 4 }), answer: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('submit' as const) }) },
));

describe('the submission under a flaky link, with the page replaced mid-flight', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it.each(seedsOf('submission'))('is never lost, never stored as two results, and shown once (%s)', async (_label, seed) => {
    let attempt = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 300 }), async (steps, latency) => {
        const attemptId = `submit-${attempt++}`;
        // the server: one result per attempt; a submission of an attempt it has closed gets the stored result
        const results = new Map<string, { resultId: string; answers: AnswerItem[] }>();
        const store = (answers: AnswerItem[]): SubmitResponse => {
          if (!results.has(attemptId)) results.set(attemptId, { resultId: `result-of-${attemptId}`, answers });
          return { resultId: results.get(attemptId)!.resultId } as SubmitResponse;
        };
        const link = new FlakyLink(latency);
        /** every send: its answers, whether the browser said it was online, whether the device had its result */
        const sends: { answers: AnswerItem[] | undefined; online: boolean; afterShown: boolean }[] = [];
        const shown: string[] = [];
        const refused: unknown[] = [];
        const send = (s: Submission) => {
          sends.push({ answers: s.answers, online: link.online, afterShown: shown.length > 0 });
          return link.request(() => store(s.answers!));
        };
        const open = () => new SubmissionQueue({
          attemptId, send, isOnline: () => link.online, baseDelayMs: 500, maxDelayMs: 4_000,
          onStored: (r) => shown.push(r.resultId),
          onRefused: (e) => refused.push(e),
        });
        let queue = open();
        const page: PageHandle = {
          online: () => queue.online(),
          dispose: () => queue.dispose(),
          reopen: () => {
            queue = open();
            // the next page finds what the device kept, says so and sends it (use-submission.ts)
            if (queue.waiting) {
              expect(queue.getSnapshot().state).toBe('kept');
              void queue.flush();
            }
          },
        };

        const onScreen = new Map<string, string>();
        let submitted: AnswerItem[] | null = null;
        const press = () => {
          if (shown.length || queue.getSnapshot().state !== 'none') return; // the button waits, or the exam has ended
          submitted ??= [...onScreen].map(([question, answer]) => ({ question, answer }));
          void queue.submit(submitted);
        };
        const kept = () => localStorage.getItem(submissionKey(attemptId)) !== null;
        const check = (when: string) => {
          if (submitted) expect({ when, onServer: results.has(attemptId), kept: kept() }).not.toEqual({ when, onServer: false, kept: false });
          expect(results.size).toBeLessThanOrEqual(1);
          for (const s of sends) expect({ when, ...s }).toEqual({ when, answers: submitted, online: true, afterShown: false });
          expect(shown.length).toBeLessThanOrEqual(1);
          expect(refused).toEqual([]); // the server never refuses it: it is never dropped
        };

        for (const next of steps) {
          if (isLinkStep(next)) await link.step(next, page);
          else if (next.kind === 'submit') press();
          else if (!submitted) onScreen.set(`q${next.question}`, String(next.answer)); // a choice made after it is refused on screen
          await jest.advanceTimersByTimeAsync(0);
          check(next.kind);
        }
        // time zero: the exam submits by itself if the student did not
        press();
        await jest.advanceTimersByTimeAsync(0);
        check('time zero');

        // the link is back for good: the submission reaches the server, the device shows its result and keeps nothing
        await link.restore(page, () => queue.waiting !== null && shown.length === 0, 20);
        check('end');
        expect([...results]).toEqual([[attemptId, { resultId: `result-of-${attemptId}`, answers: submitted }]]);
        expect(shown).toEqual([`result-of-${attemptId}`]);
        expect(kept()).toBe(false);
        expect(queue.waiting).toBeNull();
        await jest.advanceTimersByTimeAsync(60_000);
        check('a minute later');
        queue.dispose();
      }),
      runsWith(seed),
    );
  }, PROPERTY_TIMEOUT_MS);
});
