/**
 * shared-api/device-language: the interface's languages, the device's choice and each language's digits (./i18n.ts).
 * Without imports, so that a page painted before the app runs (student-app/src/first-paint/paint.ts) picks the
 * language the app will and writes its figures as the app does.
 */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'ne', label: 'नेपाली' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

/** The device's choice (localStorage), kept across sign-outs. */
export const LANGUAGE_KEY = 'language';

export function isLanguage(v: unknown): v is Language {
  return v === 'en' || v === 'ne';
}

const DIGITS: Readonly<Record<Language, string>> = { en: '0123456789', ne: '०१२३४५६७८९' };

/** `value` with its Western digits in `lang`'s (Devanagari in Nepali). */
export function digitsIn(lang: Language, value: string | number): string {
  const s = String(value);
  return lang === 'en' ? s : s.replace(/[0-9]/g, (d) => DIGITS[lang][Number(d)]!);
}

/** A number with a fixed count of decimals (none by default) in `lang`'s digits. */
export function numberIn(lang: Language, n: number, decimals = 0): string {
  return digitsIn(lang, decimals ? n.toFixed(decimals) : String(Math.round(n)));
}

/** The device's language: its stored choice, else Nepali when the browser prefers it, else English. */
export function deviceLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch { /* storage blocked: the browser's preference */ }
  const prefs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const p of prefs) {
    const base = String(p).toLowerCase().split('-')[0];
    if (base === 'ne') return 'ne';
    if (base === 'en') return 'en';
  }
  return 'en';
}
