/**
 * scripts/chakra-lazy-global-loader.cjs, applied to Chakra's published createSystem module: the generator it adds
 * builds the same system as createSystem, in three parts. Run in a child Node process (Chakra's ESM build, patched
 * as webpack patches it, imported as is).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SYSTEM = path.join(ROOT, 'node_modules/@chakra-ui/react/dist/esm/styled-system/system.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require(path.join(ROOT, 'scripts/chakra-lazy-global-loader.cjs')) as (source: string) => string;

test('createSystemSteps pauses twice and returns the system Chakra\'s createSystem returns', () => {
  const patched = path.join(path.dirname(SYSTEM), `system.steps-test-${process.pid}.mjs`);
  fs.writeFileSync(patched, loader(fs.readFileSync(SYSTEM, 'utf8')));
  try {
    const script = `
      import { createSystem as driven, createSystemSteps } from ${JSON.stringify(patched)};
      import { createSystem } from ${JSON.stringify(SYSTEM)};
      import { defaultBaseConfig } from ${JSON.stringify(path.join(path.dirname(SYSTEM), '../preset-base.js'))};
      const config = {
        cssVarsPrefix: 'chakra',
        theme: {
          tokens: { colors: { blue: { 500: { value: '#3b82f6' } } }, spacing: { 4: { value: '1rem' } } },
          semanticTokens: { colors: { accent: { value: '{colors.blue.500}' } } },
          recipes: { chip: { base: { px: '4' }, variants: { tone: { accent: { color: 'accent' } } } } },
        },
      };
      const steps = createSystemSteps(defaultBaseConfig, config);
      let pauses = 0, step;
      while (!(step = steps.next()).done) pauses++;
      const a = step.value, b = createSystem(defaultBaseConfig, config), c = driven(defaultBaseConfig, config);
      const look = (s) => ({
        css: s.css({ px: '4', color: 'accent', _hover: { bg: 'blue.500' }, md: { p: 4 } }),
        recipe: s.cva(s.getRecipe('chip'))({ tone: 'accent' }),
        token: s.token('colors.blue.500'), variable: s.token.var('colors.accent'),
        vars: [...s.tokens.cssVarMap.get('base')], props: [...s.properties].length,
      });
      const same = (x, y) => JSON.stringify(look(x)) === JSON.stringify(look(y));
      console.log(JSON.stringify({ pauses, same: same(a, b), drivenSame: same(c, b), look: look(a), global: [a._global, c._global] }));
    `;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(out.pauses).toBe(2);
    expect(out.same).toBe(true); // the steps build what Chakra's own createSystem builds
    expect(out.drivenSame).toBe(true); // and so does the patched createSystem (the steps run in one go)
    expect(out.look.token).toBe('#3b82f6');
    expect(out.look.variable).toBe('var(--chakra-colors-accent)');
    expect(JSON.stringify(out.look.css)).toContain('var(--chakra-colors-accent)');
    expect(out.global).toEqual([[], []]); // the global CSS ships as a stylesheet made ahead
  } finally {
    fs.rmSync(patched, { force: true });
  }
});

test('the loader refuses a createSystem it does not recognise', () => {
  expect(() => loader('export function createSystem() {}')).toThrow(/createSystem has changed/);
});
