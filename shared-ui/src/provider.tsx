import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import globalCssUrl from './chakra-global.css';
import { getSystem } from './system';
import { Toaster } from './toaster';

/**
 * The system's global CSS (layer order, preflight, global styles, the tokens' CSS variables) comes as a stylesheet
 * made ahead (chakra-global.css, checked against Chakra by global-css.test.tsx): the browser parses it natively,
 * instead of emotion serializing it and inserting it rule by rule at every start. Chakra's provider gets a view of the
 * system whose `_global` (the styles it injects, a field of Chakra's typed SystemContext) is empty. Serializing and
 * inserting those ~48 kB of CSS took 40-180 ms of a start on this machine (x4 at Lighthouse's slowdown), so this is
 * kept, and guarded (docs/performance.md): the type check fails if Chakra's SystemContext loses the field, and
 * global-css.test.tsx fails if the stylesheet differs from what Chakra injects or the provider still injects it.
 */
const GLOBAL_STYLES: keyof SystemContext = '_global';
let lean: SystemContext | undefined;
function leanSystem(): SystemContext {
  lean ??= Object.create(getSystem(), { [GLOBAL_STYLES]: { value: [] } }) as SystemContext;
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
