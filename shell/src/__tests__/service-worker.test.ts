/** What the page asks the service worker to keep for a repeat or offline visit (CACHE_URLS): its code, never the API or media. */
import { keepable } from '../service-worker';

test('code and pages of this origin are kept; the API, media and other origins are not', () => {
  const here = window.location.origin;
  expect(keepable(`${here}/main.0123456789.js`)).toBe(true);
  expect(keepable(`${here}/remotes/student/remoteEntry.js`)).toBe(true);
  expect(keepable('/remotes.json')).toBe(true);
  // media: the worker's media route and the exam's download store them; asked here too, one could be fetched twice
  expect(keepable(`${here}/media/${'a'.repeat(64)}.mp3`)).toBe(false);
  expect(keepable(`${here}/api/exams/published/users/u1`)).toBe(false);
  expect(keepable('https://cdn.example.com/x.js')).toBe(false);
  expect(keepable('http://[bad')).toBe(false);
});
