import { PLAN_ID, appLoader, prefetchPlan } from '../first-render';

const PLAN = { scripts: ['/main.1.js'], preload: ['/0.2.js', '/ui.3.css'] };

function page(plan: object | null = PLAN): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (plan) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = PLAN_ID;
    el.textContent = JSON.stringify(plan);
    doc.body.appendChild(el);
  }
  return doc;
}

const links = (doc: Document) =>
  [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => [l.getAttribute('href'), l.as, l.fetchPriority || '']);
const scripts = (doc: Document) => [...doc.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));

test("prefetchPlan asks for every file of the plan at low priority and runs none; appLoader then runs main.js", () => {
  const doc = page();
  prefetchPlan(doc);
  expect(links(doc)).toEqual([['/main.1.js', 'script', 'low'], ['/0.2.js', 'script', 'low'], ['/ui.3.css', 'style', 'low']]);
  expect(scripts(doc)).toEqual([]);
  const load = appLoader(doc);
  load();
  load();
  expect(scripts(doc)).toEqual(['/main.1.js']);
});

test('without a plan (development) neither adds anything', () => {
  const doc = page(null);
  prefetchPlan(doc);
  appLoader(doc)();
  expect(links(doc)).toEqual([]);
  expect(scripts(doc)).toEqual([]);
});
