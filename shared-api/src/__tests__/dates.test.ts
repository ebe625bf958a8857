import { formatDate, formatDateTime, isoDate, nextDay } from '../dates';

test('dates show as YYYY-MM-DD, with HH:MM where the time matters, in the device time zone', () => {
  const at = new Date(2026, 10, 24, 12, 54, 5); // local 2026-11-24 12:54:05
  expect(isoDate(at)).toBe('2026-11-24');
  expect(formatDate(at.toISOString())).toBe('2026-11-24');
  expect(formatDateTime(at.toISOString())).toBe('2026-11-24 12:54');
  expect(formatDateTime(new Date(2026, 0, 2, 3, 4).toISOString())).toBe('2026-01-02 03:04');
});

test('a day stays that day (never shifted by the time zone); empty and unreadable values are shown as they are', () => {
  expect(formatDate('2026-11-24')).toBe('2026-11-24');
  expect(formatDateTime('2026-11-24')).toBe('2026-11-24');
  expect(formatDate(null)).toBe('');
  expect(formatDateTime(undefined)).toBe('');
  expect(formatDate('soon')).toBe('soon');
  expect(nextDay('2026-12-31')).toBe('2027-01-01');
});
