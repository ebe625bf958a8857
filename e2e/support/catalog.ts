/** The Nepali of an English text, read from an area's catalog (`<area>/locales/ne.po`): tests follow the translations. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const AREAS = {
  'shared-api': 'shared-api/src', 'shared-ui': 'shared-ui/src', 'back-office': 'shared-ui/src/back-office', shell: 'shell/src',
  'student-app': 'student-app/src', 'institute-app': 'institute-app/src', 'admin-app': 'admin-app/src',
} as const;
const cache = new Map<string, Map<string, string>>();

/** A .po string's value: the quoted pieces joined, escapes undone. */
const unquote = (lines: string[]) => lines.map((l) => JSON.parse(l.trim())).join('');

function catalog(area: keyof typeof AREAS): Map<string, string> {
  let map = cache.get(area);
  if (map) return map;
  map = new Map();
  const text = readFileSync(path.join(ROOT, AREAS[area], 'locales', 'ne.po'), 'utf8');
  for (const entry of text.split(/\n\s*\n/)) {
    const m = /^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/m.exec(entry);
    if (!m) continue;
    const id = unquote(m[1]!.trim().split('\n'));
    const str = unquote(m[2]!.trim().split('\n'));
    if (id) map.set(id, str);
  }
  cache.set(area, map);
  return map;
}

export function ne(area: keyof typeof AREAS, english: string): string {
  const t = catalog(area).get(english);
  if (!t) throw new Error(`no Nepali for "${english}" in ${area}'s catalog`);
  return t;
}
