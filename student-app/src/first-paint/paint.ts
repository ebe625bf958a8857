/**
 * The exam list's first paint (first-paint.js, written by the student area's build beside its remoteEntry.js): a
 * student opening /student/exams sees the list, with its data, before any of the app runs; the app starts in the
 * page's next idle time (shell/src/boot/hold.ts), and its first render draws the same boxes.
 *
 * The page is the build's rendering of the area's own components (./render.tsx, ./template.ts) filled with the two
 * list answers index.html already asked for (`window.__epsEarly`, left there for the app): the template's cards cloned
 * per exam, their tokens replaced by the exam's texts (as text, never as HTML), their parts the exam lacks removed.
 * Every rule comes from the app's own modules (sizes, minutes left, the language, the user's name and initials).
 * Anything it cannot draw as the app would (a short landscape screen, a reason other than the access rules', an answer
 * that is not a list) paints nothing: the app starts at once, as without this file.
 *
 * Before the app runs, the links are plain links (the browser opens their page), a Start or Resume press is recorded
 * (`start`) and starts the app, whose list opens that exam's start page when it mounts, and the focused control is
 * focused again on the app's page (./handoff.ts).
 */
import { SESSION_KEY, examListPath } from 'shared-api/boot-keys';
import { deviceLanguage, numberIn } from 'shared-api/device-language';
import { avatarInitials, displayName } from 'shared-ui/names';
import { LANDSCAPE_QUERY } from '../exam/landscape-query';
import { minutesLeft } from '../exam/minutes-left';
import { scaleBytes } from '../exam/size-units';
import { contentLang } from '../exam/content-lang';
import { TOKEN, type FirstPaintTemplate, type LanguageTemplate } from './template';
import { FOCUSABLE, type FirstPaintHost } from './handoff';

declare const __FIRST_PAINT__: FirstPaintTemplate;

interface Exam {
  _id: string;
  title: string;
  is_cbt: boolean;
  category?: { title?: string | null } | null;
  remaining?: number | null;
  reason?: string | null;
  running?: { secondsLeft: number; reason: string | null } | null;
  downloadBytes?: number;
}

interface User { _id: string; created_by?: string | null; name?: string; first_name?: string; last_name?: string; email?: string }

const win = globalThis as unknown as { __epsFirstPaint?: FirstPaintHost; __epsEarly?: Record<string, Promise<unknown> | undefined> };

function parse(html: string): HTMLElement {
  const t = document.createElement('template');
  t.innerHTML = html;
  const div = document.createElement('div');
  div.appendChild(t.content);
  return div;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every text node and attribute of `root` with `values`' keys replaced, in one pass (a value that holds another key
 * stays as it is); an element whose own text holds a key whose value is null is removed.
 */
function fill(root: Element, values: Map<string, string | null>) {
  const keys = new RegExp(Array.from(values.keys(), escapeRegExp).join('|'), 'g');
  const replace = (s: string) => s.replace(keys, (key) => values.get(key) ?? '');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const text of texts) {
    const found = text.data.match(keys);
    if (!found) continue;
    if (found.some((key) => values.get(key) === null)) text.parentElement?.remove();
    else text.data = replace(text.data);
  }
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) {
      const v = replace(attr.value);
      if (v !== attr.value) el.setAttribute(attr.name, v);
    }
  }
}

function badge(card: Element, text: string): Element | undefined {
  return Array.from(card.querySelectorAll('span')).find((s) => s.textContent === text);
}

export function paintExamList(
  template: FirstPaintTemplate, language: 'en' | 'ne', user: User, available: Exam[], other: Exam[], receivedAt: number,
): HTMLElement | null {
  const t: LanguageTemplate = template.lang[language];
  // A server's reason in the language: the access rules' own (their translations are in the template), else no paint.
  const reason = (text: string | null | undefined): string | null => (text && Object.hasOwn(t.reasons, text) ? t.reasons[text]! : null);
  if ([...available, ...other].some((e) => (e.reason && !reason(e.reason)) || (e.running?.reason && !reason(e.running.reason)))) return null;
  const number = (n: number, decimals?: number) => numberIn(language, n, decimals);
  const size = (bytes: number) => scaleBytes(bytes, bytes, number).join(' ');

  const page = parse(t.page);
  const empty = parse(t.empty);
  const sections = page.querySelectorAll('main section');
  const emptySections = empty.querySelectorAll('main section');
  const cardA = sections[0]?.querySelector('article');
  const cardB = sections[1]?.querySelector('article');
  if (sections.length !== 2 || emptySections.length !== 2 || !cardA || !cardB) return null;
  const kinds = { cbt: badge(cardA, 'CBT'), ubt: badge(cardB, 'UBT') };

  const card = (tpl: Element, exam: Exam, startable: boolean): Element => {
    const el = tpl.cloneNode(true) as Element;
    const kind = badge(el, 'CBT') ?? badge(el, 'UBT');
    const want = exam.is_cbt ? kinds.cbt : kinds.ubt;
    if (kind && want) kind.replaceWith(want.cloneNode(true));
    if (!exam.running) el.querySelector('[data-testid="running-note"]')?.remove();
    const button = startable ? el.querySelector('button') : null;
    if (button) {
      button.textContent = exam.running ? t.strings.resume : t.strings.start;
      button.setAttribute('aria-label', exam.running ? t.strings.resumeLabel : t.strings.startLabel);
      button.setAttribute('data-exam', exam._id);
    }
    const lang = contentLang(exam.title);
    if (lang) el.querySelector('h3')?.setAttribute('lang', lang);
    fill(el, new Map([
      [TOKEN.title, exam.title],
      [TOKEN.category, exam.category?.title || null],
      [TOKEN.reason, reason(exam.reason)],
      [TOKEN.runningReason, reason(exam.running?.reason)],
      [t.sentinels.size, typeof exam.downloadBytes === 'number' ? size(exam.downloadBytes) : null],
      [t.sentinels.remaining, exam.remaining === null || exam.remaining === undefined ? null : number(exam.remaining)],
      [t.sentinels.minutes, exam.running ? number(minutesLeft(exam.running.secondsLeft, receivedAt)) : null],
    ]));
    return el;
  };

  [available, other].forEach((exams, i) => {
    const section = sections[i]!;
    const grid = section.lastElementChild!;
    if (!exams.length) {
      grid.replaceWith(emptySections[i]!.lastElementChild!.cloneNode(true));
      return;
    }
    const tpl = i === 0 ? cardA : cardB;
    grid.replaceChildren(...exams.map((e) => card(tpl, e, i === 0)));
  });
  if (!user.created_by) {
    const alert = empty.querySelector('main .chakra-alert__root');
    if (!alert) return null;
    sections[0]!.before(alert);
  }
  const name = displayName(user);
  const fallback = page.querySelector('header .chakra-avatar__fallback');
  if (fallback) fallback.textContent = avatarInitials(name);
  fill(page.querySelector('header')!, new Map([[TOKEN.name, name]]));
  return page;
}

async function run(host: FirstPaintHost): Promise<boolean> {
  if (window.matchMedia?.(LANDSCAPE_QUERY).matches) return false;
  const user = JSON.parse(localStorage.getItem(SESSION_KEY.user) || 'null') as User | null;
  const early = win.__epsEarly;
  if (!user?._id || !early) return false;
  // Not taken: the app's list takes the same answers when it starts (shared-api's exam-lists.ts).
  const [available, other] = await Promise.all([
    early[examListPath('available', user._id)], early[examListPath('other', user._id)],
  ]);
  if (!Array.isArray(available) || !Array.isArray(other) || host.started) return false;
  const language = deviceLanguage();
  const page = paintExamList(__FIRST_PAINT__, language, user, available as Exam[], other as Exam[], Date.now());
  const root = document.getElementById('root');
  if (!page || !root) return false;
  const style = document.createElement('style');
  style.textContent = __FIRST_PAINT__.css;
  document.head.appendChild(style);
  document.documentElement.lang = language;
  root.replaceChildren(...Array.from(page.childNodes));
  // (the press's pointerdown has started the app already: recorded all the same, for the list to open when it mounts)
  root.addEventListener('click', (e) => {
    const button = (e.target as Element).closest?.('button[data-exam]');
    if (!button || host.taken) return;
    host.start = button.getAttribute('data-exam')!;
    button.setAttribute('aria-busy', 'true');
    (button as HTMLButtonElement).disabled = true;
    host.go();
  });
  // The focus moved by the keyboard (the first Tab starts the app): the app's list puts it back on the same control.
  root.addEventListener('focusin', (e) => {
    if (host.taken) return;
    const i = Array.from(root.querySelectorAll(FOCUSABLE)).indexOf(e.target as Element);
    if (i >= 0) host.focus = i;
  });
  return true;
}

const host = win.__epsFirstPaint;
if (host) run(host).then((painted) => host.done(painted), () => host.done(false));


