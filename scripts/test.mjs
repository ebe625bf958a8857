/**
 * `npm test`: every suite in order (type-check, lint, jest unit tests, server tests on PGlite and on PostgreSQL when one is
 * reachable, the date-bound server tests again with the clock set to an evening and an afternoon (faketime), then the
 * production build and Playwright e2e in Chromium). Prints each suite's duration and ends with one line:
 * `N passed, N failed`.
 */
import { mkdirSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const totals = { passed: 0, failed: 0 };
const lines = [];
const began = Date.now();
let suiteStart = Date.now();
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/**
 * One suite's line: its counts and its duration, by default the time since the previous line (each suite is recorded
 * as it ends); a suite that ran beside others says its own (`ms`).
 */
function record(suite, passed, failed, note = '', ms = undefined) {
  totals.passed += passed;
  totals.failed += failed;
  const now = Date.now();
  lines.push(`${suite.padEnd(28)} ${String(passed).padStart(4)} passed, ${String(failed).padStart(3)} failed  ${minutes(ms ?? now - suiteStart).padStart(8)} ${note}`);
  suiteStart = now;
}

function nodeTestCounts(out) {
  const pass = Number(/ℹ pass (\d+)/.exec(out)?.[1] ?? 0);
  const fail = Number(/ℹ fail (\d+)/.exec(out)?.[1] ?? 0);
  const cancelled = Number(/ℹ cancelled (\d+)/.exec(out)?.[1] ?? 0);
  return { pass, fail: fail + cancelled };
}

function reachable(url) {
  return new Promise((resolve) => {
    try {
      const u = new URL(url);
      const s = net.connect(Number(u.port || 5432), u.hostname);
      s.setTimeout(1500);
      s.on('connect', () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
      s.on('timeout', () => { s.destroy(); resolve(false); });
    } catch { resolve(false); }
  });
}

// Lingui's catalogs: every text the code marks is extracted, and every one has its Nepali translation (issue 25)
if (want('i18n')) {
  const cli = path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js');
  const extract = await run(process.execPath, [cli, 'extract', '--clean']);
  const compile = extract.code === 0 ? await run(process.execPath, [path.join(ROOT, 'scripts/i18n-compile.mjs'), '--strict']) : extract;
  record('i18n (catalogs)', compile.code === 0 ? 1 : 0, compile.code === 0 ? 0 : 1);
}

if (want('typecheck')) {
  await run(process.execPath, [path.join(ROOT, 'scripts/i18n-compile.mjs')]);
  for (const [name, project] of [['typecheck web', 'tsconfig.json'], ['typecheck server', 'server/tsconfig.json'], ['typecheck e2e', 'e2e/tsconfig.json']]) {
    const { code } = await run(process.execPath, [tsc, '-p', project, '--noEmit']);
    record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  }
}

if (want('lint')) {
  // oxlint (.oxlintrc.json): rules of hooks and the import boundaries of the design
  const { code } = await run(process.execPath, [path.join(ROOT, 'node_modules/oxlint/bin/oxlint'), '--deny-warnings']);
  record('lint (oxlint)', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

if (want('unit')) {
  const out = path.join(TMP, 'jest.json');
  const { code } = await run(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--runInBand', '--json', `--outputFile=${out}`], { timeoutMs: 10 * 60_000 });
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    record('unit (jest)', j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0));
  } else record('unit (jest)', 0, 1, `(jest exited ${code} without a report)`);
}

// Node 20's test runner does not expand globs: list the files.
const serverFiles = readdirSync(path.join(ROOT, 'server', 'test')).filter((f) => f.endsWith('.test.ts')).sort().map((f) => `test/${f}`);
const serverTest = ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=180000', '--test-reporter=spec', ...serverFiles];
// The PostgreSQL run goes beside the PGlite one and the clock runs (PGlite works one thread, the other run's time is
// mostly PostgreSQL's: two cores); its output is printed when it ends.
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgReachable = want('server-pg') && await reachable(pgUrl);
const pgStarted = Date.now();
const pgRun = pgReachable
  ? run(process.execPath, serverTest, { cwd: path.join(ROOT, 'server'), capture: true, quiet: true, env: { TEST_DATABASE_URL: pgUrl }, timeoutMs: 40 * 60_000 })
    .then((r) => ({ ...r, ms: Date.now() - pgStarted }))
  : null;
if (want('server')) {
  const r = await run(process.execPath, serverTest, { cwd: path.join(ROOT, 'server'), capture: true, timeoutMs: 40 * 60_000 });
  const c = nodeTestCounts(r.out);
  record('server (PGlite)', c.pass, c.fail || (r.code !== 0 && c.pass === 0 ? 1 : 0));
}
// days in a time zone must not depend on the process's own: the time-zone tests again under two zones (issue 25)
if (want('server') || want('time-zones')) {
  for (const TZ of ['Asia/Kathmandu', 'Asia/Seoul']) {
    const r = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/time-zones.test.ts'], { cwd: path.join(ROOT, 'server'), capture: true, env: { TZ }, timeoutMs: 5 * 60_000 });
    const c = nodeTestCounts(r.out);
    record(`time zones (TZ=${TZ})`, c.pass, c.fail || (r.code !== 0 && c.pass === 0 ? 1 : 0));
    const j = await run(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', 'shared-api/src/__tests__/dates.test.ts'], { env: { TZ }, timeoutMs: 5 * 60_000 });
    record(`date helpers (TZ=${TZ})`, j.code === 0 ? 1 : 0, j.code === 0 ? 0 : 1);
  }
}
// The tests that count days, with the process's clock set to 18:20 UTC (Kathmandu is already tomorrow: every test that
// took the UTC date for today failed CI each evening) and to 14:50 UTC (Kathmandu's evening, UTC's afternoon), with
// Debian's faketime (.ci/run installs it). The README says how to run the whole suite under a moved clock.
const CLOCK_FILES = ['test/time-zones.test.ts', 'test/accommodations.test.ts', 'test/results-scale.test.ts', 'test/progress-ranks.test.ts'];
if (want('server') || want('clock')) {
  const faketime = ['/usr/bin/faketime', '/usr/local/bin/faketime'].find((f) => existsSync(f));
  const today = new Date().toISOString().slice(0, 10);
  for (const at of ['18:20:00', '14:50:00']) {
    if (!faketime) {
      record(`clock ${at} UTC`, 0, 1, '(faketime is not installed: apt-get install faketime)');
      continue;
    }
    const r = await run(faketime, ['-f', `@${today} ${at}`, process.execPath, '--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...CLOCK_FILES], {
      cwd: path.join(ROOT, 'server'), capture: true, env: { TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1' }, timeoutMs: 10 * 60_000,
    });
    const c = nodeTestCounts(r.out);
    record(`clock ${at} UTC`, c.pass, c.fail || (r.code !== 0 && c.pass === 0 ? 1 : 0));
  }
}
if (want('server-pg')) {
  if (pgRun) {
    const r = await pgRun;
    console.log(`\n--- server suite on PostgreSQL (ran beside the PGlite one) ---\n${r.out}`);
    const c = nodeTestCounts(r.out);
    record('server (PostgreSQL)', c.pass, c.fail || (r.code !== 0 && c.pass === 0 ? 1 : 0), '(beside PGlite)', r.ms);
  } else {
    lines.push(`server (PostgreSQL)          skipped: no PostgreSQL at ${pgUrl}`);
    if (process.env.CI) record('server (PostgreSQL)', 0, 1, '(CI requires PostgreSQL)');
  }
}

if (want('e2e')) {
  const b = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
  if (b.code !== 0) record('e2e (build)', 0, 1);
  else {
    const out = path.join(TMP, 'e2e.json');
    await run(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test'], {
      cwd: path.join(ROOT, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, timeoutMs: 55 * 60_000,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      record('e2e (Chromium)', s.expected + (s.flaky ?? 0), s.unexpected, s.flaky ? `(${s.flaky} flaky)` : '');
    } else record('e2e (Chromium)', 0, 1, '(no report)');
  }
}

lines.push(`${'total'.padEnd(28)} ${' '.repeat(29)} ${minutes(Date.now() - began).padStart(8)}`);
console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
