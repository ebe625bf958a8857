import { takeEarlyAnswer } from 'shared-api';
import { startEarlyLists } from '../early-lists';
import type { BootSession } from '../session';

const student: BootSession = { role: 0, token: 't0', userId: 'u/1' };

function fakeFetch(answer: (url: string) => Response | Error) {
  const calls: { url: string; auth: string | null }[] = [];
  const fn = ((url: string, init?: RequestInit) => {
    calls.push({ url, auth: new Headers(init?.headers).get('Authorization') });
    const a = answer(url);
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  }) as typeof fetch;
  return { fn, calls };
}

/** Tasks queued by the boot code, run when the test says. */
function tasks() {
  const queue: (() => void)[] = [];
  return { later: (f: () => void) => { queue.push(f); }, run: () => queue.splice(0).forEach((f) => f()), queue };
}

test("a student opening the exam list: both lists, keyed by shared-api's paths, each sent in a task of its own", async () => {
  const { fn, calls } = fakeFetch(() => Response.json([{ _id: 'e1' }]));
  const t = tasks();
  const early = startEarlyLists(student, '/student/exams/', t.later, fn)!;
  expect(Object.keys(early).sort()).toEqual(['exams/published/users/u/1', 'exams/users/getAll/u/1']);
  expect(calls).toEqual([]); // nothing sent in the boot script's own task
  expect(t.queue).toHaveLength(2);
  t.run();
  expect(calls).toEqual([
    { url: '/api/exams/published/users/u%2F1', auth: 'Bearer t0' },
    { url: '/api/exams/users/getAll/u%2F1', auth: 'Bearer t0' },
  ]);
  // what shared-api's exam-lists.ts takes
  (globalThis as { __epsEarly?: unknown }).__epsEarly = early;
  await expect(takeEarlyAnswer('exams/published/users/u/1')).resolves.toEqual([{ _id: 'e1' }]);
  delete (globalThis as { __epsEarly?: unknown }).__epsEarly;
});

test('a failed answer or a failed request is null (the app then asks itself)', async () => {
  const { fn } = fakeFetch((url) => (url.includes('published') ? new Response('{}', { status: 401 }) : new TypeError('offline')));
  const t = tasks();
  const early = startEarlyLists(student, '/student/exams', t.later, fn)!;
  t.run();
  await expect(Promise.all(Object.values(early))).resolves.toEqual([null, null]);
});

test('no lists for another page, another role, a signed-out visitor or a user without id', () => {
  const { fn, calls } = fakeFetch(() => Response.json([]));
  const t = tasks();
  expect(startEarlyLists(student, '/student/results', t.later, fn)).toBeUndefined();
  expect(startEarlyLists(student, '/student/exams/e1', t.later, fn)).toBeUndefined();
  expect(startEarlyLists({ ...student, role: 1 }, '/student/exams', t.later, fn)).toBeUndefined();
  expect(startEarlyLists({ ...student, userId: null }, '/student/exams', t.later, fn)).toBeUndefined();
  expect(startEarlyLists(null, '/student/exams', t.later, fn)).toBeUndefined();
  t.run();
  expect(calls).toEqual([]);
});
