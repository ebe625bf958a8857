/** One store for the shell and every remote (shared-api is a Module Federation singleton). */
import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { Provider, useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import { createElement, type ReactNode } from 'react';
import { api } from './api';
import { keepDeviceToken } from './device-tokens';
import { sessionReducer, sessionActions, writeStoredSession, clearStoredSession } from './session';
import type { SigninResponse } from './types';
import { userTimeZone } from './time-zone';

export function makeStore() {
  const s = configureStore({
    reducer: { session: sessionReducer, [api.reducerPath]: api.reducer },
    middleware: (gdm) => gdm().concat(api.middleware),
  });
  setupListeners(s.dispatch);
  return s;
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
export const useSession = () => useAppSelector((s) => s.session);

export function StoreProvider({ children, value = store }: { children: ReactNode; value?: AppStore }) {
  // react-redux's Provider types require children among the props (this file has no JSX)
  // oxlint-disable-next-line react/no-children-prop
  return createElement(Provider, { store: value, children });
}

/** Stores the session and tells the store; used right after a successful sign-in. */
export function startSession(dispatch: AppDispatch, s: SigninResponse) {
  writeStoredSession(s);
  keepDeviceToken(s.user.email, s.device);
  dispatch(sessionActions.signedIn(s));
}

/** Logout (or expiry): clears user, token, institute and type, and every cached response. */
export function endSession(dispatch: AppDispatch, reason?: 'expired') {
  clearStoredSession(localStorage);
  dispatch(sessionActions.signedOut(reason));
  dispatch(api.util.resetApiState());
}

/** The time zone the signed-in user's dates are shown in (dates.ts: userTimeZone). */
export const useTimeZone = (): string => useAppSelector((s) => userTimeZone(s.session.user, s.session.institute));
