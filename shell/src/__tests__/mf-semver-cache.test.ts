/**
 * scripts/mf-semver-cache-loader.cjs, applied to Module Federation's published semver helpers: the version checks give
 * the same answers with each pattern compiled once. Run in a child Node process (the ESM build, patched as webpack
 * patches it, imported as is).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SEMVER = path.join(ROOT, 'node_modules/@module-federation/runtime-core/dist/utils/semver');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require(path.join(ROOT, 'scripts/mf-semver-cache-loader.cjs')) as (source: string) => string;

test('the shared modules\' version checks answer as before, compiling each pattern once', () => {
  const dir = fs.mkdtempSync(path.join(path.dirname(SEMVER), 'semver-test-'));
  try {
    for (const f of fs.readdirSync(SEMVER).filter((n) => n.endsWith('.js'))) fs.copyFileSync(path.join(SEMVER, f), path.join(dir, f));
    fs.writeFileSync(path.join(dir, 'utils.js'), loader(fs.readFileSync(path.join(SEMVER, 'utils.js'), 'utf8')));
    const cases = [
      ['19.3.1', '19.3.1'], ['19.3.1', '^19.0.0'], ['18.2.0', '^19.0.0'], ['1.0.0', '1.0.0'], ['1.0.1', '~1.0.0'],
      ['1.1.0', '~1.0.0'], ['2.0.0-beta.1', '>=2.0.0-alpha <3'], ['3.0.0', '1.x || >=2.5.0'], ['0.9.0', '1 - 2'], ['1.5.0', '1 - 2'],
    ];
    const script = `
      import * as original from ${JSON.stringify(path.join(SEMVER, 'index.js'))};
      import * as cached from ${JSON.stringify(path.join(dir, 'index.js'))};
      const cases = ${JSON.stringify(cases)};
      const answers = (m) => [...cases, ...cases].map(([v, r]) => m.satisfy(v, r));
      const RealRegExp = globalThis.RegExp;
      let compiled = 0;
      globalThis.RegExp = new Proxy(RealRegExp, { construct(t, args) { compiled++; return Reflect.construct(t, args); } });
      const a = answers(cached);
      const compiledCached = compiled; compiled = 0;
      const b = answers(original);
      console.log(JSON.stringify({ a, b, compiledCached, compiledOriginal: compiled }));
    `;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(out.a).toEqual(out.b);
    expect(out.a.slice(0, cases.length)).toEqual([true, true, false, true, true, false, true, true, false, true]);
    expect(out.compiledOriginal).toBeGreaterThan(50); // every check compiles its patterns again
    expect(out.compiledCached).toBeLessThan(15); // once per pattern
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the loader refuses helpers it does not recognise', () => {
  expect(() => loader('export function parseRegex(s) { return s; }')).toThrow(/parseRegex has changed/);
});
