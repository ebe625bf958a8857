/**
 * The listening plays' promise, tried the way a classroom breaks it: random taps on the audio mixed with a server
 * that goes down (unreachable or failing), a browser offline and back, slow requests, and the page's queue replaced
 * while a play is on its way (a reload: the request lands or is lost, and the new page starts from the server's
 * counts; or a re-mount in the same page: the old request answers later). Promises: the device never lets an audio
 * play beyond the limit; every play the device let start is on the server or kept on the device at every step;
 * at the end the server has each of them once (a play sent twice counts once) and the device's counts are the
 * server's.
 */
import fc from 'fast-check';
import { PROPERTY_TIMEOUT_MS, runsWith, seedsOf } from '../../../jest/property-runs';
import type { AudioKey, ListeningPlay, ListeningStatus } from 'shared-api';
import { FlakyLink, isLinkStep, withLinkSteps, type PageHandle } from './flaky-link.test-support';
import { PlayQueue, pendingPlaysKey } from './play-queue';

const AUDIO: AudioKey[] = ['main', 'option1', 'option2'];
const step = withLinkSteps(fc.record({ kind: fc.constant('tap' as const), question: fc.integer({ min: 21, max: 23 }), audio: fc.constantFrom(...AUDIO) }));

describe('listening plays under a flaky link, with the page replaced mid-flight', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it.each(seedsOf('plays'))('never play beyond the limit, never lose a play, never count one twice (%s)', async (_label, seed) => {
    let attempt = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.constantFrom(1, 2, 3, null), fc.integer({ min: 0, max: 300 }), async (steps, limit, latency) => {
        const attemptId = `plays-${attempt++}`;
        // the server: each play id counted once, the limit enforced (409 with its counts)
        const seen = new Set<string>();
        const counts: ListeningStatus = {};
        const serverCounts = (): ListeningStatus => JSON.parse(JSON.stringify(counts)) as ListeningStatus;
        const record = (play: ListeningPlay) => {
          if (seen.has(play.playId)) return;
          const used = counts[play.question]?.[play.audio] ?? 0;
          if (limit !== null && used >= limit) throw { status: 409, data: { listeningStatus: serverCounts() } };
          seen.add(play.playId);
          counts[play.question] = { ...counts[play.question], [play.audio]: used + 1 };
        };
        const link = new FlakyLink(latency);
        const refused: ListeningPlay[] = [];
        const send = (play: ListeningPlay) => link.request(() => {
          record(play);
          return serverCounts();
        });
        const open = (server?: ListeningStatus) => new PlayQueue({
          attemptId, send, limit, serverCounts: server, isOnline: () => link.online, baseDelayMs: 500, maxDelayMs: 4_000,
          onRefused: (p) => refused.push(p),
        });
        let queue = open();
        const page: PageHandle = {
          online: () => queue.online(),
          dispose: () => queue.dispose(),
          reopen: () => {
            // the new page fetches the running exam: the server's counts as they are now
            queue = open(serverCounts());
            void queue.flush();
          },
        };
        const started: ListeningPlay[] = [];

        const check = (when: string) => {
          const onDevice = JSON.parse(localStorage.getItem(pendingPlaysKey(attemptId)) ?? '[]') as ListeningPlay[];
          const waiting = new Set(onDevice.map((p) => p.playId));
          for (const p of started) expect({ when, play: p.playId, kept: seen.has(p.playId) || waiting.has(p.playId) }).toEqual({ when, play: p.playId, kept: true });
          if (limit !== null) {
            for (const q of Object.values(counts)) for (const n of Object.values(q)) expect(n).toBeLessThanOrEqual(limit);
          }
          expect(refused).toEqual([]); // one device: it never lets a play start that the server would refuse
        };

        for (const next of steps) {
          if (isLinkStep(next)) await link.step(next, page);
          else {
            const q = `q${next.question}`;
            const before = queue.used(q, next.audio);
            const play = queue.play(q, next.audio);
            if (play) started.push(play);
            // refused on the device only when the limit is used up
            expect(play === null).toBe(limit !== null && before >= limit);
          }
          await jest.advanceTimersByTimeAsync(0);
          check(next.kind);
        }

        await link.restore(page, () => queue.pendingPlays.length > 0, 40);
        check('end');
        expect(queue.pendingPlays).toEqual([]);
        expect(localStorage.getItem(pendingPlaysKey(attemptId))).toBeNull();
        // each play the device let start is counted once on the server, and the device shows the server's counts
        expect([...seen].sort()).toEqual(started.map((p) => p.playId).sort());
        const made: ListeningStatus = {};
        for (const p of started) made[p.question] = { ...made[p.question], [p.audio]: (made[p.question]?.[p.audio] ?? 0) + 1 };
        expect(counts).toEqual(made);
        for (const [q, byAudio] of Object.entries(made)) for (const [a, n] of Object.entries(byAudio)) expect(queue.used(q, a as AudioKey)).toBe(n);
        queue.dispose();
      }),
      runsWith(seed),
    );
  }, PROPERTY_TIMEOUT_MS);
});
