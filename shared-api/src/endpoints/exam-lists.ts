/**
 * The student's exam lists (by access), in the root: the exam list page is a student's first render. The exam itself
 * (start, autosave, listening, leaving, submit) and the results are in shared-api/student-exam (./student-exam.ts).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { api, type ApiFailure } from '../api';
import { examListPath } from '../boot-keys';
import { store } from '../store';
import type { ListedExam } from '../types';

export const examListsApi = api.injectEndpoints({
  endpoints: (b) => ({
    getAvailableExams: b.query<ListedExam[], string>({
      queryFn: (userId, _api, _extra, baseQuery) => earlyOrFetch(examListPath('available', userId), baseQuery),
      providesTags: [{ type: 'Exam', id: 'STUDENT' }],
    }),
    getOtherExams: b.query<ListedExam[], string>({
      queryFn: (userId, _api, _extra, baseQuery) => earlyOrFetch(examListPath('other', userId), baseQuery),
      providesTags: [{ type: 'Exam', id: 'STUDENT' }],
    }),
  }),
});

export const { useGetAvailableExamsQuery, useGetOtherExamsQuery } = examListsApi;

/** How long a just-fetched exam list counts as fresh when its page mounts (a prefetch from the area's start). */
export const EXAM_LIST_FRESH_SECONDS = 5;

/**
 * Sends the exam list's two requests ahead of its first render: the student area calls this as its code arrives,
 * so on a slow phone the requests travel while the area renders instead of after. The page's queries find them
 * in flight or just answered (EXAM_LIST_FRESH_SECONDS) and do not ask again. When index.html already asked (a
 * signed-in student opening /student/exams), the queries take its answers (earlyOrFetch): no second request, and
 * the list usually renders with its data the first time.
 */
export function prefetchExamLists(userId: string | undefined = store.getState().session.user?._id) {
  if (!userId) return;
  store.dispatch(examListsApi.util.prefetch('getAvailableExams', userId, { force: true }));
  store.dispatch(examListsApi.util.prefetch('getOtherExams', userId, { force: true }));
}

/**
 * The list's answer from index.html's boot code (shell/src/boot) if it sent this request before any bundle (`window.__epsEarly`,
 * taken once: a later refetch asks the server), else the request itself. An early answer that failed (an expired
 * token, offline) is asked again here, so the usual error handling applies.
 */
async function earlyOrFetch(url: string, baseQuery: (arg: string) => ReturnType<BaseQueryFn<string, unknown, ApiFailure>>) {
  const early = takeEarlyAnswer(url);
  const data = early ? await early : undefined;
  if (Array.isArray(data)) return { data: data as ListedExam[] };
  return (await baseQuery(url)) as { data: ListedExam[] } | { error: ApiFailure };
}

/** An answer index.html's boot code (shell/src/boot) asked for before any bundle (`window.__epsEarly`), taken once. */
export function takeEarlyAnswer(url: string): Promise<unknown> | undefined {
  const early = (globalThis as { __epsEarly?: Record<string, Promise<unknown> | undefined> }).__epsEarly;
  const answer = early?.[url];
  if (early && answer) delete early[url];
  return answer;
}
