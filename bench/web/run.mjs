/**
 * `npm run bench:web`: front-end weight and speed for phones (issue 8).
 * Builds for production (if sources changed), serves it on a temp database (port 8309), and in Debian's Chromium:
 *  - per role: JS of the login page, then of the first render after sign-in (files, raw, gzip -9 computed here,
 *    bytes actually served); the student continues to /student/exams, then starts the demo exam (exam page);
 *  - checks that no session fetched a file of another role's remote;
 *  - Lighthouse 13 (mobile, simulated throttling, median of 3) on /login and on /student/exams signed in;
 *  - the first-tap phase (./first-tap.mjs): the waits a student feels on a phone at 4x CPU on the slow link, the
 *    shipped build against the same build with the exam list's pre-app paint refused, medians of 5.
 * Prints a table and the budget verdicts; writes every chunk to bench/results/web-<date>.json.
 * Options: --no-lighthouse, --runs=N (Lighthouse runs per page, default 3), --page=/path (Lighthouse on that page
 * only, e.g. while working on it; the budgets are then not all checked), --keep (keeps each Lighthouse report and its
 * trace in bench/results/, for a closer look at a run), --no-first-tap, --first-tap-runs=N (default 5),
 * --only-first-tap (the first-tap phase alone).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { FIRST_TAP_TARGETS, firstTapPhase, reportFirstTap } from './first-tap.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8309);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const args = process.argv.slice(2);
const ONLY_FIRST_TAP = args.includes('--only-first-tap');
const LH = !args.includes('--no-lighthouse') && !ONLY_FIRST_TAP;
const FIRST_TAP = !args.includes('--no-first-tap');
const FIRST_TAP_RUNS = Number(args.find((a) => a.startsWith('--first-tap-runs='))?.split('=')[1] ?? 5);
/**
 * Lighthouse is not in the default install (it and its puppeteer want Node 22: `npm ci` warned on Node 20, where it
 * runs fine): the first bench:web fetches it with `npm install --no-save` (package.json and the lockfile untouched;
 * the next `npm ci` removes it again).
 */
const LIGHTHOUSE = 'lighthouse@13.5.0';
const LH_CLI = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
const ONLY_PAGE = args.find((a) => a.startsWith('--page='))?.split('=')[1];
const KEEP = args.includes('--keep');
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
/** The first-tap phase takes about 2 minutes a round on a busy 2-core host: its time comes on top. */
const EXTRA_MS = FIRST_TAP ? FIRST_TAP_RUNS * 3 * 60_000 : 0;
const DEADLINE = Date.now() + 9.5 * 60_000 + EXTRA_MS;
const DEMO = {
  student: { email: 'student@example.com', password: 'password123', area: '/student' },
  institute: { email: 'institute@example.com', password: 'password123', area: '/institute' },
  admin: { email: 'admin@example.com', password: 'password123', area: '/admin' },
};
const REMOTE_OF = { student: '/remotes/student/', institute: '/remotes/institute/', admin: '/remotes/admin/' };
const BUDGET = { firstRenderGz: 220_000, examAddsGz: 40_000, lcpMs: 2500 };

const kB = (n) => (n / 1000).toFixed(1);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'eps-bench-web-'));
const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try { await cleanups.pop()(); } catch { /* best effort */ }
  }
  rmSync(tmp, { recursive: true, force: true });
}
const watchdog = setTimeout(async () => {
  console.error(`bench:web: over ${Math.round(10 + EXTRA_MS / 60_000)} minutes, stopping`);
  await cleanup();
  process.exit(2);
}, 10 * 60_000 - 5_000 + EXTRA_MS);
watchdog.unref();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, async () => { await cleanup(); process.exit(130); });

function run(cmd, argv, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: ROOT, stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...opts.env }, detached: !!opts.detached });
    let out = '';
    if (opts.capture) { child.stdout.on('data', (d) => { out += d; }); child.stderr.on('data', (d) => { out += d; }); }
    const timer = opts.timeoutMs ? setTimeout(() => { try { process.kill(opts.detached ? -child.pid : child.pid, 'SIGKILL'); } catch { /* gone */ } }, opts.timeoutMs) : null;
    child.on('close', (code) => { if (timer) clearTimeout(timer); resolve({ code: code ?? 1, out }); });
  });
}

async function startServer() {
  const dataDir = path.join(tmp, 'data');
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT, detached: true, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  cleanups.push(async () => {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
    for (let i = 0; i < 50; i++) {
      try { process.kill(-child.pid, 0); } catch { return; }
      await new Promise((r) => setTimeout(r, 100));
    }
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
  });
  // start.mjs rebuilds first when sources changed since the build step (other work in progress): wait for it.
  while (Date.now() < DEADLINE - 4 * 60_000) {
    try {
      const r = await fetch(`${BASE}/api/health`);
      if (r.ok) return;
    } catch { /* not yet */ }
    if (child.exitCode !== null) throw new Error(`server exited: ${err}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start on ${PORT}: ${err}`);
}

/** Records every JS response of a page: url, raw bytes, gzip -9 bytes, bytes served (encoded body). */
function recordJs(page) {
  const seen = new Map();
  const pending = new Set();
  page.on('response', (res) => {
    const url = res.url();
    const isJs = res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname);
    if (!isJs || seen.has(url) || res.status() !== 200) return;
    seen.set(url, null);
    const p = (async () => {
      try {
        // The browser may no longer hold a body Playwright asks for late (seen on the exam page's preloaded chunks,
        // which then went uncounted): the same immutable file is then read again from the server.
        const body = await res.body().catch(async () => Buffer.from(await (await fetch(url)).arrayBuffer()));
        const sizes = await res.request().sizes().catch(() => null);
        seen.set(url, { url: new URL(url).pathname, raw: body.length, gz: zlib.gzipSync(body, { level: 9 }).length, served: sizes?.responseBodySize ?? null, order: seen.size });
      } catch {
        seen.delete(url);
      }
    })();
    pending.add(p);
    p.finally(() => pending.delete(p));
  });
  return {
    async settle() { while (pending.size) await Promise.all([...pending]); },
    /** files first seen since the given snapshot */
    since(before = new Set()) { return [...seen.entries()].filter(([u, v]) => v && !before.has(u)).map(([, v]) => v); },
    snapshot() { return new Set(seen.keys()); },
    all() { return [...seen.keys()]; },
  };
}

const total = (files) => files.reduce((a, f) => ({ raw: a.raw + f.raw, gz: a.gz + f.gz, served: a.served + (f.served ?? 0) }), { raw: 0, gz: 0, served: 0 });

async function idle(page) {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
}

async function measureRole(browser, role) {
  const who = DEMO[role];
  const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const rec = recordJs(page);
  const phases = [];
  const notes = [];
  try {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 30_000 });
    await idle(page);
    await rec.settle();
    phases.push({ role, phase: '/login', files: rec.since() });
    let before = rec.snapshot();
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(new RegExp(`${who.area}$`), { timeout: 30_000 });
    await page.getByTestId('role-label').waitFor({ state: 'attached', timeout: 30_000 });
    await idle(page);
    await rec.settle();
    phases.push({ role, phase: `+ ${who.area}`, files: rec.since(before) });

    if (role === 'student') {
      before = rec.snapshot();
      // Client-side navigation, as the dashboard's Exam List card does.
      await page.evaluate(() => { history.pushState({}, '', '/student/exams'); dispatchEvent(new PopStateEvent('popstate')); });
      await page.getByRole('heading', { name: 'Exam List' }).first().waitFor({ timeout: 20_000 }).catch(() => notes.push('/student/exams: no "Exam List" heading'));
      await idle(page);
      await rec.settle();
      phases.push({ role, phase: '+ /student/exams', files: rec.since(before) });

      before = rec.snapshot();
      try {
        const start = page.getByRole('button', { name: /^Start / }).first();
        await start.waitFor({ timeout: 15_000 });
        await start.click();
        await page.waitForURL(/\/student\/exams\/start\//, { timeout: 15_000 });
        await page.getByRole('button', { name: 'Get Started' }).click({ timeout: 15_000 });
        await page.waitForURL(/\/student\/exams\/exam\//, { timeout: 20_000 });
        await idle(page);
        await rec.settle();
        phases.push({ role, phase: '+ exam page', files: rec.since(before) });
      } catch (e) {
        notes.push(`exam page not measured (student exam UI not ready?): ${String(e.message).split('\n')[0]}`);
      }
    }
    const foreign = rec.all().filter((u) => Object.entries(REMOTE_OF).some(([r, prefix]) => r !== role && new URL(u).pathname.startsWith(prefix)));
    return { phases, foreign, notes };
  } finally {
    await context.close();
  }
}

async function prepareSignedInProfile() {
  const dir = path.join(tmp, 'profile-student');
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROME, headless: true, args: FLAGS, serviceWorkers: 'block', baseURL: BASE });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const res = await page.request.post('/api/auth/signin', { data: { email: DEMO.student.email, password: DEMO.student.password } });
    const body = await res.json();
    // A page of the origin that loads nothing else (the login page would start downloading the app's files, and one
    // still in flight when the cache is emptied below lands in it afterwards: a run that then read main.js from the
    // cache scored an LCP ~1 s better than a cold one).
    await page.goto('/remotes.json');
    await page.evaluate((b) => {
      localStorage.setItem('token', b.token);
      localStorage.setItem('role', String(b.user.role));
      localStorage.setItem('user', JSON.stringify(b.user));
      localStorage.setItem('institute', JSON.stringify(b.institute));
    }, body);
    // Lighthouse keeps storage (for the session) but must start cold: empty the HTTP cache.
    await page.goto('about:blank');
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await ctx.close();
  }
  return dir;
}

async function lighthouse(url, profile) {
  const results = [];
  const failed = [];
  // RUNS scored runs (up to two more attempts for runs Lighthouse could not score).
  for (let i = 0; results.length < RUNS && i < RUNS + 2; i++) {
    if (Date.now() > DEADLINE - 60_000) break;
    const out = path.join(tmp, `lh-${results.length}-${Date.now()}.json`);
    const flags = [...FLAGS];
    const lhArgs = [LH_CLI, url, '--output=json', `--output-path=${out}`, '--only-categories=performance', '--quiet'];
    if (KEEP) lhArgs.push('--save-assets');
    if (profile) {
      // A fresh copy each run: signed in (localStorage), no HTTP cache, no service worker.
      const copy = path.join(tmp, `profile-run-${i}`);
      cpSync(profile, copy, { recursive: true });
      flags.push(`--user-data-dir=${copy}`);
      lhArgs.push('--disable-storage-reset');
    }
    lhArgs.push(`--chrome-flags=${flags.join(' ')}`);
    const r = await run(process.execPath, lhArgs, { capture: true, env: { CHROME_PATH: CHROME }, timeoutMs: 150_000, detached: true });
    try {
      const json = JSON.parse(readFileSync(out, 'utf8'));
      if (KEEP) {
        const stem = path.join(ROOT, 'bench', 'results', `lh${new URL(url).pathname.replace(/\//g, '-')}-${Date.now()}`);
        cpSync(out, `${stem}.json`);
        try { cpSync(out.replace(/\.json$/, '-0.trace.json'), `${stem}.trace.json`); } catch { /* no trace saved */ }
      }
      const finalUrl = json.finalDisplayedUrl ?? json.finalUrl;
      if (json.categories.performance.score === null) {
        // Lighthouse could not score the run (e.g. NO_LCP): reported, not counted as a 0 in the median.
        const why = json.runtimeError?.code ?? json.audits['largest-contentful-paint']?.errorMessage ?? 'no score';
        console.error(`lighthouse ${url}: run ${i + 1} not scored (${String(why).slice(0, 200)})`);
        failed.push(String(why).slice(0, 200));
        continue;
      }
      results.push({
        score: Math.round(json.categories.performance.score * 100),
        lcp: json.audits['largest-contentful-paint'].numericValue,
        fcp: json.audits['first-contentful-paint'].numericValue,
        tbt: json.audits['total-blocking-time'].numericValue,
        // Lighthouse's measure of this machine's CPU at the time of the run (higher is faster): the simulated
        // throttling multiplies the observed main-thread work by 4 whatever it is, so a busy shared host scores lower.
        benchmarkIndex: Math.round(json.environment?.benchmarkIndex ?? 0),
        // scripts this run did not download (served from a cache): the runs must start cold
        cachedScripts: (json.audits['network-requests']?.details?.items ?? [])
          .filter((q) => q.resourceType === 'Script' && q.transferSize === 0 && q.resourceSize > 0).map((q) => String(q.url).replace(BASE, '')),
        finalUrl,
        // What to look at when a figure moves: the LCP element and the longest tasks (simulated ms, by script).
        lcpElement: json.audits['lcp-breakdown-insight']?.details?.items?.find((i) => i.type === 'node')?.selector ?? null,
        longTasks: (json.audits['long-tasks']?.details?.items ?? []).slice(0, 6)
          .map((t) => ({ url: String(t.url ?? '').replace(BASE, ''), start: Math.round(t.startTime), ms: Math.round(t.duration) })),
        // main-thread time by script (simulated ms: evaluation plus the work of its functions, parse/compile apart)
        work: (json.audits['mainthread-work-breakdown']?.details?.items ?? [])
          .map((t) => `${t.groupLabel ?? t.group} ${Math.round(t.duration)}`),
        bootup: (json.audits['bootup-time']?.details?.items ?? []).slice(0, 6)
          .map((t) => ({ url: String(t.url ?? '').replace(BASE, ''), scripting: Math.round(t.scripting), parse: Math.round(t.scriptParseCompile) })),
      });
    } catch {
      console.error(`lighthouse ${url} failed (exit ${r.code}): ${r.out.slice(-500)}`);
    }
  }
  if (!results.length) return null;
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { median, runs: results, failed };
}

function table(rows, headers) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 || i === 1 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

async function ensureLighthouse() {
  if (existsSync(LH_CLI)) return;
  console.log(`bench:web: installing ${LIGHTHOUSE} (npm install --no-save, once)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = await run(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--engine-strict=false', LIGHTHOUSE], { timeoutMs: 4 * 60_000 });
  if (r.code !== 0 || !existsSync(LH_CLI)) throw new Error(`could not install ${LIGHTHOUSE} (or run with --no-lighthouse)`);
}

async function main() {
  const t0 = Date.now();
  if (LH) await ensureLighthouse();
  console.log('bench:web: production build (if sources changed)…');
  const b = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-needed'], { timeoutMs: 5 * 60_000 });
  if (b.code !== 0) throw new Error('build failed');
  await startServer();
  console.log(`bench:web: serving on ${BASE}`);

  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: FLAGS });
  cleanups.push(() => browser.close());
  // The first-tap phase first: the walk below starts the demo exam, and its Start would then be a Resume.
  let firstTap = null;
  if (FIRST_TAP) {
    const signin = await (await fetch(`${BASE}/api/auth/signin`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.student.email, password: DEMO.student.password }),
    })).json();
    const session = { token: signin.token, role: String(signin.user.role), user: JSON.stringify(signin.user), institute: JSON.stringify(signin.institute) };
    console.log(`bench:web: first-tap phase, ${FIRST_TAP_RUNS} rounds (load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})…`);
    firstTap = await firstTapPhase(browser, BASE, session, DEMO.student, FIRST_TAP_RUNS, (line) => console.log(`  ${line}`));
    firstTap.loadAfter = os.loadavg();
  }
  const roles = {};
  if (!ONLY_FIRST_TAP) for (const role of ['student', 'institute', 'admin']) roles[role] = await measureRole(browser, role);
  await browser.close();

  let lh = {};
  if (LH) {
    const profile = await prepareSignedInProfile();
    const pages = { '/login': null, '/student/exams': profile };
    for (const [page, prof] of Object.entries(pages)) {
      if (!ONLY_PAGE || ONLY_PAGE === page) lh[page] = await lighthouse(`${BASE}${page}`, prof);
    }
  }

  // ---- report
  const verdicts = [];
  const v = (ok, text) => { verdicts.push({ ok, text }); };
  let firstTapReport = null;
  if (firstTap) {
    firstTapReport = reportFirstTap(firstTap, table);
    console.log(`\nFirst tap (412 px phone, 4x CPU, 150 ms RTT, 1.6 Mbps down, cold; medians of ${FIRST_TAP_RUNS}; host load average after: ${firstTap.loadAfter.map((x) => x.toFixed(1)).join(' ')})`);
    console.log(firstTapReport.text);
    for (const x of firstTapReport.verdicts) v(x.ok, x.text);
  }
  if (ONLY_FIRST_TAP) {
    console.log('\nTargets');
    for (const x of verdicts) console.log(`  ${x.ok ? 'met   ' : 'MISSED'}  ${x.text}`);
    return verdicts.every((x) => x.ok) ? 0 : 1;
  }
  const rows = [];
  for (const { phases } of Object.values(roles)) {
    for (const p of phases) {
      const t = total(p.files);
      rows.push([p.role, p.phase, p.files.length, kB(t.raw), kB(t.gz), kB(t.served)]);
    }
  }
  console.log('\nJavaScript per step (kB = 1000 bytes; gz = gzip -9 of the body; served = encoded bytes on the wire, brotli)');
  console.log(table(rows, ['role', 'step', 'JS files', 'raw kB', 'gz kB', 'served kB']));

  const st = roles.student.phases;
  const firstRender = st.filter((p) => p.phase === '/login' || p.phase === '+ /student' || p.phase === '+ /student/exams').flatMap((p) => p.files);
  const firstGz = total(firstRender).gz;
  const exam = st.find((p) => p.phase === '+ exam page');
  const examGz = exam ? total(exam.files).gz : null;

  console.log('\nStudent first render, chunks (gz kB): ' + firstRender.map((f) => `${f.url} ${kB(f.gz)}`).join(', '));
  if (exam) console.log('Exam page adds: ' + (exam.files.map((f) => `${f.url} ${kB(f.gz)}`).join(', ') || 'nothing'));

  if (LH) {
    const lrows = Object.entries(lh).map(([page, r]) => r
      ? [page, '', `${r.median.score}`, `${(r.median.lcp / 1000).toFixed(2)} s`, `${(r.median.fcp / 1000).toFixed(2)} s`, `${Math.round(r.median.tbt)} ms`, r.runs.map((x) => x.score).join(' / ') + (r.failed.length ? ` (+${r.failed.length} not scored)` : '')]
      : [page, '', 'failed', '', '', '', '']);
    console.log('\nLighthouse 13.5 mobile (simulated throttling), median of ' + RUNS);
    console.log(table(lrows, ['page', '', 'score', 'LCP', 'FCP', 'TBT', 'runs']));
    for (const [page, r] of Object.entries(lh)) {
      if (!r) continue;
      const tasks = r.median.longTasks.map((t) => `${t.url || '?'} ${t.ms} ms`).join(', ') || 'none';
      console.log(`${page} (median run): LCP element ${r.median.lcpElement ?? '?'}; longest tasks: ${tasks}`);
      const boot = r.median.bootup.map((t) => `${t.url || '?'} ${t.scripting}+${t.parse} ms`).join(', ') || 'none';
      console.log(`${page} (median run): script time (run + parse): ${boot}`);
      console.log(`${page} (median run): main thread (ms): ${r.median.work.join(', ')}`);
      console.log(`${page}: per run score / TBT / host CPU (Lighthouse benchmarkIndex, higher is faster): ${r.runs.map((x) => `${x.score} / ${Math.round(x.tbt)} ms / ${x.benchmarkIndex}`).join(', ')}`);
      const warm = r.runs.filter((x) => x.cachedScripts.length);
      if (warm.length) console.log(`${page}: WARNING ${warm.length} run(s) read scripts from a cache (${[...new Set(warm.flatMap((x) => x.cachedScripts))].join(', ')}): not a cold start`);
    }
  }

  v(firstGz <= BUDGET.firstRenderGz, `student first render /login → /student/exams: ${kB(firstGz)} kB gz JS (budget ≤ ${kB(BUDGET.firstRenderGz)})`);
  if (examGz === null) v(false, 'exam page: not measured (see notes)');
  else v(examGz <= BUDGET.examAddsGz, `exam page adds ${kB(examGz)} kB gz JS (budget ≤ ${kB(BUDGET.examAddsGz)})`);
  for (const [role, r] of Object.entries(roles)) {
    v(r.foreign.length === 0, `${role} session fetched no other role's remote${r.foreign.length ? `: ${r.foreign.join(', ')}` : ''}`);
  }
  if (LH) {
    for (const [page, r] of Object.entries(lh)) {
      if (!r) v(false, `Lighthouse ${page}: no result`);
      else {
        if (r.median.finalUrl && !r.median.finalUrl.endsWith(page)) v(false, `Lighthouse ${page} ended on ${r.median.finalUrl} (not signed in?)`);
        // the score is reported, not a budget on its own: it cannot see a wait moved to the first tap (issue 40)
        v(r.median.lcp < BUDGET.lcpMs, `Lighthouse ${page}: LCP ${(r.median.lcp / 1000).toFixed(2)} s (budget < 2.5 s; score ${r.median.score}, TBT ${Math.round(r.median.tbt)} ms)`);
      }
    }
  }
  console.log('\nBudgets and targets');
  for (const x of verdicts) console.log(`  ${x.ok ? 'met   ' : 'MISSED'}  ${x.text}`);
  const notes = Object.values(roles).flatMap((r) => r.notes);
  if (notes.length) console.log('\nNotes\n' + notes.map((n) => `  - ${n}`).join('\n'));

  const date = new Date().toISOString().replace(/[:]/g, '-').replace(/\..+$/, '');
  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `web-${date}.json`);
  writeFileSync(file, JSON.stringify({
    date: new Date().toISOString(), base: BASE, budgets: BUDGET,
    studentFirstRenderGz: firstGz, examPageAddsGz: examGz,
    roles: Object.fromEntries(Object.entries(roles).map(([r, x]) => [r, { foreign: x.foreign, notes: x.notes, phases: x.phases.map((p) => ({ phase: p.phase, total: total(p.files), chunks: p.files })) }])),
    lighthouse: lh, firstTap, firstTapTargets: FIRST_TAP_TARGETS, verdicts,
  }, null, 2));
  console.log(`\nPer-chunk breakdown: ${file}`);
  console.log(`bench:web: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return verdicts.every((x) => x.ok) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error('bench:web failed:', e);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(code);
