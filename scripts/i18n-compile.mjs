/**
 * Compiles the Lingui catalogs (lingui.config.ts) to `<area>/locales/{en,ne}.ts`, which the areas import: before every
 * build, type-check and unit-test run (the compiled files are not committed). `lingui compile` does the work; then the
 * English catalogs keep only the messages whose compiled form is not their id (those with placeholders or escapes):
 * a plain English text is its own id (shared-api/src/i18n.ts's `missing` handler), so the English chunk stays a few
 * hundred bytes; nor do they keep the messages that only ENGLISH_NEVER_READS lists (by the English .po's origins).
 * `--strict`: fail when a Nepali translation is missing (the `i18n` suite of `npm test`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const strict = process.argv.includes('--strict');
const cli = path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js');
const { code } = await run(process.execPath, [cli, 'compile', ...(strict ? ['--strict'] : [])], { capture: true });
if (code !== 0) {
  console.error('lingui compile failed');
  process.exit(code);
}
const PREFIX = 'export const messages=JSON.parse(';
// the catalogs of lingui.config.ts (their messages meet in one table at run time: a text translated two ways would
// read either way, depending on which area loaded last; --strict refuses that)
const AREAS = ['shared-api/src', 'shared-ui/src', 'shared-ui/src/back-office', 'shell/src', 'student-app/src', 'institute-app/src', 'admin-app/src'];
/**
 * Files whose messages are read in another language only: the templates of the texts the server builds with values
 * (shared-api/src/i18n.ts translateServerMessage shows the server's English text as it is). Their English compiled
 * forms would be 0.8 kB gz of main.js that nothing reads; a message some other file uses too is kept.
 */
const ENGLISH_NEVER_READS = new Set(['shared-api/src/server-templates.ts']);
/** The ids of an area's English .po whose every origin (`#:` lines) is in ENGLISH_NEVER_READS. */
function neverReadInEnglish(area) {
  const po = readFileSync(path.join(ROOT, area, 'locales/en.po'), 'utf8');
  const ids = new Set();
  for (const entry of po.split(/\n\s*\n/)) {
    const id = /^msgid ("(?:[^"\\]|\\.)*")$/m.exec(entry)?.[1];
    const origins = [...entry.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1].trim().split(/\s+/)).map((o) => o.replace(/:\d+$/, ''));
    if (id && origins.length && origins.every((o) => ENGLISH_NEVER_READS.has(o))) ids.add(JSON.parse(id));
  }
  return ids;
}
/** A compiled catalog: its text, where its messages' JSON sits in it, and the messages. */
function readCompiled(file) {
  const full = path.join(ROOT, file);
  if (!existsSync(full)) throw new Error(`${file}: not compiled (is its area still in lingui.config.ts?)`);
  const text = readFileSync(full, 'utf8');
  const start = text.indexOf(PREFIX);
  const end = text.lastIndexOf(')');
  if (start < 0 || end < start) throw new Error(`${file}: not the compiled form this script knows (lingui compile's output changed)`);
  return { full, text, start, end, messages: JSON.parse(JSON.parse(text.slice(start + PREFIX.length, end))) };
}
for (const area of AREAS) {
  const { full, text, start, end, messages } = readCompiled(`${area}/locales/en.ts`);
  // a plain text compiles to itself, or (Lingui 5) to a one-element array of itself
  const plain = (id, m) => (typeof m === 'string' && m === id) || (Array.isArray(m) && m.length === 1 && m[0] === id);
  const unread = neverReadInEnglish(area);
  const kept = Object.fromEntries(Object.entries(messages).filter(([id, m]) => !plain(id, m) && !unread.has(id)));
  writeFileSync(full, `${text.slice(0, start)}${PREFIX}${JSON.stringify(JSON.stringify(kept))})${text.slice(end + 1)}`);
}

if (strict) {
  const seen = new Map();
  const clashes = [];
  for (const area of AREAS) {
    const { messages } = readCompiled(`${area}/locales/ne.ts`);
    for (const [id, m] of Object.entries(messages)) {
      const prev = seen.get(id);
      if (prev && prev.m !== JSON.stringify(m)) clashes.push(`${id}: ${prev.area} and ${area} translate it differently`);
      else if (!prev) seen.set(id, { area, m: JSON.stringify(m) });
    }
  }
  if (clashes.length) {
    console.error(clashes.join('\n'));
    process.exit(1);
  }
}
