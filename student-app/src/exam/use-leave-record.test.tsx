import { act, renderHook, waitFor } from '@testing-library/react';
import type { LeaveRecord } from 'shared-api';
import { leaveStorageKey, openLeaveKey } from './leave-record';
import { useLeaveRecord } from './use-leave-record';

const sent: LeaveRecord[] = [];
const mockRecordLeaves = ({ leaves }: { leaves: LeaveRecord[] }) => ({ unwrap: async () => { sent.push(...leaves); return {}; } });
jest.mock('shared-api/student-exam', () => ({
  ...jest.requireActual('shared-api/student-exam'),
  useRecordLeavesMutation: () => [mockRecordLeaves],
}));

describe('useLeaveRecord', () => {
  beforeEach(() => {
    localStorage.clear();
    sent.length = 0;
  });

  const setHidden = (hidden: boolean) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const setFullScreen = (on: boolean) => {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => (on ? document.body : null) });
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  const kinds = () => sent.map((r) => r.kind);

  it('records each way of leaving while the exam runs, and none after it has ended or the page has gone', async () => {
    const offset = { current: 0 };
    const { rerender, unmount } = renderHook(({ active }) => useLeaveRecord('att', 'u1', active, offset), { initialProps: { active: true } });

    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(kinds()).toEqual(['blur']));

    // another tab: the window blurs too; one record, named by the page being hidden
    act(() => {
      window.dispatchEvent(new Event('blur'));
      setHidden(true);
    });
    act(() => {
      setHidden(false);
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(kinds()).toEqual(['blur', 'hidden']));

    // full screen left, then the student works on the page again (a key, a tap)
    act(() => setFullScreen(true));
    act(() => setFullScreen(false));
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    act(() => setFullScreen(true));
    act(() => setFullScreen(false));
    act(() => {
      document.dispatchEvent(new Event('pointerdown'));
    });
    await waitFor(() => expect(kinds()).toEqual(['blur', 'hidden', 'fullscreen', 'fullscreen']));

    // the exam has ended: nothing is listened to any more
    rerender({ active: false });
    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
      setHidden(true);
      setHidden(false);
      setFullScreen(false);
    });
    unmount();
    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(kinds()).toEqual(['blur', 'hidden', 'fullscreen', 'fullscreen']);
    expect(localStorage.getItem(openLeaveKey('att'))).toBeNull();
    expect(localStorage.getItem(leaveStorageKey('att'))).toBeNull();
  });
});
