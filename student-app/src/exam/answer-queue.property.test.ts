/**
 * The exam page's promise for answers, tried the way a classroom breaks it: random choices mixed with a server that
 * goes down (unreachable or failing), a browser that goes offline and back, requests that take their time, and the
 * page's queue replaced while a request is on its way: by a reload (the request then lands or is lost) or by the
 * screens re-mounting in the same page (a change of language: the old request answers later, as the new queue runs). After every step, each question's latest choice is on the server or kept
 * on the device (a crash at that moment loses nothing); at the end, with the link back, the server has every latest
 * choice and the device keeps nothing.
 */
import fc from 'fast-check';
import { AnswerQueue, answerStorageKey, type AnswerItem } from './answer-queue';

type Op =
  | { kind: 'choose'; question: number; answer: number }
  | { kind: 'server'; up: boolean; unreachable: boolean }
  | { kind: 'browser'; online: boolean }
  | { kind: 'wait'; ms: number }
  | { kind: 'reload'; inFlightLands: boolean }
  | { kind: 'remount' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('choose' as const), question: fc.integer({ min: 1, max: 6 }), answer: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('server' as const), up: fc.boolean(), unreachable: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('browser' as const), online: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), inFlightLands: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remount' as const) }) },
);

interface InFlight { batch: AnswerItem[]; settle: (lands: boolean) => void }

describe('answers under a flaky link, with the page replaced mid-flight', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('never lose a choice: always on the server or on the device, and all on the server at the end', async () => {
    let attempt = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 300 }), async (ops, latency) => {
        const attemptId = `prop-${attempt++}`;
        const server = new Map<string, string>();
        const latest = new Map<string, string>();
        let up = true;
        let unreachable = true;
        let online = true;
        const inFlight = new Set<InFlight>();

        const send = (batch: AnswerItem[]) => new Promise<unknown>((resolve, reject) => {
          const flight: InFlight = {
            batch,
            settle: (lands) => {
              inFlight.delete(flight);
              clearTimeout(timer);
              if (lands) {
                for (const a of batch) server.set(a.question, a.answer);
                resolve({});
              } else reject({ status: 0 });
            },
          };
          inFlight.add(flight);
          // the server answers after the link's latency: it stores the batch, or fails it (unreachable or a 500)
          const timer = setTimeout(() => {
            if (!inFlight.has(flight)) return;
            inFlight.delete(flight);
            if (!up || !online) return reject({ status: !online || unreachable ? 0 : 500 });
            for (const a of batch) server.set(a.question, a.answer);
            resolve({});
          }, latency);
        });
        const open = () => new AnswerQueue({ attemptId, send, isOnline: () => online, baseDelayMs: 500, maxDelayMs: 4_000 });
        let queue = open();

        const kept = () => JSON.parse(localStorage.getItem(answerStorageKey(attemptId)) ?? '{}') as Record<string, string>;
        const nothingLost = (when: string) => {
          const onDevice = kept();
          for (const [q, a] of latest) {
            if (onDevice[q] === a) continue;
            // not kept on the device: then the server must have it (and nothing newer may wait on the device)
            expect({ when, question: q, server: server.get(q), device: onDevice[q] }).toEqual({ when, question: q, server: a, device: undefined });
          }
        };

        for (const step of ops) {
          switch (step.kind) {
            case 'choose': {
              const q = `q${step.question}`;
              const a = String(step.answer);
              latest.set(q, a);
              void queue.set(q, a);
              break;
            }
            case 'server':
              up = step.up;
              unreachable = step.unreachable;
              break;
            case 'browser':
              online = step.online;
              if (online) queue.online(); // the page's 'online' listener
              else queue.offlineNow();
              break;
            case 'wait':
              await jest.advanceTimersByTimeAsync(step.ms);
              break;
            case 'reload': {
              // the old page is gone: its request on its way landed (the server got it first) or was lost
              queue.dispose();
              for (const flight of [...inFlight]) flight.settle(step.inFlightLands);
              await jest.advanceTimersByTimeAsync(0);
              queue = open();
              void queue.flush();
              break;
            }
            case 'remount': {
              // the screens re-mount in the same page (a change of language): the old queue's request goes on and
              // answers later, while the new queue runs
              queue.dispose();
              queue = open();
              void queue.flush();
              break;
            }
          }
          await jest.advanceTimersByTimeAsync(0);
          nothingLost(step.kind);
        }

        // the link is back for good: everything reaches the server, nothing waits on the device
        up = true;
        online = true;
        queue.online();
        for (let i = 0; i < 20 && (queue.getSnapshot().pending > 0 || inFlight.size > 0); i++) await jest.advanceTimersByTimeAsync(5_000);
        nothingLost('end');
        expect(Object.fromEntries(server)).toEqual(expect.objectContaining(Object.fromEntries(latest)));
        expect(queue.getSnapshot()).toEqual({ status: 'saved', pending: 0 });
        expect(localStorage.getItem(answerStorageKey(attemptId))).toBeNull();
        queue.dispose();
      }),
      { numRuns: 300 },
    );
  });
});
