import type { RuntimeConfig } from 'shared-api';
import { exposedChunks, fetchRemotesJson, preloadRoleRemote, remoteEntryUrl } from '../remotes';

const PAGE = 'https://exam.example/student/exams';
const config: RuntimeConfig = {
  remotes: { student_app: '/student/remoteEntry.js', institute_app: 'https://cdn.example/inst/remoteEntry.js', admin_app: '' },
  contact: { phone: '9800000000', social: 'https://social.example' },
};

test('remotes.json: its JSON, or a rejection naming the status', async () => {
  await expect(fetchRemotesJson((() => Promise.resolve(Response.json(config))) as typeof fetch)).resolves.toEqual(config);
  await expect(fetchRemotesJson((() => Promise.resolve(new Response('', { status: 503 }))) as typeof fetch))
    .rejects.toThrow('remotes.json: HTTP 503');
});

test("a remote's entry, absolute from the page; none when remotes.json does not name it", () => {
  expect(remoteEntryUrl(config, 'student_app', PAGE)).toBe('https://exam.example/student/remoteEntry.js');
  expect(remoteEntryUrl(config, 'institute_app', PAGE)).toBe('https://cdn.example/inst/remoteEntry.js');
  expect(remoteEntryUrl(config, 'admin_app', PAGE)).toBeNull();
  expect(remoteEntryUrl(null, 'student_app', PAGE)).toBeNull();
  expect(remoteEntryUrl({}, 'student_app', PAGE)).toBeNull();
});

test("the App's sync chunks from Module Federation's manifest: beside the entry when its public path is 'auto'", () => {
  const entry = 'https://cdn.example/student/remoteEntry.js';
  const manifest = {
    metaData: { publicPath: 'auto' },
    exposes: [
      { name: 'Other', assets: { js: { sync: ['other.js'] } } },
      { name: 'App', assets: { js: { sync: ['app.1.js', 'vendors.2.js'] } } },
    ],
  };
  expect(exposedChunks(manifest, entry, PAGE)).toEqual(['https://cdn.example/student/app.1.js', 'https://cdn.example/student/vendors.2.js']);
  expect(exposedChunks({ ...manifest, metaData: { publicPath: '/static/' } }, entry, PAGE))
    .toEqual(['https://exam.example/static/app.1.js', 'https://exam.example/static/vendors.2.js']);
  expect(exposedChunks({ exposes: [{ name: 'App' }] }, entry, PAGE)).toEqual([]);
  expect(exposedChunks(null, entry, PAGE)).toEqual([]);
});

test("the role's remote and its App's chunks preloaded; nothing, and no error, when anything fails", async () => {
  const manifest = { metaData: { publicPath: 'auto' }, exposes: [{ name: 'App', assets: { js: { sync: ['app.js'] } } }] };
  const asked: string[] = [];
  const fetchFn = ((url: string) => {
    asked.push(url);
    return Promise.resolve(Response.json(manifest));
  }) as typeof fetch;
  const preloaded: string[] = [];
  await preloadRoleRemote(Promise.resolve(config), 0, PAGE, (h) => preloaded.push(h), fetchFn);
  expect(asked).toEqual(['https://exam.example/student/mf-manifest.json']);
  expect(preloaded).toEqual(['https://exam.example/student/remoteEntry.js', 'https://exam.example/student/app.js']);

  preloaded.length = 0;
  await preloadRoleRemote(Promise.resolve(config), 1, PAGE, (h) => preloaded.push(h),
    (() => Promise.resolve(new Response('', { status: 404 }))) as typeof fetch);
  expect(preloaded).toEqual(['https://cdn.example/inst/remoteEntry.js']);

  preloaded.length = 0;
  await expect(preloadRoleRemote(Promise.reject(new Error('offline')), 0, PAGE, (h) => preloaded.push(h), fetchFn)).resolves.toBeUndefined();
  await preloadRoleRemote(Promise.resolve(config), 2, PAGE, (h) => preloaded.push(h), fetchFn);
  expect(preloaded).toEqual([]);
});
