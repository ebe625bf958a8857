/**
 * @jest-environment node
 *
 * The exam list's first paint is the app's own page: for each case, the template the build makes (./render.tsx)
 * filled by ./paint.ts gives the same elements, attributes and texts as the app's render of the same answers, in
 * English and in Nepali. Rendered in Node as the build does (react-dom/server, @emotion/server); filled in a jsdom
 * window, as in the browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { ListedExam } from 'shared-api';
import { ACCESS_REASONS } from 'shared-api/access-reasons';
import { paintExamList } from './paint';
import { renderExamLists, renderFirstPaint, type ListCase } from './render';
import type { FirstPaintTemplate } from './template';

const globalCss = fs.readFileSync(path.join(__dirname, '../../../shared-ui/src/chakra-global.css'), 'utf8');
const dom = new JSDOM('<!doctype html><html><body></body></html>');
Object.assign(globalThis, { document: dom.window.document, NodeFilter: dom.window.NodeFilter });

let template: FirstPaintTemplate;
beforeAll(async () => {
  template = await renderFirstPaint(globalCss);
}, 60_000);
afterAll(() => {
  dom.window.close();
  Object.assign(globalThis, { document: undefined, NodeFilter: undefined });
});

const exam = (over: Partial<ListedExam>): ListedExam => ({
  _id: 'e1', title: 'EPS-TOPIK Mock Test 1', type: 'public', is_cbt: false, status: 1, category: null, exam: '',
  user: { _id: 'i1', name: 'Institute' }, question_count: 40, createdAt: '2026-11-20T05:00:00.000Z', play_limit: null,
  review_policy: 'answers', remaining: null, reason: null, running: null, downloadBytes: 3_400_000, ...over,
});

/** Elements with their attributes (sorted; the paint's own data-exam left out) and texts, one per line. */
function canonical(root: Element): string {
  const out: string[] = [];
  const walk = (node: Node, depth: number) => {
    if (node.nodeType === 3) {
      if (node.textContent) out.push(`${' '.repeat(depth)}"${node.textContent}"`);
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const attrs = Array.from(el.attributes).filter((a) => a.name !== 'data-exam').map((a) => `${a.name}=${a.value}`).sort();
    out.push(`${' '.repeat(depth)}<${el.tagName.toLowerCase()} ${attrs.join(' ')}>`);
    el.normalize();
    for (const child of Array.from(el.childNodes)) walk(child, depth + 1);
  };
  for (const child of Array.from(root.childNodes)) walk(child, 0);
  return out.join('\n');
}

function parse(html: string): Element {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

const running = (secondsLeft: number, reason: string | null = null) => ({ deadlineAt: '2026-11-29T06:00:00.000Z', secondsLeft, reason });

const CASES: Record<string, ListCase> = {
  'a verified student, one exam of each kind and every part or none': {
    verified: true,
    name: 'Demo Student',
    available: [
      exam({ _id: 'a1', is_cbt: true, category: { _id: 'c1', title: 'EPS-TOPIK General' }, remaining: 2 }),
      exam({ _id: 'a2', title: '한국어 모의고사 2', downloadBytes: 512, running: running(1_234) }),
      exam({ _id: 'a3', title: 'Listening <b>&amp; "quotes"</b>', downloadBytes: 820_000, remaining: 0 }),
    ],
    other: [
      exam({ _id: 'o1', reason: ACCESS_REASONS.noAttemptsLeft, running: running(600, ACCESS_REASONS.outsideTimeframe) }),
      exam({ _id: 'o2', is_cbt: true, category: { _id: 'c2', title: 'Practice' }, reason: ACCESS_REASONS.noAccess }),
    ],
  },
  'running attempts and figures in the language\'s digits, no server reason': {
    verified: true,
    name: 'Ram',
    available: [
      exam({ _id: 'r1', remaining: 3, downloadBytes: 1_234_567, running: running(2_999) }),
      exam({ _id: 'r2', is_cbt: true, remaining: 10, downloadBytes: 99_999, category: { _id: 'c3', title: 'Reading' } }),
    ],
    other: [exam({ _id: 'r3', running: running(60) })],
  },
  'a student with no institute and no exams': { verified: false, name: 'New', available: [], other: [] },
  'a student with no institute and an exam it cannot take': {
    verified: false, name: 'New Student', available: [], other: [exam({ _id: 'o4', reason: ACCESS_REASONS.noInstitute })],
  },
  'only other exams': { verified: true, name: 'Sita Kumari Sharma', available: [], other: [exam({ _id: 'o3', reason: ACCESS_REASONS.outsideTimeframe })] },
};

describe.each(['en', 'ne'] as const)('in %s', (lang) => {
  for (const [name, c] of Object.entries(CASES)) {
    it(`draws what the app draws: ${name}`, async () => {
      const painted = paintExamList(template, lang, { _id: 'u', created_by: c.verified ? 'x' : null, name: c.name }, c.available, c.other, Date.now());
      expect(painted).not.toBeNull();
      const { html } = await renderExamLists(lang, globalCss, [c]);
      expect(canonical(painted!)).toBe(canonical(parse(html[0]!)));
    });
  }
});

it('paints nothing for a reason that is not one of the access rules\' (the app shows it as the server wrote it)', () => {
  for (const lang of ['en', 'ne'] as const) {
    expect(paintExamList(template, lang, { _id: 'u', created_by: 'x' }, [], [exam({ reason: 'Something new' })], Date.now())).toBeNull();
  }
});

it('writes a title as text, never as markup', () => {
  const title = '<img src=x onerror="alert(1)">';
  const painted = paintExamList(template, 'en', { _id: 'u', created_by: 'x', name: '<b>n</b>' }, [exam({ title })], [], Date.now())!;
  expect(painted.querySelector('img')).toBeNull();
  expect(painted.querySelector('b')).toBeNull();
  expect(painted.querySelector('article h3')!.textContent).toBe(title);
});

it('holds every part it fills: nothing of the template is left', () => {
  const painted = paintExamList(template, 'en', { _id: 'u', created_by: 'x', name: 'A B' }, [exam({})], [exam({ reason: ACCESS_REASONS.noAccess })], Date.now())!;
  expect(painted.innerHTML).not.toMatch(/[\uE000\uE001]|987/);
});
