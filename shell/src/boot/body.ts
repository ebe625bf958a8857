/**
 * index.html's second script (inlined after #root by shell/webpack.boot.ts): runs before any bundle, once the
 * prerendered login page is parsed. It decides how the app starts:
 * - a signed-in student opening the exam list: the student area's first paint (first-paint.js, beside its
 *   remoteEntry.js: student-app/src/first-paint/paint.ts) draws the list from the early answers (./early-lists.ts)
 *   before any of the app runs; the app's files are asked for at low priority meanwhile, run once it has painted, and
 *   the app starts in the next idle time (or on the first move, if sooner: ./hold.ts).
 *   When it cannot paint (no such file, an answer that is not a list, ...) the app starts at once;
 * - the login page (in English): the prerendered page paints, the app's files download a moment after, and the app
 *   starts in the next idle time (or on the first move); what was typed is handed over (shell/src/prerendered-login.ts);
 * - any other page (or "/" with a stored session, which goes to the role's area, or a device whose language is not
 *   the prerendered page's English: shared-api/src/i18n.ts renders the login page in it): the boot status, and the
 *   app at once.
 */
import { LANGUAGE_KEY } from 'shared-api/device-language';
import { EXAM_LIST_PAGE } from './early-lists';
import { appLoader, prefetchPlan } from './first-render';
import { bootGlobals } from './globals';
import { FIRST_PAINT_TIMEOUT_MS, afterPaint, firstPaintHost, holdApp, loadThenStart, markStarted } from './hold';
import { PRERENDERED, fillContact, showsPrerenderedLogin, wireLoginForm } from './login';
import { hasStoredToken, liveSession, pageStorage } from './session';

const g = bootGlobals();
const config = g.__epsConfig!;
const loadApp = appLoader();
const root = document.getElementById('root')!;

const storage = pageStorage();
let lang: string | null = null;
try { lang = storage?.getItem(LANGUAGE_KEY) ?? null; } catch { /* blocked: English */ }
const status = () => {
  root.innerHTML = `<div id="boot" role="status">${lang === 'ne' ? 'लोड हुँदैछ…' : 'Loading…'}</div>`;
  if (lang === 'ne') document.documentElement.lang = 'ne';
};
const boot = () => {
  status();
  loadApp();
};
const hold = () => {
  const held = holdApp(window, () => {
    markStarted(g.__epsFirstPaint);
    loadApp();
  });
  g.__epsStart = held.start;
  return held;
};

const session = liveSession(storage);

if (session?.role === 0 && EXAM_LIST_PAGE.test(location.pathname)) {
  status();
  prefetchPlan();
  const host = firstPaintHost(hold(), loadApp, afterPaint);
  g.__epsFirstPaint = host;
  config.then((c) => {
    const entry = c?.remotes?.student_app;
    if (!entry) throw new Error('no student area');
    const script = document.createElement('script');
    script.src = new URL('first-paint.js', new URL(entry, location.href)).href;
    script.onerror = () => host.done(false);
    document.head.appendChild(script);
  }).catch(() => host.done(false));
  setTimeout(() => host.done(false), FIRST_PAINT_TIMEOUT_MS);
} else if (!showsPrerenderedLogin(location.pathname, hasStoredToken(storage), lang)) {
  boot();
} else {
  // The login page, parsed whole: it may paint now (index.html's .pl-ready).
  document.getElementById(PRERENDERED)!.classList.add('pl-ready');
  config.then((c) => fillContact(document, c)).catch(() => { /* the app fills them in when it starts */ });
  const { go } = hold();
  afterPaint(loadThenStart(loadApp, go));
  if (document.activeElement?.tagName === 'INPUT') go();
  wireLoginForm(document, storage, (chosen) => {
    lang = chosen;
    if (lang !== 'en') { boot(); go(); }
  }, go);
}
