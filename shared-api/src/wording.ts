/**
 * Wordings that the server shares with the screens (constants.ts, types.ts, authoring-messages.ts: the server imports
 * them) and that screens read directly, such as `MSG.authError` or `ROLE_LABEL[role]`: each is translated when it is
 * read. They hold the English text, marked `/*i18n*\/` for `lingui extract`; reading one asks the translator, which
 * ./i18n.ts installs in the browser (Lingui's `i18n._`). The server never loads ./i18n.ts, so there the translator stays
 * the identity and every wording reads as its English text: the server keeps writing the spec's messages.
 * This module imports nothing, so the server's imports stay free of Lingui and of the compiled catalogs.
 */

type Translate = (id: string) => string;

let translate: Translate = (id) => id;

/** ./i18n.ts: how a wording reads in the current language. */
export function setWordingTranslator(t: Translate): void {
  translate = t;
}

/** A wording in the current language (its English text until a translator is installed). */
export const wording = (english: string): string => translate(english);

/**
 * An object of English wordings whose properties read translated: `words({ a: 'Text' }).a` is `wording('Text')` at
 * the moment it is read. Enumerable, so spreading or iterating it also gives the current language's texts.
 */
export function words<K extends PropertyKey>(english: { readonly [P in K]: string }): { readonly [P in K]: string } {
  const out = {} as { [P in K]: string };
  for (const key of Reflect.ownKeys(english) as K[]) {
    const text = english[key];
    Object.defineProperty(out, key, { get: () => translate(text), enumerable: true });
  }
  return Object.freeze(out);
}

/** Options `{ value, label }` whose labels read translated (the values stay as they are: code compares them). */
export function labelled<V extends string>(options: readonly { readonly value: V; readonly label: string }[]): readonly { readonly value: V; readonly label: string }[] {
  return Object.freeze(options.map(({ value, label }) => Object.freeze({ value, get label() { return translate(label); } })));
}
