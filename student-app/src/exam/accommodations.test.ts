/** The timer's announcements and the record of leaving the exam (tracker and durable queue). */
import type { LeaveRecord } from 'shared-api';
import '../catalog'; // the area's English messages with placeholders (registered by the area's app in use)
import { formatMmSs, timeAnnouncement } from './clock';
import { LeaveQueue, LeaveTracker, leaveStorageKey, openLeaveKey } from './leave-record';

describe('time announcements', () => {
  /** Ticks the clock down a second at a time from `fromMs` to `toMs` and collects what is announced, with the time shown. */
  const run = (fromMs: number, toMs: number, stepMs = 1000) => {
    const said: string[] = [];
    let before: number | null = null;
    for (let t = fromMs; t >= toMs; t -= stepMs) {
      const note = timeAnnouncement(before, t);
      if (note) said.push(`${formatMmSs(t)} ${note}`);
      before = t;
    }
    return said;
  };

  it('says 10 and 5 minutes left once each, at those moments, never every second', () => {
    expect(run(50 * 60_000, 0)).toEqual(['10:00 10 minutes left', '05:00 5 minutes left']);
  });

  it('with a clock that is not on whole seconds, still once each', () => {
    expect(run(12 * 60_000 + 437, 0, 1000)).toEqual(['10:00 10 minutes left', '05:00 5 minutes left']);
  });

  it('says nothing on the first reading (an exam reopened with 8 minutes left waits for 5:00)', () => {
    expect(timeAnnouncement(null, 8 * 60_000)).toBeNull();
    expect(run(8 * 60_000, 0)).toEqual(['05:00 5 minutes left']);
  });

  it('a device asleep past both moments says the later one; time over says nothing', () => {
    expect(timeAnnouncement(11 * 60_000, 4 * 60_000)).toBe('5 minutes left');
    expect(timeAnnouncement(1000, 0)).toBeNull();
    expect(timeAnnouncement(10 * 60_000, 10 * 60_000 - 1000)).toBeNull(); // already announced at 10:00
  });
});

describe('leave tracker', () => {
  const setup = () => {
    const records: LeaveRecord[] = [];
    const storage = window.localStorage;
    storage.clear();
    return { records, storage, tracker: new LeaveTracker('att1', (r) => records.push(r), storage) };
  };

  it('a tab switch (blur, then hidden, then visible and focus) is one record, named by the page being hidden', () => {
    const { records, tracker } = setup();
    tracker.leave('blur', 1000);
    tracker.leave('hidden', 1005);
    expect(records).toEqual([]);
    tracker.back('hidden', 4000);
    expect(records).toEqual([]); // still not focused
    tracker.back('blur', 4010);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ kind: 'hidden', startedAt: new Date(1000).toISOString(), durationMs: 3010 });
    // the next time is a new record with a new id
    tracker.leave('blur', 5000);
    tracker.back('blur', 5500);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ kind: 'blur', durationMs: 500 });
    expect(records[1]!.id).not.toBe(records[0]!.id);
    expect(records[1]!.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('the exam ending finishes what is open; a page closed while away is finished when reopened', () => {
    const { records, storage, tracker } = setup();
    tracker.leave('fullscreen', 2000);
    tracker.finish(2600);
    expect(records[0]).toMatchObject({ kind: 'fullscreen', durationMs: 600 });
    tracker.leave('hidden', 10_000);
    expect(storage.getItem(openLeaveKey('att1'))).toBeTruthy();
    // the page goes away here; the next visit:
    const later: LeaveRecord[] = [];
    new LeaveTracker('att1', (r) => later.push(r), storage).resume(70_000);
    expect(later).toEqual([expect.objectContaining({ kind: 'hidden', startedAt: new Date(10_000).toISOString(), durationMs: 60_000 })]);
    expect(storage.getItem(openLeaveKey('att1'))).toBeNull();
  });
});

describe('leave queue', () => {
  const rec = (id: string): LeaveRecord => ({ id, kind: 'hidden', startedAt: new Date(1000).toISOString(), durationMs: 5 });

  it('keeps records on the device until sent; offline they wait; back online they go, in batches of 100', async () => {
    window.localStorage.clear();
    let online = false;
    const sent: LeaveRecord[][] = [];
    const q = new LeaveQueue({ attemptId: 'a1', send: async (l) => { sent.push(l); }, isOnline: () => online, storage: window.localStorage });
    for (let i = 0; i < 150; i++) await q.add(rec(`r${i}`));
    expect(sent).toEqual([]);
    // a reload while offline: the records are still there
    const again = new LeaveQueue({ attemptId: 'a1', send: async (l) => { sent.push(l); }, isOnline: () => online, storage: window.localStorage });
    expect(again.size).toBe(150);
    online = true;
    await expect(again.flush()).resolves.toBe(true);
    expect(sent.map((b) => b.length)).toEqual([100, 50]);
    expect(window.localStorage.getItem(leaveStorageKey('a1'))).toBeNull();
    q.dispose();
  });

  it('a failure is retried with backoff; a final refusal (4xx) drops the batch; the same record is queued once', async () => {
    jest.useFakeTimers();
    try {
      window.localStorage.clear();
      const calls: number[] = [];
      let fail: { status: number } | null = { status: 0 };
      const q = new LeaveQueue({
        attemptId: 'a2', baseDelayMs: 1000, storage: window.localStorage, isOnline: () => true,
        send: async (l) => { calls.push(l.length); if (fail) throw fail; },
      });
      await q.add(rec('x'));
      await q.add(rec('x'));
      expect(q.size).toBe(1);
      fail = null;
      await jest.advanceTimersByTimeAsync(2500);
      expect(q.size).toBe(0);
      fail = { status: 409 };
      await expect(q.add(rec('y'))).resolves.toBe(true);
      expect(q.size).toBe(0);
      expect(calls.at(-1)).toBe(1);
      q.dispose();
    } finally {
      jest.useRealTimers();
    }
  });
});
