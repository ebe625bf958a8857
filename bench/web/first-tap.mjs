/**
 * bench:web's first-tap phase (issue 40): the waits a student feels on a phone, measured in Chromium as the student
 * meets them. A 412 px phone (touch), 4x CPU slowdown and Lighthouse's slow link (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up), a cold cache and no service worker for every run:
 *  - /student/exams opened signed in (the demo student): the list visible (its Start button drawn), then Start tapped
 *    at once or after reading 3 s: tap -> the start page on screen (its Get Started button), and opening -> start page;
 *  - /login: Login tapped (the demo student's email and password filled at once, or after 3 s) -> the student's first
 *    page on screen (the dashboard, where a signed-in student lands, with its Exam List card).
 * Medians of N runs (5 by default), the shipped build against the same build with the exam list's pre-app paint
 * refused (first-paint.js answered 404: the app then starts at once), alternating in one run. The login page's pre-app
 * paint is index.html itself (no file to refuse): its row is the shipped build only.
 * Times are taken in the page (performance.now(): the pointerdown's timeStamp, and the first frame after the element
 * appears), not by the test driver.
 */

export const FIRST_TAP_TARGETS = { listVisibleMs: 2000, tapAtOnceMs: 1500, tapAfterReadingMs: 500, openToStartMs: 3500, loginTapMs: 2000 };

const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile link ("slow 4G"): 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const READ_MS = 3000;

/** In the page: when each watched element first shows (performance.now() at the next frame), and the first pointerdown. */
function watchScript() {
  const marks = {};
  Object.defineProperty(window, '__benchMarks', { value: marks });
  const watch = {
    list: () => Array.from(document.querySelectorAll('#root button')).some((b) => /^(Start|Resume) /.test(b.getAttribute('aria-label') ?? '') && b.getBoundingClientRect().width > 0),
    start: () => Array.from(document.querySelectorAll('#root button')).some((b) => b.textContent === 'Get Started' && b.getBoundingClientRect().width > 0),
    // the student's first page after signing in: the dashboard, its Exam List card drawn
    home: () => /^\/student\/?$/.test(location.pathname) && !!document.querySelector('#root main [data-testid="stat-Exam List"]'),
  };
  const check = () => {
    for (const [name, seen] of Object.entries(watch)) {
      if (marks[name] === undefined && seen()) {
        marks[name] = -1;
        requestAnimationFrame(() => { marks[name] = performance.now(); });
      }
    }
  };
  addEventListener('pointerdown', (e) => { if (marks.tap === undefined) marks.tap = e.timeStamp; }, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

async function phone(browser, baseURL, session, refusePaint) {
  const context = await browser.newContext({
    baseURL, serviceWorkers: 'block', viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true,
  });
  if (session) {
    await context.addInitScript((s) => {
      if (location.pathname === '/student/exams' && !localStorage.getItem('token')) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, session);
  }
  await context.addInitScript(watchScript);
  if (refusePaint) await context.route(/\/first-paint\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

const marks = (page) => page.evaluate(() => ({ ...window.__benchMarks }));
const until = async (page, name, timeout = 60_000) => {
  await page.waitForFunction((n) => (window.__benchMarks[n] ?? -1) > 0, name, { timeout, polling: 50 });
};

async function examListRun(browser, baseURL, session, refusePaint, wait) {
  const { context, page } = await phone(browser, baseURL, session, refusePaint);
  try {
    await page.goto('/student/exams', { waitUntil: 'commit' });
    await until(page, 'list');
    // oxlint-disable-next-line no-restricted-properties -- the student reading the list: the wait is what is measured
    if (wait) await page.waitForTimeout(wait);
    // the first Start (the phase runs before anything starts the demo exam: no Resume)
    await page.locator('#root button[aria-label^="Start "]').first().click({ timeout: 30_000 }).catch(async (e) => {
      const state = await page.evaluate(() => ({ url: location.href, marks: window.__benchMarks, buttons: Array.from(document.querySelectorAll('button')).map((b) => `${b.getAttribute('aria-label')} ${b.disabled}`) }));
      throw new Error(`${String(e.message).split('\n').slice(0, 12).join(' / ')} ${JSON.stringify(state)}`);
    });
    await until(page, 'start');
    const m = await marks(page);
    return { list: m.list, tap: m.start - m.tap, open: m.start };
  } finally {
    await context.close();
  }
}

async function loginRun(browser, baseURL, who, wait) {
  const { context, page } = await phone(browser, baseURL, null, false);
  try {
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.locator('input[name="email"]:visible');
    await email.waitFor({ timeout: 30_000 });
    // oxlint-disable-next-line no-restricted-properties -- the student reading the page: the wait is what is measured
    if (wait) await page.waitForTimeout(wait);
    await email.fill(who.email);
    await page.locator('input[name="password"]:visible').fill(who.password);
    await page.evaluate(() => { delete window.__benchMarks.tap; });
    await page.getByRole('button', { name: 'Login' }).click({ timeout: 30_000 });
    await until(page, 'home');
    const m = await marks(page);
    return { tap: m.home - m.tap };
  } finally {
    await context.close();
  }
}

/**
 * Runs the phase: `session` is the demo student's stored session (localStorage entries), `who` its email and
 * password. Returns the medians and each run's figures.
 */
export async function firstTapPhase(browser, baseURL, session, who, runs, log = () => {}) {
  const variants = { shipped: false, 'no first paint': true };
  const raw = {};
  for (const name of Object.keys(variants)) raw[name] = { list: [], tapNow: [], openNow: [], tapRead: [], openRead: [] };
  raw.login = { tapNow: [], tapRead: [] };
  for (let i = 0; i < runs; i++) {
    // alternating, so that a change in the host's load touches both alike
    for (const [name, refuse] of Object.entries(variants)) {
      for (const wait of [0, READ_MS]) {
        try {
          const r = await examListRun(browser, baseURL, session, refuse, wait);
          raw[name].list.push(r.list);
          raw[name][wait ? 'tapRead' : 'tapNow'].push(r.tap);
          raw[name][wait ? 'openRead' : 'openNow'].push(r.open);
        } catch (e) {
          log(`first tap: ${name}, ${wait ? 'after reading' : 'at once'}, run ${i + 1} failed: ${String(e.message).slice(0, 1500)}`);
        }
      }
    }
    for (const wait of [0, READ_MS]) {
      try {
        raw.login[wait ? 'tapRead' : 'tapNow'].push((await loginRun(browser, baseURL, who, wait)).tap);
      } catch (e) {
        log(`first tap: login, run ${i + 1} failed: ${String(e.message).split('\n')[0]}`);
      }
    }
    log(`first tap: round ${i + 1} of ${runs} done`);
  }
  const med = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).map(([f, xs]) => [f, median(xs)]))]));
  return { medians: med, runs: raw };
}

const s = (ms) => (ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(2)} s`);

/** The table and the verdicts (met / MISSED) of the shipped build. */
export function reportFirstTap({ medians }, table) {
  const rows = ['shipped', 'no first paint'].map((k) => {
    const m = medians[k];
    return [k, '', s(m.list), s(m.tapNow), s(m.openNow), s(m.tapRead), s(m.openRead)];
  });
  rows.push(['login page (shipped)', '', '', s(medians.login.tapNow), '', s(medians.login.tapRead), '']);
  const text = [
    'tapped at once / after reading 3 s: tap -> start page (login: Login tap -> the student\'s first page), opening -> start page',
    table(rows, ['', '', 'list visible', 'at once: tap', 'at once: opening', 'after 3 s: tap', 'after 3 s: opening']),
  ].join('\n');
  const m = medians.shipped;
  const t = FIRST_TAP_TARGETS;
  const verdict = (value, target, what) => ({ ok: value !== null && value <= target, text: `first tap: ${what} ${s(value)} (target ≤ ${s(target)})` });
  return {
    text,
    verdicts: [
      verdict(m.list, t.listVisibleMs, 'the list visible'),
      verdict(m.tapNow, t.tapAtOnceMs, 'tapped at once: tap -> start page'),
      verdict(m.tapRead, t.tapAfterReadingMs, 'after reading 3 s: tap -> start page'),
      verdict(m.openNow, t.openToStartMs, 'opening -> start page (tapped at once)'),
      verdict(medians.login.tapNow, t.loginTapMs, 'login tap -> the student\'s first page (tapped at once)'),
      verdict(medians.login.tapRead, t.loginTapMs, 'login tap -> the student\'s first page (after 3 s)'),
    ],
  };
}
