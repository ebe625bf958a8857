import '@testing-library/jest-dom';

// Chakra's components ask for these browser APIs, which jsdom does not have.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
class RO { observe() {} unobserve() {} disconnect() {} }
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= RO;
(globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver ??= RO;
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
