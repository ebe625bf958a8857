import { liveSession, hasStoredToken } from '../session';

const NOW = Date.UTC(2030, 0, 1);
const jwt = (payload: unknown) => `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

function storage(items: Record<string, string>): Storage {
  localStorage.clear();
  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  return localStorage;
}

describe('the stored session the boot code trusts', () => {
  const user = JSON.stringify({ _id: 'u1' });

  test('a token expiring after now, with its role and user', () => {
    expect(liveSession(storage({ token: jwt({ exp: NOW / 1000 + 1 }), role: '0', user }), NOW))
      .toEqual({ role: 0, token: jwt({ exp: NOW / 1000 + 1 }), userId: 'u1' });
    expect(liveSession(storage({ token: jwt({ exp: NOW / 1000 + 60 }), role: '2', user: 'not json' }), NOW)?.userId).toBeNull();
  });

  test('an expired, expiring-now, unreadable or missing token is never trusted', () => {
    expect(liveSession(storage({ token: jwt({ exp: NOW / 1000 - 1 }), role: '0', user }), NOW)).toBeNull();
    expect(liveSession(storage({ token: jwt({ exp: NOW / 1000 }), role: '0', user }), NOW)).toBeNull();
    expect(liveSession(storage({ token: jwt({ exp: String(NOW / 1000 + 60) }), role: '0', user }), NOW)).toBeNull();
    expect(liveSession(storage({ token: 'garbage', role: '0', user }), NOW)).toBeNull();
    expect(liveSession(storage({ role: '0', user }), NOW)).toBeNull();
    expect(liveSession(storage({ token: jwt({ exp: NOW / 1000 + 60 }), user }), NOW)).toBeNull(); // no role stored
  });

  test('a role that is no area is signed out', () => {
    for (const role of ['3', '', '-1', '0.0', 'student']) {
      expect(liveSession(storage({ token: jwt({ exp: NOW / 1000 + 60 }), role, user }), NOW)).toBeNull();
    }
  });

  test('storage that cannot be read counts as signed out', () => {
    const blocked = { getItem() { throw new Error('SecurityError'); } } as unknown as Storage;
    expect(liveSession(blocked, NOW)).toBeNull();
    expect(liveSession(null, NOW)).toBeNull();
    expect(hasStoredToken(blocked)).toBe(false);
    expect(hasStoredToken(storage({ token: 'expired or not' }))).toBe(true);
    expect(hasStoredToken(storage({}))).toBe(false);
  });
});
