/**
 * The first render's files, as the production build wrote them into the page (webpack.common.ts
 * PreloadFirstRenderPlugin: `<script type="application/json" id="eps-first-render">`): main.js, plus hints for the
 * chunks it will ask for and the UI kit's stylesheet, all downloading in parallel.
 */
export interface FirstRenderPlan { scripts: string[]; preload: string[] }

export const PLAN_ID = 'eps-first-render';

/** The plan the build wrote into the page (null in development: no plan). */
function readPlan(doc: Document): FirstRenderPlan | null {
  const plan = doc.getElementById(PLAN_ID);
  return plan ? (JSON.parse(plan.textContent ?? '') as FirstRenderPlan) : null;
}

/**
 * The plan's files asked for now at low priority, run later by appLoader: while the student area paints the exam list
 * without the app, the app's files travel (on a slow link main.js alone takes about a second), behind the list's own
 * requests.
 */
export function prefetchPlan(doc: Document = document) {
  const files = readPlan(doc);
  if (!files) return;
  for (const href of files.scripts) preloadLink(doc, href, 'script', 'low');
  for (const href of files.preload) preloadLink(doc, href, /\.css$/.test(href) ? 'style' : 'script', 'low');
}

/** A loader of the plan's files that adds them to the document once, on its first call (none without a plan). */
export function appLoader(doc: Document = document): () => void {
  let loaded = false;
  return () => {
    if (loaded) return;
    const files = readPlan(doc);
    if (!files) return;
    loaded = true;
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
export function preloadLink(doc: Document, href: string, as: 'script' | 'style' = 'script', priority?: 'low') {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  if (priority) link.fetchPriority = priority;
  doc.head.appendChild(link);
}
