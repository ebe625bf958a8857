import { LEAVE_CSV_HEADERS, leaveCells, leaveDuration, leaveText, minutesText } from '../leaves';

describe('leave record wording', () => {
  test('durations', () => {
    expect(leaveDuration(0)).toBe('0 s');
    expect(leaveDuration(1)).toBe('1 s');
    expect(leaveDuration(45_000)).toBe('45 s');
    expect(leaveDuration(130_000)).toBe('2 min 10 s');
    expect(leaveDuration(120_000)).toBe('2 min');
    expect(leaveDuration(3_900_000)).toBe('1 h 5 min');
    expect(leaveDuration(-5)).toBe('0 s');
  });
  test('sentences', () => {
    expect(leaveText({ count: 0, ms: 0 })).toBe('Did not leave the exam');
    expect(leaveText({ count: 1, ms: 5000 })).toBe('Left the exam once, 5 s');
    expect(leaveText({ count: 3, ms: 130_000 })).toBe('Left the exam 3 times, 2 min 10 s in all');
  });
  test('CSV cells: times and whole seconds (rounded up, as on screen); empty without a record', () => {
    expect(LEAVE_CSV_HEADERS).toEqual(['Times Left The Exam', 'Time Away (s)']);
    expect(leaveCells({ count: 3, ms: 130_000 })).toEqual([3, 130]);
    expect(leaveCells({ count: 1, ms: 1 })).toEqual([1, 1]);
    expect(leaveCells({ count: 0, ms: 0 })).toEqual([0, 0]);
    expect(leaveCells(undefined)).toEqual([null, null]);
  });
  test('exam lengths', () => {
    expect(minutesText(3000)).toBe('50 minutes');
    expect(minutesText(4500)).toBe('75 minutes');
    expect(minutesText(3750)).toBe('62 minutes 30 seconds');
  });
});
