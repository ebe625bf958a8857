/**
 * The interface's language in React (shared-api/src/i18n.ts has the rules): the provider re-mounts the screens when
 * the language changes (a choice on the login or Profile page, or the user's own at sign-in; never otherwise), and
 * `useCatalogs` holds an area's first render until its catalog of the language is there (Suspense), so no screen
 * shows half of each language. English catalogs are in their areas' own code: nothing to wait for.
 */
import { Fragment, use, useSyncExternalStore, type ReactNode } from 'react';
import { catalogLoaded, catalogsReady, getLanguage, i18n, registerCatalogs, subscribeLanguage, type Language } from 'shared-api';
import { messages as en } from './locales/en';

registerCatalogs('shared-ui', en, () => import(/* webpackChunkName: "i18n-ui-ne" */ './locales/ne'));

export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}

/** Suspends until these areas' catalogs of the current language are loaded. */
export function useCatalogs(...names: string[]): void {
  useLanguage();
  for (const name of names) {
    if (!catalogLoaded(name)) use(catalogsReady(name));
  }
}

/** Around the screens, inside the router (the shell's bootstrap): a language change re-mounts them in the new language. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}

export { i18n };
