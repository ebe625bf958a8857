/** The signed-in session: token, role, user and institute, persisted in local storage (spec section 4). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SESSION_KEY, STORAGE_KEYS, tokenLive } from './boot-keys';
import type { AuthInstitute, Role, SigninResponse, User } from './types';

export { STORAGE_KEYS, tokenExpiry } from './boot-keys';

export interface SessionState {
  token: string | null;
  role: Role | null;
  user: User | null;
  institute: AuthInstitute | null;
  /** set when a stored session was dropped because its token expired or could not be read */
  notice: 'expired' | null;
}

function clearStorage(storage: Storage) {
  for (const k of STORAGE_KEYS) storage.removeItem(k);
}

/** Restores the stored session when its token's expiry is later than now; otherwise clears it and flags 'expired'. */
export function readStoredSession(storage: Storage | undefined = globalThis.localStorage, now = Date.now()): SessionState {
  const empty: SessionState = { token: null, role: null, user: null, institute: null, notice: null };
  if (!storage) return empty;
  const token = storage.getItem(SESSION_KEY.token);
  if (!token) return empty;
  try {
    const user = JSON.parse(storage.getItem(SESSION_KEY.user) ?? 'null') as User | null;
    const institute = JSON.parse(storage.getItem(SESSION_KEY.institute) ?? 'null') as AuthInstitute | null;
    if (!tokenLive(token, now) || !user) throw new Error('expired');
    return { token, role: user.role, user, institute, notice: null };
  } catch {
    clearStorage(storage);
    return { ...empty, notice: 'expired' };
  }
}

export function writeStoredSession(s: SigninResponse, storage: Storage = localStorage) {
  storage.setItem(SESSION_KEY.token, s.token);
  storage.setItem(SESSION_KEY.role, String(s.user.role));
  storage.setItem(SESSION_KEY.user, JSON.stringify(s.user));
  storage.setItem(SESSION_KEY.institute, JSON.stringify(s.institute));
}

// Read once: combineReducers probes every reducer with an undefined state, and a second read would find the
// expired session already cleared and lose the 'expired' notice.
let bootSession: SessionState | undefined;

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => (bootSession ??= readStoredSession()),
  reducers: {
    signedIn(state, { payload }: PayloadAction<SigninResponse>) {
      state.token = payload.token;
      state.user = payload.user;
      state.role = payload.user.role;
      state.institute = payload.institute;
      state.notice = null;
    },
    signedOut(state, { payload }: PayloadAction<'expired' | undefined>) {
      state.token = null;
      state.user = null;
      state.role = null;
      state.institute = null;
      state.notice = payload ?? null;
    },
    noticeShown(state) {
      state.notice = null;
    },
    userUpdated(state, { payload }: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...payload };
    },
  },
});

export const sessionReducer = sessionSlice.reducer;
export const { signedIn, noticeShown, userUpdated } = sessionSlice.actions;
export const sessionActions = sessionSlice.actions;
export { clearStorage as clearStoredSession };
