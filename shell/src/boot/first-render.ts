/**
 * The first render's files, as the production build wrote them into the page (webpack.common.ts
 * PreloadFirstRenderPlugin: `<script type="application/json" id="eps-first-render">`): main.js, plus hints for the
 * chunks it will ask for and the UI kit's stylesheet, all downloading in parallel.
 */
export interface FirstRenderPlan { scripts: string[]; preload: string[] }

export const PLAN_ID = 'eps-first-render';

/** A loader of the plan's files that adds them to the document once, on its first call (none without a plan). */
export function appLoader(doc: Document = document): () => void {
  let loaded = false;
  return () => {
    const plan = doc.getElementById(PLAN_ID);
    if (loaded || !plan) return;
    loaded = true;
    const files = JSON.parse(plan.textContent ?? '') as FirstRenderPlan;
    for (const src of files.scripts) {
      const script = doc.createElement('script');
      script.src = src;
      script.async = false;
      script.fetchPriority = 'high'; // first: it asks for the rest
      doc.head.appendChild(script);
    }
    for (const href of files.preload) preloadLink(doc, href, /\.css$/.test(href) ? 'style' : 'script');
  };
}

/** `<link rel="preload">` for one file. */
export function preloadLink(doc: Document, href: string, as: 'script' | 'style' = 'script') {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  doc.head.appendChild(link);
}
