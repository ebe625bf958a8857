/**
 * The versions of what the shell shares with the remotes say what changed (webpack.common.ts: a build requires its
 * own major and at least its own minor of the UI kit and the API package, strictly).
 *
 * Each package's shared entries' exports are recorded beside its version (api-surface.json). An export removed or
 * renamed breaks remotes built before: it needs a new major. An export added is something a new remote may need: it
 * needs a new minor (an older shell then refuses that remote instead of running it without the export). Once the
 * version says so, `UPDATE_API_SURFACE=1 npx jest shared-versions` records the new exports. Names only: a changed
 * signature is not seen here (tsc sees it inside this repository), and is the author's to version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The entries webpack.common.ts shares as singletons: what crosses from the shell to a remote at run time. */
const SHARED = {
  'shared-ui': { '.': () => import('shared-ui'), './back-office': () => import('shared-ui/back-office') },
  'shared-api': {
    '.': () => import('shared-api'),
    './back-office': () => import('shared-api/back-office'),
    './progress': () => import('shared-api/progress'),
    './profile': () => import('shared-api/profile'),
    './student-exam': () => import('shared-api/student-exam'),
  },
} as const;

interface Surface { version: string; exports: Record<string, string[]> }
const semver = (v: string) => v.split('.').map(Number) as [number, number, number];

describe.each(Object.keys(SHARED) as Array<keyof typeof SHARED>)('%s', (pkg) => {
  const dir = path.join(ROOT, pkg);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const recordFile = path.join(dir, 'api-surface.json');

  it('has a version that says how its shared exports changed', async () => {
    const now: Surface = { version, exports: {} };
    for (const [entry, load] of Object.entries(SHARED[pkg])) now.exports[entry] = Object.keys(await load()).sort();
    if (process.env.UPDATE_API_SURFACE) {
      writeFileSync(recordFile, `${JSON.stringify(now, null, 2)}\n`);
      return;
    }
    const was = JSON.parse(readFileSync(recordFile, 'utf8')) as Surface;
    const removed: string[] = [];
    const added: string[] = [];
    for (const entry of new Set([...Object.keys(was.exports), ...Object.keys(now.exports)])) {
      const before = new Set(was.exports[entry] ?? []);
      const after = new Set(now.exports[entry] ?? []);
      for (const name of before) if (!after.has(name)) removed.push(`${entry} ${name}`);
      for (const name of after) if (!before.has(name)) added.push(`${entry} ${name}`);
    }
    const [wasMajor, wasMinor] = semver(was.version);
    const [major, minor] = semver(version);
    if (removed.length && major <= wasMajor) {
      throw new Error(`${pkg} ${version} no longer exports ${removed.join(', ')}: a remote built against ${was.version} `
        + `would break in this shell. Make the version ${wasMajor + 1}.0.0 (package.json), then UPDATE_API_SURFACE=1.`);
    }
    if (added.length && major === wasMajor && minor <= wasMinor) {
      throw new Error(`${pkg} ${version} newly exports ${added.join(', ')}: a shell of ${was.version} would run a remote `
        + `that needs them. Make the version ${wasMajor}.${wasMinor + 1}.0 (package.json), then UPDATE_API_SURFACE=1.`);
    }
    // The version says so: record the new exports (UPDATE_API_SURFACE=1).
    expect(now).toEqual(was);
  });
});
