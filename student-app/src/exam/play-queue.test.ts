import type { ListeningPlay, ListeningStatus } from 'shared-api';
import { PlayQueue, newPlayId, pendingPlaysKey, playCountsKey, type PlaySender } from './play-queue';
import { examStorage } from './storage';

/** A fake server with a limit: counts plays once per play id, refuses beyond the limit with its counts (409). */
function fakeServer(limit: number | null, counts: ListeningStatus = {}) {
  const seen = new Set<string>();
  let reachable = true;
  const send = jest.fn<ReturnType<PlaySender>, Parameters<PlaySender>>(async (p: ListeningPlay) => {
    if (!reachable) throw { status: 0, error: 'Network Error' };
    if (seen.has(p.playId)) return structuredClone(counts);
    const used = counts[p.question]?.[p.audio] ?? 0;
    if (limit !== null && used >= limit) {
      throw { status: 409, error: 'No plays left for this audio', data: { listeningStatus: structuredClone(counts), playLimit: limit } };
    }
    seen.add(p.playId);
    counts[p.question] = { ...counts[p.question], [p.audio]: used + 1 };
    return structuredClone(counts);
  });
  return { send, counts, seen, setReachable: (v: boolean) => { reachable = v; } };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('listening plays (PlayQueue)', () => {
  beforeEach(() => localStorage.clear());

  it('counts a play at once, sends it with a play id, and takes the server counts', async () => {
    const server = fakeServer(2);
    const q = new PlayQueue({ attemptId: 'a1', send: server.send, limit: 2, isOnline: () => true });
    expect(q.left('q1', 'main')).toBe(2);
    const p = q.play('q1', 'main')!;
    expect(p.playId).toMatch(/^[0-9a-f]{32}$/);
    expect(q.used('q1', 'main')).toBe(1);
    expect(q.left('q1', 'main')).toBe(1);
    await q.flush();
    expect(server.send).toHaveBeenCalledWith({ question: 'q1', audio: 'main', playId: p.playId });
    expect(q.pendingPlays).toEqual([]);
    expect(q.getSnapshot()).toEqual({ q1: { main: 1 } });
    expect(localStorage.getItem(pendingPlaysKey('a1'))).toBeNull();
  });

  it('refuses a play locally when none are left (nothing counted or sent); no limit: never refused', async () => {
    const server = fakeServer(1);
    const q = new PlayQueue({ attemptId: 'a2', send: server.send, limit: 1, isOnline: () => true });
    expect(q.play('q1', 'option2')).not.toBeNull();
    expect(q.play('q1', 'option2')).toBeNull();
    expect(q.left('q1', 'option2')).toBe(0);
    expect(q.play('q1', 'option3')).not.toBeNull(); // each audio has its own count
    await q.flush();
    expect(server.send).toHaveBeenCalledTimes(2);

    const free = new PlayQueue({ attemptId: 'a3', send: fakeServer(null).send, limit: null, isOnline: () => true });
    for (let i = 0; i < 10; i++) expect(free.play('q1', 'main')).not.toBeNull();
    expect(free.left('q1', 'main')).toBeNull();
    expect(free.used('q1', 'main')).toBe(10);
  });

  it('offline: the play is kept on the device (a reload keeps it and the count), sent when the connection returns', async () => {
    const server = fakeServer(1);
    let online = false;
    const q = new PlayQueue({ attemptId: 'a4', send: server.send, limit: 1, isOnline: () => online });
    const p = q.play('q9', 'main')!;
    await q.flush();
    expect(server.send).not.toHaveBeenCalled();
    // the limit holds offline too
    expect(q.play('q9', 'main')).toBeNull();
    q.dispose();

    // a reload while still offline: the same count and the same pending play (same id)
    const again = new PlayQueue({ attemptId: 'a4', send: server.send, limit: 1, serverCounts: {}, isOnline: () => online });
    expect(again.used('q9', 'main')).toBe(1);
    expect(again.pendingPlays).toEqual([p]);
    expect(again.play('q9', 'main')).toBeNull();
    online = true;
    again.online();
    await again.flush();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(server.send).toHaveBeenCalledWith(p);
    expect(server.counts).toEqual({ q9: { main: 1 } });
    expect(again.pendingPlays).toEqual([]);
  });

  it('a send that fails (not reached, 5xx) is retried with the same play id: the server counts it once', async () => {
    jest.useFakeTimers();
    try {
      const server = fakeServer(3);
      let fail = 2;
      const send: PlaySender = async (p) => {
        const counts = await server.send(p); // the server counted it ...
        if (fail-- > 0) throw { status: 0, error: 'Network Error' }; // ... but its answer was lost
        return counts;
      };
      const q = new PlayQueue({ attemptId: 'a5', send, limit: 3, isOnline: () => true, baseDelayMs: 100 });
      q.play('q1', 'main');
      await jest.advanceTimersByTimeAsync(0);
      expect(q.pendingPlays).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(100); // first retry
      await jest.advanceTimersByTimeAsync(200); // second retry, answered
      expect(server.send).toHaveBeenCalledTimes(3);
      expect(new Set(server.send.mock.calls.map(([p]) => p.playId)).size).toBe(1);
      expect(q.pendingPlays).toEqual([]);
      expect(server.counts).toEqual({ q1: { main: 1 } });
      expect(q.used('q1', 'main')).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("refused by the server (another device used the plays): the server's count is taken, the play dropped, the exam told", async () => {
    // another device already played it once; this one played offline, not knowing
    const server = fakeServer(1, { q1: { main: 1 } });
    const onRefused = jest.fn();
    let online = false;
    const q = new PlayQueue({ attemptId: 'a6', send: server.send, limit: 1, isOnline: () => online, onRefused });
    const p = q.play('q1', 'main')!;
    online = true;
    await q.flush();
    expect(onRefused).toHaveBeenCalledWith(p);
    expect(q.pendingPlays).toEqual([]);
    expect(q.used('q1', 'main')).toBe(1);
    expect(q.left('q1', 'main')).toBe(0);
    expect(server.counts).toEqual({ q1: { main: 1 } });

    // limit 2: device A played twice (server 2); device B played once offline: refused, takes 2
    const s2 = fakeServer(2, { q2: { option4: 2 } });
    let on2 = false;
    const b = new PlayQueue({ attemptId: 'a7', send: s2.send, limit: 2, isOnline: () => on2 });
    b.play('q2', 'option4');
    expect(b.left('q2', 'option4')).toBe(1);
    on2 = true;
    await b.flush();
    expect(b.used('q2', 'option4')).toBe(2);
    expect(b.play('q2', 'option4')).toBeNull();
  });

  it('other refusals (time over, an audio the exam no longer has) drop the play without retrying', async () => {
    const send = jest.fn(async () => { throw { status: 409, error: 'Exam time is over' }; });
    const q = new PlayQueue({ attemptId: 'a8', send, limit: null, isOnline: () => true });
    q.play('q1', 'main');
    await q.flush();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.pendingPlays).toEqual([]);
    expect(q.used('q1', 'main')).toBe(1);
  });

  it('takes the larger of the server counts and the device counts (a reload, another device)', () => {
    localStorage.setItem(playCountsKey('a9'), JSON.stringify({ q1: { main: 1, option1: 2 }, bad: { main: 'x', nope: 3 } }));
    const q = new PlayQueue({ attemptId: 'a9', send: jest.fn(), limit: 3, serverCounts: { q1: { main: 2 }, q2: { option3: 1 } }, isOnline: () => false });
    expect(q.getSnapshot()).toEqual({ q1: { main: 2, option1: 2 }, q2: { option3: 1 } });
    const listener = jest.fn();
    q.subscribe(listener);
    q.serverCounts({ q1: { main: 3 } });
    expect(listener).toHaveBeenCalled();
    expect(q.left('q1', 'main')).toBe(0);
    // a newer limit from the server (the device's copy was older)
    q.setLimit(null);
    expect(q.left('q1', 'main')).toBeNull();
  });

  it('ignores damaged storage, and clears with the attempt', () => {
    localStorage.setItem(pendingPlaysKey('b1'), '{not json');
    localStorage.setItem(playCountsKey('b1'), '[1,2]');
    const q = new PlayQueue({ attemptId: 'b1', send: jest.fn(), limit: 1, isOnline: () => false });
    expect(q.pendingPlays).toEqual([]);
    expect(q.getSnapshot()).toEqual({});
    q.play('q1', 'main');
    expect(localStorage.getItem(pendingPlaysKey('b1'))).not.toBeNull();
    examStorage.clear('b1');
    expect(localStorage.getItem(pendingPlaysKey('b1'))).toBeNull();
    expect(localStorage.getItem(playCountsKey('b1'))).toBeNull();
  });

  it('play ids are unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, newPlayId));
    expect(ids.size).toBe(1000);
  });
});
