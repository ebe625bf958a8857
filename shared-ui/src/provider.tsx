import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import globalCssUrl from './chakra-global.css';
import { getSystem } from './system';
import { Toaster } from './toaster';

/**
 * The system's global CSS (layer order, preflight, global styles, the tokens' CSS variables) comes as a stylesheet
 * made ahead (chakra-global.css, checked against Chakra by global-css.test.tsx): the browser parses it natively,
 * instead of emotion serializing it and inserting it rule by rule at every start. Chakra's provider gets a view of the
 * system whose `_global` (the styles it injects, a field of Chakra's typed SystemContext) is empty.
 */
let lean: ReturnType<typeof getSystem> | undefined;
function leanSystem(): ReturnType<typeof getSystem> {
  lean ??= Object.create(getSystem(), { _global: { value: [] } }) as ReturnType<typeof getSystem>;
  return lean;
}

/**
 * The provider's view of the Chakra system, made now (the shell calls it before its first render, once it has built
 * the system itself with shared-ui/system's buildSystem; otherwise this builds it).
 */
export function prepareUiSystem(): void {
  leanSystem();
}

let stylesheet: Promise<void> | undefined;
/**
 * Adds the global stylesheet (once); resolves when it has loaded, or failed (offline and not cached: the app still
 * starts, unstyled rather than stuck). The shell waits for it before its first render, so nothing paints unstyled.
 */
export function globalStylesReady(doc: Document = document): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = globalCssUrl;
    link.dataset.chakraGlobal = '';
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    // First in <head>: emotion's rules (recipes, props) come after it and win at equal specificity.
    doc.head.prepend(link);
  });
  return stylesheet;
}

/** Theme and the one toaster; the shell renders it once around everything, after globalStylesReady(). */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={leanSystem()}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
