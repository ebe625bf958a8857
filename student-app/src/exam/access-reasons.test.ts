/** The reasons listed for translation are the server's own, word for word (a changed wording would show untranslated). */
import fs from 'node:fs';
import path from 'node:path';
import { i18n, setLanguage } from 'shared-api';
import '../catalog';
import { ACCESS_REASONS, reasonText } from './access-reasons';

const rules = fs.readFileSync(path.join(__dirname, '../../../server/src/access/rules.ts'), 'utf8');
const block = /export const REASONS = \{([\s\S]*?)\} as const;/.exec(rules)?.[1] ?? '';
const serverReasons = [...block.matchAll(/^\s*\w+:\s*(['"])(.*)\1,?\s*$/gm)].map((m) => m[2]!.replace(/\\'/g, "'"));

afterEach(() => setLanguage('en'));

test('every reason the server gives is listed, and nothing else', () => {
  expect(serverReasons.length).toBeGreaterThanOrEqual(5);
  expect([...ACCESS_REASONS].sort()).toEqual([...serverReasons].sort());
});

test('in Nepali each reason reads in Nepali; one the client does not know stays as the server wrote it', async () => {
  await setLanguage('ne');
  for (const r of ACCESS_REASONS) {
    expect(reasonText(r)).toMatch(/[\u0900-\u097F]/);
    expect(i18n._(r)).toBe(reasonText(r));
  }
  expect(reasonText('Some new reason')).toBe('Some new reason');
});
