/** Every text the server writes itself into `{ error }` is listed for translation (issue 25). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MESSAGES } from '../server-messages';

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir)) {
    const full = path.join(dir, e);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (full.endsWith('.ts')) yield full;
  }
}

test('each literal HttpError text of server/src is in SERVER_MESSAGES', () => {
  const found = new Set<string>();
  for (const file of sources(path.join(__dirname, '..', '..', '..', 'server', 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/HttpError\(\d{3}, '((?:[^'\\]|\\.)*)'\)/g)) found.add(m[1]!.replace(/\\'/g, "'").trim());
  }
  expect(found.size).toBeGreaterThan(20);
  const missing = [...found].filter((m) => !SERVER_MESSAGES.includes(m));
  expect(missing).toEqual([]);
});
