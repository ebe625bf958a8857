/**
 * A student opening the exam list: its two requests travel at once, while the code downloads, and the list renders
 * with its data the first time. shared-api's exam-lists.ts takes these answers (promises of the JSON, or null on any
 * failure, when it asks itself as usual); the student area's first paint draws from them.
 */
import { API_PREFIX, EXAM_LIST_PATHS, examListPath } from 'shared-api/boot-keys';
import type { BootSession } from './session';
import type { EarlyAnswers } from './globals';

/** The page the early lists are for. */
export const EXAM_LIST_PAGE = /^\/student\/exams\/?$/;

/**
 * The exam-list requests for this session on this page, each started in `later` (a task of its own), keyed by the
 * path shared-api asks for; undefined when there are none (not a student, no user id, another page).
 */
export function startEarlyLists(session: BootSession | null, pathname: string, later: (fn: () => void) => void,
  fetchFn: typeof fetch = fetch): EarlyAnswers | undefined {
  if (!session || session.role !== 0 || !session.userId || !EXAM_LIST_PAGE.test(pathname)) return undefined;
  const { token, userId } = session;
  const early: EarlyAnswers = {};
  for (const list of Object.keys(EXAM_LIST_PATHS) as (keyof typeof EXAM_LIST_PATHS)[]) {
    early[examListPath(list, userId)] = new Promise((resolve) => {
      later(() => {
        resolve(fetchFn(`${API_PREFIX}${EXAM_LIST_PATHS[list]}${encodeURIComponent(userId)}`, { headers: { Authorization: `Bearer ${token}` } })
          .then((r) => (r.ok ? r.json() as Promise<unknown> : null))
          .catch(() => null));
      });
    });
  }
  return early;
}
