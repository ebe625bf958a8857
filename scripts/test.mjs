/**
 * `npm test`: every suite (catalogs, type-checks, lint, jest unit tests, server tests on PGlite and on PostgreSQL when one
 * is reachable, the date-bound server tests again under two zones and with the clock set to an evening and an afternoon
 * (faketime), then the production build and Playwright e2e in Chromium). `npm test -- server unit` runs only those.
 * Prints each suite's duration as it ends and, last, one line: `N passed, N failed`.
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
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** One suite's line: its counts, its own duration (suites before the e2e run beside each other) and a note. */
function record(suite, passed, failed, note, ms) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${suite.padEnd(34)} ${String(passed).padStart(4)} passed, ${String(failed).padStart(3)} failed  ${minutes(ms).padStart(8)} ${note}`);
  console.log(`[${minutes(Date.now() - began)}] ${lines.at(-1)}`);
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

/**
 * Before the e2e, three chains run at once so that both cores work throughout (each suite is mostly one thread): the
 * checks (catalogs, type-checks, lint, jest, then the web build), the server suite on PGlite, and the server suite on
 * PostgreSQL followed by the zone and clock runs. Each suite's line is printed when it ends (its output too if it failed). The e2e runs last,
 * alone: it is timing-sensitive (a browser on a busy machine) and uses both cores by itself (two lanes).
 */
const timed = async (suite, fn) => {
  const t = Date.now();
  const r = await fn();
  const ms = Date.now() - t;
  if (Array.isArray(r)) record(suite, r[0], r[1], r[2] ?? '', ms);
  return r;
};
const show = (title, out) => { if (out) console.log(`\n--- ${title} ---\n${out}`); };
const quiet = { capture: true, quiet: true };
/** A node test run's counts; its output is printed only when something failed (a passing run's is thousands of lines). */
const counted = (title, r) => {
  const c = nodeTestCounts(r.out);
  const failed = c.fail || (r.code !== 0 && c.pass === 0 ? 1 : 0);
  if (failed || r.code !== 0) show(title, r.out);
  return [c.pass, failed];
};

async function checksChain() {
  // Lingui's catalogs: every text the code marks is extracted, and every one has its Nepali translation (issue 25)
  if (want('i18n')) {
    await timed('i18n (catalogs)', async () => {
      const cli = path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js');
      const extract = await run(process.execPath, [cli, 'extract', '--clean'], quiet);
      const compile = extract.code === 0 ? await run(process.execPath, [path.join(ROOT, 'scripts/i18n-compile.mjs'), '--strict'], quiet) : extract;
      if (compile.code !== 0) show('i18n', extract.out + compile.out);
      return [compile.code === 0 ? 1 : 0, compile.code === 0 ? 0 : 1];
    });
  }
  if (want('typecheck')) {
    await run(process.execPath, [path.join(ROOT, 'scripts/i18n-compile.mjs')], quiet);
    for (const [name, project] of [['typecheck web', 'tsconfig.json'], ['typecheck server', 'server/tsconfig.json'], ['typecheck e2e', 'e2e/tsconfig.json']]) {
      await timed(name, async () => {
        const r = await run(process.execPath, [tsc, '-p', project, '--noEmit'], quiet);
        if (r.code !== 0) show(name, r.out);
        return [r.code === 0 ? 1 : 0, r.code === 0 ? 0 : 1];
      });
    }
  }
  if (want('lint')) {
    // oxlint (.oxlintrc.json): rules of hooks and the import boundaries of the design
    await timed('lint (oxlint)', async () => {
      const r = await run(process.execPath, [path.join(ROOT, 'node_modules/oxlint/bin/oxlint'), '--deny-warnings'], quiet);
      show('lint (oxlint)', r.out);
      return [r.code === 0 ? 1 : 0, r.code === 0 ? 0 : 1];
    });
  }
  if (want('unit')) {
    await timed('unit (jest)', async () => {
      const out = path.join(TMP, 'jest.json');
      const r = await run(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--runInBand', '--json', `--outputFile=${out}`], { ...quiet, timeoutMs: 15 * 60_000 });
      show('unit (jest)', r.out.split('\n').filter((l) => !/^\s*(PASS|✓)/.test(l)).join('\n'));
      if (!existsSync(out)) return [0, 1, `(jest exited ${r.code} without a report)`];
      const j = JSON.parse(readFileSync(out, 'utf8'));
      return [j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0)];
    });
  }
  if (want('e2e')) {
    built = await timed('web build (for the e2e)', async () => {
      const b = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], quiet);
      if (b.code !== 0) show('web build', b.out);
      return [b.code === 0 ? 1 : 0, b.code === 0 ? 0 : 1];
    }).then(([ok]) => ok === 1);
    // the demo media's renditions, made once here for every e2e server (e2e/playwright.config.ts: RENDITION_CACHE_DIR)
    const warm = await run(process.execPath, ['--import', 'tsx', 'src/renditions/warm.ts', path.join(TMP, 'rendition-cache')], { cwd: path.join(ROOT, 'server'), ...quiet, timeoutMs: 10 * 60_000 });
    if (warm.code !== 0) show('rendition cache (not filled: each e2e server makes its own)', warm.out);
  }
}

// Node 20's test runner does not expand globs: list the files.
const serverFiles = readdirSync(path.join(ROOT, 'server', 'test')).filter((f) => f.endsWith('.test.ts')).sort().map((f) => `test/${f}`);
const serverTest = ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=180000', '--test-reporter=spec', ...serverFiles];
const serverCwd = path.join(ROOT, 'server');

async function pgliteChain() {
  if (!want('server')) return;
  await timed('server (PGlite)', async () => counted('server suite on PGlite', await run(process.execPath, serverTest, { cwd: serverCwd, ...quiet, timeoutMs: 45 * 60_000 })));
}

// The tests that count days, with the process's clock set to 18:20 UTC (Kathmandu is already tomorrow: every test that
// took the UTC date for today failed CI each evening) and to 14:50 UTC (Kathmandu's evening, UTC's afternoon), with
// Debian's faketime (.ci/run installs it). The README says how to run the whole suite under a moved clock.
const CLOCK_FILES = ['test/time-zones.test.ts', 'test/accommodations.test.ts', 'test/results-scale.test.ts', 'test/progress-ranks.test.ts',
  'test/question-bank.test.ts'];

async function postgresChain() {
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (want('server-pg')) {
    if (await reachable(pgUrl)) {
      await timed('server (PostgreSQL)', async () => counted('server suite on PostgreSQL', await run(process.execPath, serverTest, {
        cwd: serverCwd, ...quiet, env: { TEST_DATABASE_URL: pgUrl }, timeoutMs: 45 * 60_000,
      })));
    } else {
      lines.push(`server (PostgreSQL)                skipped: no PostgreSQL at ${pgUrl}`);
      if (process.env.CI) record('server (PostgreSQL)', 0, 1, '(CI requires PostgreSQL)', 0);
    }
  }
  // days in a time zone must not depend on the process's own: the time-zone tests again under two zones (issue 25)
  if (want('server') || want('time-zones')) {
    for (const TZ of ['Asia/Kathmandu', 'Asia/Seoul']) {
      await timed(`time zones (TZ=${TZ})`, async () => counted(`time zones (TZ=${TZ})`, await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/time-zones.test.ts'], {
        cwd: serverCwd, ...quiet, env: { TZ }, timeoutMs: 5 * 60_000,
      })));
      await timed(`date helpers (TZ=${TZ})`, async () => {
        const j = await run(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', 'shared-api/src/__tests__/dates.test.ts'], { ...quiet, env: { TZ }, timeoutMs: 5 * 60_000 });
        if (j.code !== 0) show(`date helpers (TZ=${TZ})`, j.out);
        return [j.code === 0 ? 1 : 0, j.code === 0 ? 0 : 1];
      });
    }
  }
  if (want('server') || want('clock')) {
    const faketime = ['/usr/bin/faketime', '/usr/local/bin/faketime'].find((f) => existsSync(f));
    const today = new Date().toISOString().slice(0, 10);
    for (const at of ['18:20:00', '14:50:00']) {
      if (!faketime) {
        record(`clock ${at} UTC`, 0, 1, '(faketime is not installed: apt-get install faketime)', 0);
        continue;
      }
      await timed(`clock ${at} UTC`, async () => counted(`clock ${at} UTC`, await run(faketime, ['-f', `@${today} ${at}`, process.execPath, '--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...CLOCK_FILES], {
        cwd: serverCwd, ...quiet, env: { TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1' }, timeoutMs: 10 * 60_000,
      })));
    }
  }
}

let built = false;
await Promise.all([checksChain(), pgliteChain(), postgresChain()]);

if (want('e2e') && built) {
  await timed('e2e (Chromium)', async () => {
    const out = path.join(TMP, 'e2e.json');
    await run(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test'], {
      cwd: path.join(ROOT, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, timeoutMs: 55 * 60_000,
    });
    if (!existsSync(out)) return [0, 1, '(no report)'];
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    return [s.expected + (s.flaky ?? 0), s.unexpected, s.flaky ? `(${s.flaky} flaky)` : ''];
  });
}

lines.push(`${'total'.padEnd(34)} ${' '.repeat(29)} ${minutes(Date.now() - began).padStart(8)}`);
console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
