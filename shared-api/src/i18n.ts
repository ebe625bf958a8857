/**
 * The interface's language (issue 25): English (the spec's texts, the default) or Nepali, with Lingui's core
 * (@lingui/core, 2.5 kB gz). A message's id is its English text, written in the code as `i18n._('Exam List')` (or
 * `i18n._('{n} of {total}', { n, total })`); `lingui extract` (lingui.config.ts) collects them into one catalog per
 * area (`<area>/src/locales/{en,ne}.po`), and scripts/i18n-compile.mjs compiles them to `locales/{en,ne}.ts` at build
 * and test time. An area registers its catalogs here: its English one in its own chunk (only the messages whose
 * compiled form differs from the id, those with placeholders: a few hundred bytes), its Nepali one fetched only by
 * those who choose Nepali. Korean exam content is never translated (it is marked lang="ko" where it is shown).
 *
 * The language is chosen on the login page or the Profile page (kept per device, and per user on the server), before
 * sign-in from the device's own: a device set to Nepali starts in Nepali. It changes only on such a choice or at
 * sign-in (the user's saved one), never behind an open screen's back: the UI kit's LanguageProvider re-mounts the
 * screens on a change.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { messages as en } from './locales/en';
import { setWordingTranslator } from './wording';
import type { matchServerTemplate } from './server-templates';
import { LANGUAGES, LANGUAGE_KEY, deviceLanguage, digitsIn, isLanguage, numberIn, type Language } from './device-language';

/**
 * The one instance (shared-api is a shared singleton: every remote uses this one). A message in no catalog is its
 * id: the English catalogs leave out plain texts (their compiled form is the id) and keep those with placeholders.
 */
export const i18n = setupI18n({ missing: (_locale, id) => id });

export { LANGUAGES, LANGUAGE_KEY, deviceLanguage, isLanguage, type Language };

type Loader = () => Promise<{ messages: Messages }>;
interface Area { en: Messages; ne: Loader }

const areas = new Map<string, Area>();
/** per language and area: the catalog's load (settled once), for `use()` in the UI kit */
const loads = new Map<string, Promise<void>>();
/** the same keys, once their load has settled */
const loaded = new Set<string>();
const listeners = new Set<() => void>();
let current: Language = 'en';

function loadArea(name: string, area: Area, lang: Language): Promise<void> {
  const key = `${lang}:${name}`;
  let p = loads.get(key);
  if (!p) {
    if (lang === 'en') {
      i18n.load('en', area.en);
      loaded.add(key);
      p = Promise.resolve();
    } else {
      p = area.ne().then(
        // English under it: a message the catalog lacks shows in English, placeholders filled.
        (m) => { i18n.load(lang, { ...area.en, ...m.messages }); loaded.add(key); },
        // Not fetched (offline before it was ever cached): the area shows English rather than nothing; asked again
        // by the next page load.
        () => { i18n.load(lang, area.en); loaded.add(key); },
      );
    }
    loads.set(key, p);
  }
  return p;
}

/**
 * An area's catalogs: its compiled English messages and a loader of its Nepali ones (a dynamic import: its own chunk).
 * Idempotent; starts loading the current language's at once.
 */
export function registerCatalogs(name: string, en: Messages, ne: Loader) {
  if (areas.has(name)) return;
  const area = { en, ne };
  areas.set(name, area);
  // English is always there: the fallback of a message the chosen catalog lacks.
  void loadArea(name, area, 'en');
  if (current !== 'en') void loadArea(name, area, current);
}

/** Whether an area's catalog of the current language is there (an unregistered area has nothing to wait for). */
export function catalogLoaded(name: string): boolean {
  return !areas.has(name) || loaded.has(`${current}:${name}`);
}

/** Settles when an area's catalog of the current language is loaded (never rejects). */
export function catalogsReady(name: string): Promise<void> {
  const area = areas.get(name);
  if (!area) return Promise.resolve();
  return loadArea(name, area, current);
}

export function getLanguage(): Language {
  return current;
}

/** Follow the language (the UI kit's LanguageProvider). */
export function subscribeLanguage(fn: () => void): () => void {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

/**
 * Switches the language: loads every registered area's catalog first (so no screen shows half of each), then
 * activates it, keeps it on this device (unless `keep: false`) and tells the subscribers. Resolves when done.
 */
export async function setLanguage(lang: Language, { keep = true } = {}): Promise<void> {
  if (!isLanguage(lang)) return;
  if (keep) {
    try { globalThis.localStorage?.setItem(LANGUAGE_KEY, lang); } catch { /* kept for this page only */ }
  }
  await Promise.all([...areas].map(([name, area]) => loadArea(name, area, lang)));
  if (lang === current && i18n.locale === lang) return;
  current = lang;
  activate();
  for (const fn of listeners) fn();
}

function activate() {
  i18n.activate(current);
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

/** A number in the current language's digits (Nepali: Devanagari ०-९), as `String(n)` otherwise. */
export function localDigits(value: string | number): string {
  return digitsIn(current, value);
}

/** A number with a fixed count of decimals (none by default) in the current language's digits. */
export function formatNumber(n: number, decimals = 0): string {
  return numberIn(current, n, decimals);
}

/**
 * The text of a server's `{ error }` in the current language: the spec's messages (./server-messages.ts lists them,
 * the rules' messages are extracted where they are defined, ./validation-messages.ts lists those built from a label)
 * have translations, and so have the texts the server builds with values (./server-templates.ts: their numbers in the
 * language's digits, a text inside one translated in turn); anything else (a field's name in a validation message,
 * say) is shown as the server wrote it.
 */
export function translateServerMessage(text: string): string {
  if (current === 'en') return text;
  return translateText(text.trim()) ?? text;
}

/** A server text's translation, or null when it has none. */
function translateText(text: string): string | null {
  const t = i18n._(text);
  if (t !== text) return t;
  const built = matchTemplate?.(text);
  if (!built) return null;
  const values: Record<string, string> = {};
  for (const [name, { kind, value }] of Object.entries(built.values)) {
    values[name] = kind === 'number' ? localDigits(value) : (translateText(value.trim()) ?? value);
  }
  return i18n._(built.id, values);
}

current = deviceLanguage();
i18n.load({ en: {}, ne: {} });
activate();
// the wordings the server shares (MSG, ROLE_LABEL, option labels) read in the current language
setWordingTranslator((id) => i18n._(id));
/**
 * The templates of the texts the server builds with values (./server-templates.ts) are read only in another language
 * than English (translateServerMessage): they come with the area's Nepali catalog, in its chunk, not in the first
 * render.
 */
let matchTemplate: typeof matchServerTemplate | undefined;
registerCatalogs('shared-api', en, () => Promise.all([
  import(/* webpackChunkName: "i18n-api-ne" */ './locales/ne'),
  import(/* webpackChunkName: "i18n-api-ne" */ './server-templates'),
]).then(([catalog, templates]) => {
  matchTemplate = templates.matchServerTemplate;
  return catalog;
}));
