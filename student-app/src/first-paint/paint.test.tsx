/**
 * @jest-environment node
 *
 * The exam list's first paint is the app's own page: for lists drawn by fast-check from every field of a listed exam
 * (a fixed seed, then the seeds that once failed; BATCH x BATCHES cases each, in English and in Nepali), the template
 * the build makes (./render.tsx) filled by ./paint.ts gives the same elements, attributes and texts (so the same
 * headings, buttons, labels and words) as the app's render of the same answers, or nothing at all. Rendered in Node as the build does (react-dom/server, @emotion/server); filled in a jsdom
 * window, as in the browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { FAILED_SEEDS } from '../../../jest/property-runs';
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

/** A text an author or a student wrote: ASCII, Hangul, Devanagari, markup characters, spaces, emoji. */
const text = (maxLength = 30) => fc.string({
  maxLength,
  unit: fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 6 },
    fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x0900, max: 0x097f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('<', '>', '&', '"', "'", ' ', '\u00a0', '\t', 'é', '😀', '987', '.6 MB', '&amp;'),
  ),
});
/** A server's reason: none, one of the access rules', or another text (which the paint leaves to the app). */
const reason = fc.oneof(
  { arbitrary: fc.constant(null), weight: 4 },
  { arbitrary: fc.constant(''), weight: 1 },
  { arbitrary: fc.constantFrom(...Object.values(ACCESS_REASONS)), weight: 4 },
  { arbitrary: text(), weight: 1 },
);
const iso = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
const count = fc.oneof(fc.nat(12), fc.nat(2_000_000_000));

/** Every field of a listed exam (shared-api's ListedExam), each drawn from what it may hold. */
const listedExam: fc.Arbitrary<ListedExam> = fc.record({
  _id: fc.string({ minLength: 1, maxLength: 12 }),
  title: fc.oneof(text(), fc.constantFrom('EPS-TOPIK Mock Test 1', '한국어 모의고사 2', 'Listening <b>&amp; "quotes"</b>')),
  type: fc.constantFrom('private', 'public', 'free_for_all'),
  is_cbt: fc.boolean(),
  status: fc.constantFrom(0, 1),
  category: fc.option(fc.record({ _id: fc.string({ maxLength: 8 }), title: fc.oneof(fc.constant(''), text()) }), { nil: null }),
  exam: fc.string({ maxLength: 8 }),
  user: fc.record({ _id: fc.string({ maxLength: 8 }), name: text() }),
  question_count: count,
  createdAt: iso,
  play_limit: fc.option(fc.nat(9), { nil: null }),
  review_policy: fc.constantFrom('score', 'marks', 'answers'),
  remaining: fc.option(count, { nil: null }),
  reason,
  running: fc.oneof(fc.constant(null), fc.constant(undefined), fc.record({ deadlineAt: iso, secondsLeft: fc.oneof(fc.nat(7_200), fc.nat(100_000_000)), reason })),
  downloadBytes: fc.oneof(fc.nat(2_000), fc.nat(5_000_000), fc.nat(Number.MAX_SAFE_INTEGER)),
}, { requiredKeys: ['_id', 'title', 'type', 'is_cbt', 'status', 'category', 'exam', 'user', 'question_count', 'createdAt', 'play_limit', 'review_policy', 'remaining', 'reason', 'downloadBytes'] });

const exams = fc.uniqueArray(listedExam, { maxLength: 4, selector: (e) => e._id });
const listCase: fc.Arbitrary<ListCase> = fc.record({ verified: fc.boolean(), name: text(40), available: exams, other: exams });

/** The fixed seed, then every seed that once failed (jest/property-runs.ts). */
const SEEDS = [...new Set([20261201, ...FAILED_SEEDS.firstPaint])];
/** Cases per seed: BATCHES runs of BATCH cases (rendered together, as the build renders its pages), per language. */
const BATCH = 12;
const BATCHES = 20;

/** A reason the paint has no translation of (the app shows the server's text): it paints nothing. */
const unknownReason = (c: ListCase) => [...c.available, ...c.other].some((e) => [e.reason, e.running?.reason]
  .some((r) => !!r && !(Object.values(ACCESS_REASONS) as string[]).includes(r)));

describe.each(['en', 'ne'] as const)('in %s, for generated lists (fast-check)', (lang) => {
  const now = Date.parse('2026-11-29T05:00:00.000Z');
  beforeEach(() => { jest.spyOn(Date, 'now').mockReturnValue(now); });
  afterEach(() => jest.restoreAllMocks());

  it.each(SEEDS)('the paint draws what the app draws, or nothing (seed %d)', async (seed) => {
    await fc.assert(fc.asyncProperty(fc.array(listCase, { minLength: BATCH, maxLength: BATCH }), async (cases) => {
      const { html } = await renderExamLists(lang, globalCss, cases);
      cases.forEach((c, i) => {
        const user = { _id: 'u', created_by: c.verified ? 'x' : null, name: c.name };
        const painted = paintExamList(template, lang, user, c.available, c.other, now);
        if (unknownReason(c)) expect(painted).toBeNull();
        else expect(painted && canonical(painted)).toBe(canonical(parse(html[i]!)));
      });
    }), { seed, numRuns: BATCHES, examples: [[[FULL_CASE]]] });
  }, 240_000);
});

/** Every part of the card at once (the build's template case), as a first example. */
const FULL_CASE: ListCase = {
  verified: true,
  name: 'Demo Student',
  available: [exam({ _id: 'a1', is_cbt: true, category: { _id: 'c1', title: 'EPS-TOPIK General' }, remaining: 2, running: { deadlineAt: '2026-11-29T06:00:00.000Z', secondsLeft: 1_234, reason: ACCESS_REASONS.noAccess } })],
  other: [exam({ _id: 'o1', reason: ACCESS_REASONS.noAttemptsLeft, running: { deadlineAt: '2026-11-29T06:00:00.000Z', secondsLeft: 600, reason: ACCESS_REASONS.outsideTimeframe } })],
};

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
