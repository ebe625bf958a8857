/**
 * A remote and a shell built from different lockfiles work together (issue 21: "a remote built today must load in a
 * shell built from a later lockfile and the other way round, as long as the shared singletons' versions satisfy each
 * other").
 *
 * The spec copies this checkout (the files git tracks or would track) to a temporary directory, moves its build
 * tools on to a later release (LATER below: Module Federation), drops package-lock.json and lets npm
 * resolve a new one, then builds the shell and the student remote there. Two extra servers run:
 *   - LATER_PORT: the later shell, whose remotes.json points its student remote at this checkout's build (the suite's
 *     own server, BASE_URL);
 *   - TODAY_PORT: this checkout's shell, whose student remote is the later build (served by LATER_PORT).
 * On each, the demo student signs in, sees the exam list and starts the demo exam, and the remote's code comes from
 * the other build (the browser's requests show it). React, the UI kit and the API package come from the shell
 * (shared singletons): a second copy would break hooks ("Invalid hook call") or the store, which the test would see
 * as a missing list, an error screen or a console error.
 *
 * The copy needs the npm registry (the only network these machines have); its install and builds take a few minutes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginUi } from '../support/fixtures';
import { DEMO_EXAM, answer } from '../support/exam';

const ROOT = path.resolve(__dirname, '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 8181);
const TODAY_URL = `http://127.0.0.1:${PORT}`; // the suite's server: this checkout's build
const LATER_PORT = PORT + 301;
const TODAY_PORT = PORT + 302;
/**
 * A later release of the build tool than this checkout pins (root package.json's devDependencies); the rest of the
 * new lockfile is whatever npm resolves today. (webpack 5.112 cannot be paired with it: Module Federation 2.9.3 still
 * requires webpack/lib/util/extractUrlAndGlobal, which 5.112 removed.)
 */
const LATER: Record<string, string> = { '@module-federation/enhanced': '2.9.3' };

let copy: string | undefined;
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
let log = '';

function sh(cmd: string, args: string[], cwd: string, timeoutMs: number) {
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: '1' } });
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** The API and web server of a checkout (`root`), its build served as is, on its own embedded database. */
async function serve(root: string, port: number, studentRemote: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-xlock-data-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], {
    cwd: root,
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo',
      LOG_LEVEL: 'warn', REMOTE_STUDENT_URL: studentRemote, TRANSFER_ALLOW_HOSTS: '',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  child.stdout?.on('data', (d) => { log = (log + String(d)).slice(-4000); });
  child.stderr?.on('data', (d) => { log = (log + String(d)).slice(-4000); });
  const url = `http://127.0.0.1:${port}`;
  await expect.poll(async () => {
    if (child.exitCode !== null) throw new Error(`the server on ${port} exited:\n${log}`);
    return healthy(url);
  }, { timeout: 120_000, intervals: [500] }).toBe(true);
  return url;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
  const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 15_000);
  await exited;
  clearTimeout(timer);
}

/** The demo student signs in at `origin`, sees the list and starts the demo exam; the student remote's code must come from `remoteOrigin`. */
async function studentTakesExam(page: Page, origin: string, remoteOrigin: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const remoteFiles: string[] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/remotes/student/') && r.ok()) remoteFiles.push(u.origin);
  });

  // loginUi goes to /login relative to the context's baseURL: the page is opened with this origin's baseURL.
  await loginUi(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(`${origin}/student`);
  await page.goto(`${origin}/student/exams`);
  await expect(page.getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
  await page.getByRole('button', { name: `Start ${DEMO_EXAM}` }).click();
  await expect(page).toHaveURL(/\/student\/exams\/start\//);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/student\/exams\/exam\//);
  await answer(page, 1, '2');
  await expect(page.getByText('All answers saved')).toBeVisible();

  expect(remoteFiles.length, 'the student remote was loaded').toBeGreaterThan(0);
  expect(new Set(remoteFiles), 'every file of the student remote came from the other build').toEqual(new Set([remoteOrigin]));
  expect(errors.filter((e) => /hook|singleton|Shared module|RUNTIME-|Minified React error/i.test(e))).toEqual([]);
}

test.describe('a remote and a shell from different lockfiles', () => {
  test.describe.configure({ timeout: 25 * 60_000 });
  let laterUrl = '';
  let todayUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(25 * 60_000);
    copy = mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-xlock-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
      .toString().split('\0').filter((f) => f && !f.startsWith('e2e/') && existsSync(path.join(ROOT, f)));
    for (const f of files) {
      mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
      cpSync(path.join(ROOT, f), path.join(copy, f));
    }
    const pkgFile = path.join(copy, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { devDependencies: Record<string, string>; workspaces: string[] };
    for (const [name, version] of Object.entries(LATER)) {
      expect(pkg.devDependencies[name], `${name} is a root devDependency`).toBeTruthy();
      expect(pkg.devDependencies[name], `${name}: LATER must be later than the pinned version`).not.toBe(version);
      pkg.devDependencies[name] = version;
    }
    pkg.workspaces = pkg.workspaces.filter((w) => w !== 'e2e' && w !== 'bench'); // not needed to build or serve
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    rmSync(path.join(copy, 'package-lock.json'));
    sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], copy, 10 * 60_000);
    const lock = JSON.parse(readFileSync(path.join(copy, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    for (const [name, version] of Object.entries(LATER)) expect(lock.packages[`node_modules/${name}`]?.version).toBe(version);
    sh(process.execPath, [path.join(copy, 'scripts', 'build.mjs'), 'shell', 'student-app'], copy, 12 * 60_000);

    // The later shell with today's student remote; today's shell with the later student remote.
    laterUrl = await serve(copy, LATER_PORT, `${TODAY_URL}/remotes/student/remoteEntry.js`);
    todayUrl = await serve(ROOT, TODAY_PORT, `${laterUrl}/remotes/student/remoteEntry.js`);
  });

  test.afterAll(async () => {
    await Promise.all(servers.map(stop));
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test('a shell from a later lockfile runs the student remote built today', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: laterUrl });
    await studentTakesExam(await context.newPage(), laterUrl, TODAY_URL);
    await context.close();
  });

  test('the shell built today runs a student remote from a later lockfile', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: todayUrl });
    await studentTakesExam(await context.newPage(), todayUrl, laterUrl);
    await context.close();
  });
});
