import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, isoDate, nextDay, userTimeZone } from '../dates';

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

describe("dates in the user's time zone (issue 25), whatever the device's", () => {
  // 2026-03-01T23:15Z: 05:00 on 2 March in Kathmandu (UTC+5:45), 08:15 in Seoul (UTC+9), 18:15 on 1 March in New York
  const at = '2026-03-01T23:15:00.000Z';
  test('a moment shows as the day and time of the zone', () => {
    expect(formatDateTime(at, 'Asia/Kathmandu')).toBe('2026-03-02 05:00');
    expect(formatDateTime(at, 'Asia/Seoul')).toBe('2026-03-02 08:15');
    expect(formatDateTime(at, 'America/New_York')).toBe('2026-03-01 18:15');
    expect(formatDate(at, 'Asia/Kathmandu')).toBe('2026-03-02');
    expect(formatDate(at, 'UTC')).toBe('2026-03-01');
    expect(isoDate(new Date(at), 'Asia/Seoul')).toBe('2026-03-02');
    expect(formatDateTime('2026-11-24', 'Asia/Seoul')).toBe('2026-11-24');
    expect(formatDate('soon', 'Asia/Seoul')).toBe('soon');
  });
  test("today is the zone's today: the last minute of a day in Kathmandu is already the next in Seoul", () => {
    const lastKathmanduMinute = new Date('2026-03-02T18:14:00.000Z'); // 23:59 on 2 March in Kathmandu
    expect(isoDate(lastKathmanduMinute, 'Asia/Kathmandu')).toBe('2026-03-02');
    expect(isoDate(lastKathmanduMinute, 'Asia/Seoul')).toBe('2026-03-03');
    expect(isoDate(new Date('2026-03-02T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-03-03');
  });
  test('across a DST change the wall clock follows the zone', () => {
    expect(formatDateTime('2026-03-29T00:30:00.000Z', 'Europe/London')).toBe('2026-03-29 00:30');
    expect(formatDateTime('2026-03-29T01:30:00.000Z', 'Europe/London')).toBe('2026-03-29 02:30');
    expect(nextDay('2026-03-28')).toBe('2026-03-29');
    expect(nextDay('2026-03-29')).toBe('2026-03-30');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('9999-12-31')).toBe('10000-01-01');
  });
  test("the session's zone: an institute's or admin's own, a student's institute's, Kathmandu by default", () => {
    expect(userTimeZone({ role: 1, time_zone: 'Asia/Seoul' }, null)).toBe('Asia/Seoul');
    expect(userTimeZone({ role: 2, time_zone: 'UTC' }, null)).toBe('UTC');
    expect(userTimeZone({ role: 0, time_zone: 'UTC' }, { time_zone: 'Asia/Seoul' })).toBe('Asia/Seoul');
    expect(userTimeZone({ role: 0, time_zone: 'UTC' }, null)).toBe(DEFAULT_TIME_ZONE);
    expect(userTimeZone(null, null)).toBe('Asia/Kathmandu');
  });
});
