/**
 * The language of a text an author wrote (an exam's title): 'ko' when it has Hangul, so a screen reader reads it in
 * Korean and the browser picks a Korean font inside an English or Nepali page; otherwise the page's own language.
 * The questions themselves are marked by the UI kit's question view.
 */
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;

export const contentLang = (text: string | null | undefined): 'ko' | undefined => (text && HANGUL.test(text) ? 'ko' : undefined);
