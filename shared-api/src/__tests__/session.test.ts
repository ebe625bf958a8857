import { readStoredSession, tokenExpiry, writeStoredSession } from '../session';
import type { User } from '../types';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp })}.sig`;
const user = { _id: 'u1', role: 0, email: 's@example.com', name: 'S' } as unknown as User;

describe('session restore', () => {
  beforeEach(() => localStorage.clear());

  it('reads the expiry from the token', () => {
    expect(tokenExpiry(token(1234))).toBe(1234);
    expect(tokenExpiry('garbage')).toBeNull();
  });

  it('restores a session whose token expires later than now', () => {
    const now = Date.now();
    writeStoredSession({ token: token(Math.floor(now / 1000) + 3600), user, institute: null });
    const s = readStoredSession(localStorage, now);
    expect(s.user?._id).toBe('u1');
    expect(s.role).toBe(0);
    expect(s.notice).toBeNull();
  });

  it('drops an expired session, clears storage and flags the notice', () => {
    const now = Date.now();
    writeStoredSession({ token: token(Math.floor(now / 1000) - 1), user, institute: null });
    const s = readStoredSession(localStorage, now);
    expect(s.user).toBeNull();
    expect(s.notice).toBe('expired');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('drops an unreadable token the same way', () => {
    localStorage.setItem('token', 'not.a.jwt');
    localStorage.setItem('user', JSON.stringify(user));
    expect(readStoredSession(localStorage).notice).toBe('expired');
  });

  it('with no stored token there is simply no session', () => {
    expect(readStoredSession(localStorage)).toMatchObject({ user: null, notice: null });
  });
});
