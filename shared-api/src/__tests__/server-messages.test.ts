/**
 * Every text the server writes itself into `{ error }` (or sends as a reason or note) is listed for translation
 * (issue 25): fixed texts in SERVER_MESSAGES, those built with values in SERVER_TEMPLATES.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MESSAGES } from '../server-messages';
import { SERVER_TEMPLATES, matchServerTemplate } from '../server-templates';

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir)) {
    const full = path.join(dir, e);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (full.endsWith('.ts')) yield full;
  }
}

const SERVER = path.join(__dirname, '..', '..', '..', 'server', 'src');
// and the access rules' reasons, which the server takes from shared-api (./access-reasons.ts)
const files = [...sources(SERVER), path.join(__dirname, '..', 'access-reasons.ts')]
  .map((f) => ({ file: path.relative(SERVER, f), text: readFileSync(f, 'utf8') }));
const unquote = (s: string) => s.replace(/\\(.)/g, '$1').trim();
const STRING = String.raw`(['"])((?:(?!\1)[^\\]|\\.)*)\1`;

test('each literal text of server/src (HttpError, httpError, message constants, reasons, sent errors) is in SERVER_MESSAGES', () => {
  const found = new Map<string, string>();
  for (const { file, text } of files) {
    const add = (m: string) => found.set(unquote(m), file);
    for (const m of text.matchAll(new RegExp(String.raw`[Hh]ttpError\(\d{3}, ${STRING}`, 'g'))) add(m[2]!);
    for (const m of text.matchAll(new RegExp(String.raw`send\(\{ error: ${STRING}`, 'g'))) add(m[2]!);
    // exported message constants: 'Your account is disabled. ...', and objects of them (EXAM_MSG, REASONS, ...)
    for (const m of text.matchAll(new RegExp(String.raw`export const [A-Z_]+ = ${STRING}`, 'g'))) if (/^[A-Z]\S* /.test(m[2]!)) add(m[2]!);
    for (const m of text.matchAll(/export const \w*(?:MSG|REASONS)\w* = \{([\s\S]*?)\}/g)) {
      for (const v of m[1]!.matchAll(new RegExp(String.raw`:\s*${STRING}`, 'g'))) add(v[2]!);
    }
    for (const m of text.matchAll(new RegExp(String.raw`new TransferError\(${STRING}\)`, 'g'))) add(m[2]!);
    for (const m of text.matchAll(new RegExp(String.raw`badBody: ${STRING}`, 'g'))) add(m[2]!);
  }
  expect(found.size).toBeGreaterThan(60);
  for (const m of ['Your account is disabled. Contact your institute.', 'Exam Not Found', 'You have no attempts left for this exam.', 'timed out']) {
    expect(found.has(m)).toBe(true);
  }
  const missing = [...found].filter(([m]) => !SERVER_MESSAGES.includes(m)).map(([m, file]) => `${file}: ${m}`);
  expect(missing).toEqual([]);
});

/** A template literal's text with each `${...}` as a wildcard: the texts it can build. */
function shape(literal: string): RegExp {
  const parts = literal.split(/\$\{[^}]*\}/).map((p) => unquote(p).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 's');
}

test('each text the server builds with values (HttpError templates, throttle messages, publish problems) is covered', () => {
  const built: { file: string; literal: string }[] = [];
  for (const { file, text } of files) {
    for (const m of text.matchAll(/[Hh]ttpError\(\d{3}, `((?:[^`\\]|\\.)*)`/g)) built.push({ file, literal: m[1]! });
    for (const m of text.matchAll(/function \w*Message\([^)]*\)[^{]*\{\s*return `((?:[^`\\]|\\.)*)`/g)) built.push({ file, literal: m[1]! });
    for (const m of text.matchAll(/return `(Not Ready To Publish:(?:[^`\\]|\\.)*)`/g)) built.push({ file, literal: m[1]! });
    for (const m of text.matchAll(/new TransferError\(`((?:[^`\\]|\\.)*)`\)/g)) built.push({ file, literal: m[1]! });
  }
  expect(built.length).toBeGreaterThan(8);
  const covered = [...SERVER_MESSAGES, ...SERVER_TEMPLATES];
  const missing = built.filter((b) => !covered.some((c) => shape(b.literal).test(c))).map((b) => `${b.file}: ${b.literal}`);
  expect(missing).toEqual([]);
});

test('a template matches the texts built from it and no other', () => {
  expect(matchServerTemplate('CSV cannot have more than 1000 rows')?.values).toEqual({ count: { kind: 'number', value: '1000' } });
  expect(matchServerTemplate('CSV cannot have more than many rows')).toBeNull();
  expect(matchServerTemplate('Not Ready To Publish: question 12: Option 1 cannot be empty.')?.values).toEqual({
    number: { kind: 'number', value: '12' }, problem: { kind: 'text', value: 'Option 1 cannot be empty.' },
  });
  expect(matchServerTemplate('Exam Not Found')).toBeNull();
  // every template matches a text built from it
  for (const t of SERVER_TEMPLATES) {
    const text = t.replace(/\{numbers\}/g, '1, 2').replace(/\{(\w+)\}/g, (_, n: string) => (/detail|problem|reason/.test(n) ? 'some words' : '7'));
    expect(matchServerTemplate(text)?.id).toBe(t);
  }
});
