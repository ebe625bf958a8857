import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { apiBaseQuery, apiUrl, REQUEST_TIMEOUT_MS, toPage, type ApiMeta, type RequestArgs } from '../api';

const g = globalThis as { fetch: typeof fetch };
const realFetch = g.fetch;

/** What the base query handed to fetch: always one Request (the tests' fakes read its URL, method and body). */
let sent: Request[];
function answer(reply: (req: Request) => Response | Promise<Response>) {
  sent = [];
  g.fetch = jest.fn(async (input: RequestInfo | URL) => {
    expect(input).toBeInstanceOf(Request);
    sent.push(input as Request);
    return reply(input as Request);
  }) as unknown as typeof fetch;
}
/** A server that never answers: the request fails only when it is aborted. */
const untilAborted = (req: Request) =>
  new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function call(arg: RequestArgs | string, opts: { token?: string | null; signal?: AbortSignal } = {}) {
  const api = {
    getState: () => ({ session: { token: opts.token === undefined ? 't0k' : opts.token } }),
    signal: opts.signal ?? new AbortController().signal,
  } as unknown as BaseQueryApi;
  return apiBaseQuery(arg, api, {}) as Promise<{ data?: unknown; error?: { status: number; error: string; data?: unknown }; meta?: ApiMeta }>;
}

afterEach(() => {
  g.fetch = realFetch;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the api base query', () => {
  it("sends a JSON body with the session's token to /api/ and returns the parsed answer", async () => {
    answer(() => json({ ok: true }));
    const r = await call({ url: '/attempts/a1/answers/u1', method: 'PUT', body: { answers: [{ q: 1, a: 'ㄱ' }] } });
    expect(r).toEqual({ data: { ok: true }, meta: { response: expect.any(Response) } });
    const req = sent[0]!;
    expect(req.url).toBe(`${location.origin}/api/attempts/a1/answers/u1`);
    expect(req.method).toBe('PUT');
    expect(req.headers.get('authorization')).toBe('Bearer t0k');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(await req.text()).toBe('{"answers":[{"q":1,"a":"ㄱ"}]}');
  });

  it('a GET by path alone: no body, no content type, no token when signed out', async () => {
    answer(() => json([1, 2]));
    const r = await call('exams/published/users/u1', { token: null });
    expect(r.data).toEqual([1, 2]);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect(sent[0]!.headers.get('content-type')).toBeNull();
    expect(sent[0]!.body).toBeNull();
  });

  it('query parameters: undefined ones left out, values encoded; none leaves the URL as it is', () => {
    expect(apiUrl('users/all', { page: 2, limit: 50, search: undefined })).toBe(`${location.origin}/api/users/all?page=2&limit=50`);
    expect(apiUrl('/users/all', { search: 'Kim & Lee/네팔' })).toBe(`${location.origin}/api/users/all?search=Kim+%26+Lee%2F%EB%84%A4%ED%8C%94`);
    expect(apiUrl('reports/date?left=true', {})).toBe(`${location.origin}/api/reports/date?left=true`);
    expect(apiUrl('reports/date?left=true')).toBe(`${location.origin}/api/reports/date?left=true`);
  });

  it('FormData goes as it is (the browser sets the multipart type)', async () => {
    answer(() => json({ name: 'p.png' }));
    const fd = new FormData();
    fd.append('name', 'p.png');
    await call({ url: 'users/picture/u1', method: 'POST', body: fd });
    expect(sent[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await sent[0]!.formData()).get('name')).toBe('p.png');
  });

  it("a refusal: the server's error text and status, what else it said, and the response for its headers", async () => {
    answer(() => json({ error: 'Play limit reached', plays: 2, limit: 2 }, 409, { 'x-extra': '1' }));
    const r = await call({ url: 'attempts/a1/plays', method: 'POST', body: {} });
    expect(r.error).toEqual({ status: 409, error: 'Play limit reached', data: { error: 'Play limit reached', plays: 2, limit: 2 } });
    expect(r.meta?.response?.headers.get('x-extra')).toBe('1');
    answer(() => json({ error: 'Exam not found' }, 404));
    expect((await call('exams/x')).error).toEqual({ status: 404, error: 'Exam not found' });
  });

  it('a refusal without a JSON error: the status text; plain text and empty bodies', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect((await call('stats')).error).toEqual({ status: 502, error: 'Bad Gateway' });
    answer(() => new Response('plain words', { status: 200 }));
    expect((await call('stats')).data).toBe('plain words');
    answer(() => new Response(null, { status: 204 }));
    expect((await call({ url: 'users/u1', method: 'DELETE' })).data).toBeNull();
  });

  it('a 401 is logged to the console and returned', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(() => json({ error: 'Unauthorized' }, 401));
    expect((await call('stats')).error).toEqual({ status: 401, error: 'Unauthorized' });
    expect(warn).toHaveBeenCalledWith('Unauthorized request', 'stats');
  });

  it('offline (fetch fails) is status 0 "Network Error", as is a body cut off mid-way', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await call({ url: 'attempts/a1/submit', method: 'POST', body: {} })).error).toEqual({ status: 0, error: 'Network Error' });
    answer(() => new Response(new ReadableStream({ start(c) { c.error(new TypeError('network error')); } }), { status: 200 }));
    expect((await call('stats')).error).toEqual({ status: 0, error: 'Network Error' });
  });

  it('cancelled by RTK Query: "Request aborted", and fetch saw the abort', async () => {
    const ctl = new AbortController();
    answer(untilAborted);
    const pending = call('stats', { signal: ctl.signal });
    await Promise.resolve();
    ctl.abort();
    expect((await pending).error).toEqual({ status: 0, error: 'Request aborted' });
    expect(sent[0]!.signal.aborted).toBe(true);
  });

  it('a browser without AbortSignal.any (Chrome before 116, Safari before 17.4): cancelling and the time limit still abort', async () => {
    const any = AbortSignal.any;
    (AbortSignal as { any?: unknown }).any = undefined;
    try {
      const ctl = new AbortController();
      answer(untilAborted);
      const pending = call('stats', { signal: ctl.signal });
      await Promise.resolve();
      ctl.abort();
      expect((await pending).error).toEqual({ status: 0, error: 'Request aborted' });
      expect(sent[0]!.signal.aborted).toBe(true);

      jest.useFakeTimers();
      answer(untilAborted);
      const late = call('stats');
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(sent[0]!.signal.aborted).toBe(true);
      expect((await late).error).toEqual({ status: 0, error: 'Network Error' });
    } finally {
      AbortSignal.any = any;
    }
  });

  it('no answer within the time limit: the request is aborted and fails as "Network Error"', async () => {
    jest.useFakeTimers();
    answer(untilAborted);
    const pending = call('stats');
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(sent[0]!.signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent[0]!.signal.aborted).toBe(true);
    expect((await pending).error).toEqual({ status: 0, error: 'Network Error' });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('an answer in time leaves no timer behind', async () => {
    jest.useFakeTimers();
    answer(() => json({ ok: 1 }));
    expect((await call('stats')).data).toEqual({ ok: 1 });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('toPage reads the total from X-Total-Count', async () => {
    answer(() => json([{ id: 1 }], 200, { 'X-Total-Count': '120' }));
    const r = await call({ url: 'users/all', params: { page: 1, limit: 1 } });
    expect(toPage(r.data as unknown[], r.meta)).toEqual({ rows: [{ id: 1 }], total: 120 });
    expect(toPage([{ id: 1 }], undefined)).toEqual({ rows: [{ id: 1 }], total: 1 });
  });
});
