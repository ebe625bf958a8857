/**
 * shared-ui/static-render: renders a UI kit element to static HTML, with the CSS it needs, at build time (Node): the
 * shell's prerendered login page (shell/src/prerender.tsx) and the student's first paint of the exam list
 * (student-app/src/first-paint/render.tsx). Never part of a browser bundle.
 *
 * The element is rendered with react-dom/server inside the product's provider (UiProvider: the same Chakra system the
 * app uses), under an emotion cache that @emotion/server's extractCritical reads (emotion's documented SSR API), so
 * the CSS is what Chakra generates for exactly those elements. Their rules lean on the global stylesheet
 * (chakra-global.css: the layer order, preflight, base styles, every token as a CSS variable), which the page does
 * not have before its scripts load it: the part of it those rules use comes along (staticGlobalCss).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
// oxlint-disable-next-line no-restricted-imports -- emotion's SSR package, not the product's server (the rule's **/server/**)
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { StoreProvider, type AppStore } from 'shared-api';
import { compile, serialize, stringify, type Element } from 'stylis';
import { UiProvider } from './provider';

/** `var(--name` references (names may hold escaped characters: `--chakra-spacing-0\.5`). */
const VAR_REF = /var\(\s*(--(?:\\.|[\w-])+)/g;
const isKeyframes = (e: Element) => /^@(-\w+-)?keyframes$/.test(e.type);
const keyframesName = (e: Element) => (Array.isArray(e.props) ? e.props[0] : e.props) ?? '';

/**
 * The part of the global stylesheet that `used` (CSS rules) needs: every rule of its layers (the layer order,
 * preflight, base styles), but of its custom properties only those `used` refers to, directly or through others, and
 * of its keyframes only those named in what is kept. The rest (most of the tokens, every keyframe) is left to the
 * stylesheet itself, which the app loads. Parsed and written back with stylis, emotion's own CSS compiler.
 */
export function staticGlobalCss(globalCss: string, used: string): string {
  const tree = compile(globalCss);
  const definitions = new Map<string, string[]>();
  const values: string[] = [];
  const animations: string[] = [];
  const keyframes: Element[] = [];
  const walk = (elements: Element[], global: boolean) => {
    for (const e of elements) {
      if (isKeyframes(e)) keyframes.push(e);
      else if (e.type === 'decl') {
        const prop = String(e.props);
        const value = String(e.children);
        if (global && prop.startsWith('--')) definitions.set(prop, [...(definitions.get(prop) ?? []), value]);
        else values.push(value);
        if (/^(-\w+-)?animation(-name)?$/.test(prop)) animations.push(value);
      } else if (Array.isArray(e.children)) walk(e.children, global);
    }
  };
  walk(tree, true);
  walk(compile(used), false);

  // Every custom property the rules kept read, and those these read in turn; then the keyframes an animation of
  // theirs names (directly or through such a property), and what these keyframes read.
  const needed = new Set<string>();
  const reach = (queue: string[]) => {
    while (queue.length) {
      for (const [, name] of queue.pop()!.matchAll(VAR_REF)) {
        if (needed.has(name)) continue;
        needed.add(name);
        queue.push(...(definitions.get(name) ?? []));
        if (/animation/.test(name)) animations.push(...(definitions.get(name) ?? []));
      }
    }
  };
  reach([...values]);
  const words = new Set(animations.flatMap((a) => a.split(/[\s,]+/)));
  const keptKeyframes = new Set(keyframes.filter((k) => words.has(keyframesName(k))));
  reach([...keptKeyframes].map((k) => serialize([k], stringify)));

  const prune = (elements: Element[]): Element[] => elements.filter((e) => {
    if (isKeyframes(e)) return keptKeyframes.has(e);
    if (e.type === 'decl') return !String(e.props).startsWith('--') || needed.has(String(e.props));
    if (Array.isArray(e.children)) e.children = prune(e.children);
    return true;
  });
  return serialize(prune(tree), stringify);
}

/**
 * `element` as static HTML inside the product's provider, and the CSS it needs: the part of `globalCss` (the text of
 * chakra-global.css) it uses, then the rules Chakra generated for it.
 */
export function renderStatic(element: ReactElement, globalCss: string): { html: string; css: string } {
  const { html, css } = renderStaticPages([{ element }], globalCss);
  return { html: html[0]!, css };
}

/** A page to render: its element, and for a signed-in area's page its address and a store (shared-api's makeStore) with its data. */
export interface StaticPage {
  element: ReactElement;
  path?: string;
  store?: AppStore;
}

/** Several pages (variants of one page) as static HTML each, and the CSS they need together (as renderStatic). */
export function renderStaticPages(pages: StaticPage[], globalCss: string): { html: string[]; css: string } {
  const cache = createCache({ key: 'css' });
  const { extractCritical } = createEmotionServer(cache);
  const html = pages.map((page) => {
    let content = page.element;
    if (page.path) content = <MemoryRouter initialEntries={[page.path]}>{content}</MemoryRouter>;
    if (page.store) content = <StoreProvider value={page.store}>{content}</StoreProvider>;
    return renderToStaticMarkup(
      <CacheProvider value={cache}>
        <UiProvider>{content}</UiProvider>
      </CacheProvider>,
    );
  });
  const { css } = extractCritical(html.join(''));
  return { html, css: `${staticGlobalCss(globalCss, css)}${css}` };
}
