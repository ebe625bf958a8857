/** The one RTK Query api slice. Domain files inject their endpoints (injectEndpoints); tags are declared here once. */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { SessionState } from './session';
import type { PageArgs, PageOf } from './types';
import { API_PREFIX } from './boot-keys';
import { TOTAL_COUNT_HEADER } from './constants';
import { translateServerMessage } from './i18n';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  params?: Record<string, string | number | undefined>;
}

/** What a request leaves besides its data: the response, for headers such as X-Total-Count. */
export interface ApiMeta {
  response?: Response;
}

export interface ApiFailure {
  /** HTTP status, or 0 when the server could not be reached */
  status: number;
  /** the server's `error` field, or a generic message */
  error: string;
  /** the server's whole JSON answer, when it says more than `error` (a refused listening play: the server's counts) */
  data?: Record<string, unknown>;
}

/** Base path of the REST API (shared with the page's boot code). */
export { API_PREFIX };

/** How long a request may wait for the server's answer (its status and headers) before it fails as a network error. */
export const REQUEST_TIMEOUT_MS = 30_000;

export function authHeader(token: string | null | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The absolute URL of an API path ('exams/1' or '/exams/1') with its query parameters (undefined ones left out). */
export function apiUrl(url: string, params?: RequestArgs['params']): string {
  const u = new URL(url.replace(/^\//, ''), new URL(API_PREFIX, globalThis.location?.href ?? 'http://localhost/'));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) search.append(k, String(v));
  const query = search.toString();
  if (query) u.search = query;
  return u.href;
}

/** A signal aborted when either is: AbortSignal.any where the browser has it (Chrome 116, Safari 17.4), else forwarded by hand. */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}

/**
 * The api slice's base query, on the platform's fetch: no retries; a JSON body is sent as application/json and
 * FormData as it is; the session's token as a Bearer header (the page's cookies go with same-origin requests, as
 * fetch does by default). A request with no answer within REQUEST_TIMEOUT_MS is aborted. Outcomes: `{ data }` for
 * 2xx (JSON parsed, other text as it is, an empty body as null); `{ error: ApiFailure }` otherwise, with the
 * server's `error` text (or the status text) and status, and status 0 'Network Error' when the server could not be
 * reached (offline, timed out) or 'Request aborted' when RTK Query cancelled it.
 */
export const apiBaseQuery: BaseQueryFn<RequestArgs | string, unknown, ApiFailure, object, ApiMeta> = async (arg, { getState, signal }) => {
  const a = typeof arg === 'string' ? { url: arg } : arg;
  const token = (getState() as { session: SessionState }).session.token;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    const isForm = typeof FormData !== 'undefined' && a.body instanceof FormData;
    const headers: Record<string, string> = authHeader(token);
    if (a.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const request = new Request(apiUrl(a.url, a.params), {
      method: a.method ?? 'GET',
      headers,
      signal: signal ? eitherSignal(signal, timeout.signal) : timeout.signal,
      ...(a.body === undefined ? {} : { body: isForm ? (a.body as FormData) : JSON.stringify(a.body) }),
    });
    const res = await fetch(request);
    clearTimeout(timer); // the answer has come: reading its body is not timed
    const data = await parseBody(res);
    if (!res.ok) {
      // Spec: a 401 response only logs to the console.
      if (res.status === 401) console.warn('Unauthorized request', a.url);
      const error = data && typeof data === 'object' && 'error' in data ? String((data as { error: unknown }).error) : res.statusText;
      const more = !!data && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).some((k) => k !== 'error');
      return { error: { status: res.status, error, ...(more ? { data: data as Record<string, unknown> } : {}) }, meta: { response: res } };
    }
    return { data, meta: { response: res } };
  } catch (e) {
    // cancelled by RTK Query (not by the timeout, which counts as an unreachable server); English, as the server's
    // own texts: errorText shows them in the current language
    if (!timeout.signal.aborted && (signal?.aborted || (e as Error).name === 'AbortError')) return { error: { status: 0, error: /*i18n*/ 'Request aborted' } };
    return { error: { status: 0, error: /*i18n*/ 'Network Error' } };
  } finally {
    clearTimeout(timer);
  }
};

/** The query parameters of one page (PageArgs); an empty search is not sent. */
export function pageParams({ page, limit, search }: PageArgs): Record<string, string | number | undefined> {
  return { page, limit, search: search?.trim() || undefined };
}

/** One page of rows with the total from the X-Total-Count header (the page's own size when the header is missing). */
export function toPage<T>(rows: T[], meta: ApiMeta | undefined): PageOf<T> {
  const header = meta?.response?.headers.get(TOTAL_COUNT_HEADER);
  const total = header == null ? NaN : Number(header);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

export const TAGS = [
  'User', 'Institute', 'Exam', 'Question', 'Category', 'Result', 'Report', 'Access', 'ExamInstitute', 'Attempt', 'Stats',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});

/** The `error` text of a failed call, or the fallback message the spec gives for that screen. */
export function errorText(err: unknown, fallback: string): string {
  if (err && typeof err === 'object' && 'error' in err && typeof (err as ApiFailure).error === 'string' && (err as ApiFailure).error) {
    return translateServerMessage((err as ApiFailure).error);
  }
  return fallback;
}
