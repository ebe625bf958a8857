/** Test rendering of the people screens: a fresh store with a signed-in back-office user and a fake API. */
import { UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { makeStore, sessionActions, StoreProvider, type User } from 'shared-api';
// the back office's messages (with placeholders) as the app has them: its entry registers the catalog
import '../catalog';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  search: URLSearchParams;
}

/** A reply with headers (e.g. a page of a server-paged list and its X-Total-Count), possibly late. */
export interface FakeReply {
  body: unknown;
  headers?: Record<string, string>;
  /** answer only once this settles */
  after?: Promise<unknown>;
}

const BY_URL = Symbol('byUrl');
/** A route answered from the request's URL (e.g. its page and search), instead of a fixed body. */
export const byUrl = (answer: (url: URL) => FakeReply) => ({ [BY_URL]: answer });
type ByUrl = { [BY_URL]: (url: URL) => FakeReply };
const isByUrl = (v: unknown): v is ByUrl => typeof v === 'object' && v !== null && BY_URL in v;

/** Replaces fetch: answers by path from `routes` (GET lists default to []), records every call. */
export function fakeApi(routes: Record<string, unknown> = {}) {
  const calls: FakeCall[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const text = req.method === 'GET' ? '' : await req.clone().text();
    calls.push({ method: req.method, path, body: text ? JSON.parse(text) : null, search: url.searchParams });
    const key = Object.keys(routes).find((k) => path.startsWith(k));
    const data = key ? routes[key] : req.method === 'GET' ? [] : {};
    const reply: FakeReply = isByUrl(data) ? data[BY_URL](url) : { body: data };
    await reply.after;
    return new Response(JSON.stringify(reply.body), { status: 200, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  return { calls, restore: () => spy.mockRestore() };
}

/** `over`: fields of the signed-in user (e.g. its time_zone). */
export function renderSignedIn(ui: ReactNode, role: 1 | 2 = 2, over: Partial<User> = {}) {
  const store = makeStore();
  const user = { _id: 'me', role, email: 'me@example.com', name: 'Me', first_name: 'Me', last_name: '', ...over } as unknown as User;
  store.dispatch(sessionActions.signedIn({ token: 't', user, institute: null }));
  return render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  );
}
