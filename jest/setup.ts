import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
// Every area's catalogs, as the apps register them: a screen tested on its own shows its texts with placeholders filled.
import '../shared-ui/src/back-office/catalog';

// Chakra's components ask for these browser APIs, which jsdom does not have (a test in Node's environment, such as
// the build-time render's, has no window at all).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
  }
  class RO { observe() {} unobserve() {} disconnect() {} }
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= RO;
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver ??= RO;
  window.scrollTo = () => {};
  Element.prototype.scrollTo = () => {};
}

// The heavy half of the UI kit (dialogs, menus, tabs, toasts) and the form schemas are fetched on first use in the
// browser; tests of screens get them up front so that a first render does not wait on a module transform.
beforeAll(async () => {
  const [{ preloadOverlays }, { preloadSchemas }] = await Promise.all([import('../shared-ui/src/overlays'), import('../shared-api/src/lazy-schemas')]);
  await Promise.all([preloadOverlays('Dialog', 'Menu', 'Tabs', 'Progress', 'Switch', 'Toast', 'NativeSelect'), preloadSchemas()]);
}, 60_000);

// These machines are shared: a screen test's first render can take seconds while other work runs. Generous limits
// (a test still fails when what it waits for never comes): 20 s a test, 5 s for findBy*/waitFor.
jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5_000 });
