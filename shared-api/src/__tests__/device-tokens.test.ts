/**
 * The browser's device tokens (server: auth/device.ts): the sign-in sends the one of the account typed, the session's
 * start keeps the new one, a sign-out keeps them all, and storage that is full, missing or corrupt never breaks a
 * sign-in.
 */
import { authApi } from '../endpoints/auth';
import { DEVICE_TOKENS_KEPT, DEVICE_TOKENS_KEY, deviceTokenFor, keepDeviceToken } from '../device-tokens';
import { endSession, makeStore, startSession } from '../store';
import type { SigninResponse, User } from '../types';

const g = globalThis as { fetch: typeof fetch };
const realFetch = g.fetch;
afterEach(() => {
  g.fetch = realFetch;
  localStorage.clear();
  jest.restoreAllMocks();
});

const user = (email: string) => ({ _id: 'u1', email, role: 0 }) as unknown as User;
const response = (email: string, device?: string): SigninResponse => ({ user: user(email), token: 'h.eyJleHAiOjQxMDI0NDQ4MDB9.s', institute: null, device });

/** Signs in through the api slice with fetch answering `reply`; returns the body the server was sent. */
async function signIn(email: string, reply: SigninResponse) {
  const bodies: unknown[] = [];
  g.fetch = jest.fn(async (input: RequestInfo | URL) => {
    bodies.push(JSON.parse(await (input as Request).text()));
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const store = makeStore();
  const res = await store.dispatch(authApi.endpoints.signin.initiate({ email, password: 'password123' }));
  if ('data' in res && res.data) startSession(store.dispatch, res.data);
  return { body: bodies[0] as Record<string, unknown>, store };
}

describe('device tokens', () => {
  it('the first sign-in sends none; its token is kept and sent with the next sign-in to that account, after a sign-out too', async () => {
    const first = await signIn('Student@Example.com', response('student@example.com', 'dev-1'));
    expect(first.body).toEqual({ email: 'Student@Example.com', password: 'password123' });
    expect(deviceTokenFor('student@example.com')).toBe('dev-1');
    endSession(first.store.dispatch);
    expect(localStorage.getItem('token')).toBeNull();
    const second = await signIn(' STUDENT@example.com', response('student@example.com', 'dev-2'));
    expect(second.body).toEqual({ email: ' STUDENT@example.com', password: 'password123', device: 'dev-1' });
    expect(deviceTokenFor('student@example.com')).toBe('dev-2');
  });

  it('one per account on a shared computer, the most recent kept', () => {
    for (let i = 0; i < DEVICE_TOKENS_KEPT + 5; i++) keepDeviceToken(`pupil-${i}@example.com`, `t-${i}`);
    expect(deviceTokenFor('pupil-0@example.com')).toBeUndefined();
    expect(deviceTokenFor(`pupil-${DEVICE_TOKENS_KEPT + 4}@example.com`)).toBe(`t-${DEVICE_TOKENS_KEPT + 4}`);
    expect(deviceTokenFor('pupil-5@example.com')).toBe('t-5');
    keepDeviceToken('pupil-5@example.com', 't-5b');
    expect(deviceTokenFor('pupil-5@example.com')).toBe('t-5b');
    expect((JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY)!) as unknown[]).length).toBe(DEVICE_TOKENS_KEPT);
  });

  it('corrupt or foreign storage is an untrusted device, never an error; a full storage does not break the sign-in', async () => {
    for (const stored of ['{not json', '{"a":1}', '[["x"],[1,2],"y",null]', 'null']) {
      localStorage.setItem(DEVICE_TOKENS_KEY, stored);
      expect(deviceTokenFor('x')).toBeUndefined();
    }
    localStorage.setItem(DEVICE_TOKENS_KEY, '[["a@example.com","tok"],[3,4]]');
    expect(deviceTokenFor('A@example.com')).toBe('tok');
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string) => {
      if (key === DEVICE_TOKENS_KEY) throw new DOMException('full', 'QuotaExceededError');
    });
    const { store } = await signIn('b@example.com', response('b@example.com', 'dev-b'));
    expect(store.getState().session.user?.email).toBe('b@example.com');
  });
});
