/**
 * Which of this page's shared packages are too old for a remote, from the remote's manifest and this page's share
 * configuration; nothing when the manifest cannot be had (the failure is then the network's).
 */
const shared: Record<string, Array<{ version: string; shareConfig: { strictVersion?: boolean } }>> = {
  'shared-ui': [{ version: '1.0.0', shareConfig: { strictVersion: true } }],
  'shared-api': [{ version: '1.2.3', shareConfig: { strictVersion: true } }],
  react: [{ version: '19.3.1', shareConfig: { strictVersion: false } }],
};
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  getInstance: () => ({ options: { shared } }),
}));

import { sharedTooOld } from '../remote-compat';

const ENTRY = 'https://cdn.example/remotes/student/remoteEntry.js';
const manifest = (requirements: Record<string, string>) => ({
  id: 'student_app', name: 'student_app', metaData: {}, remotes: [], exposes: [],
  shared: Object.entries(requirements).map(([name, requiredVersion]) => ({ name, version: '9.9.9', requiredVersion, singleton: true })),
});
const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

test('names each strictly shared package the remote needs newer, reading the manifest beside its entry', async () => {
  answer(manifest({ 'shared-ui': '^1.1.0', 'shared-api': '^1.2.0', 'shared-api/student-exam': '^1.2.0', react: '19.3.1' }));
  expect(await sharedTooOld(ENTRY)).toEqual(['shared-ui 1.0.0 (needs ^1.1.0)']);
  expect(String(fetchMock.mock.calls[0][0])).toBe('https://cdn.example/remotes/student/mf-manifest.json');
});

test('another major is too old too; a package this page does not share strictly is never the reason', async () => {
  answer(manifest({ 'shared-api': '^2.0.0', react: '19.4.0', 'left-pad': '^1.0.0' }));
  expect(await sharedTooOld(ENTRY)).toEqual(['shared-api 1.2.3 (needs ^2.0.0)']);
});

test('a remote built before this page (an earlier minor) needs nothing newer', async () => {
  answer(manifest({ 'shared-ui': '^1.0.0', 'shared-api': '^1.1.0' }));
  expect(await sharedTooOld(ENTRY)).toEqual([]);
});

test('no manifest, a broken one, or no network: nothing to blame on this page', async () => {
  answer('not found', 404);
  expect(await sharedTooOld(ENTRY)).toEqual([]);
  answer('{"shared": [');
  expect(await sharedTooOld(ENTRY)).toEqual([]);
  answer({ shared: 'everything' });
  expect(await sharedTooOld(ENTRY)).toEqual([]);
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  expect(await sharedTooOld(ENTRY)).toEqual([]);
});
