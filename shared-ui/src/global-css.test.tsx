/**
 * The Chakra system's global CSS (the layer order, preflight, global styles, every token as a CSS variable) is
 * shipped as a stylesheet made at development time (chakra-global.css) instead of being computed and run through
 * emotion on the phone at every start (provider.tsx). This test renders Chakra's own provider with the product's
 * system and checks that the file is exactly what it injects; `UPDATE_GLOBAL_CSS=1 npx jest global-css` rewrites it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ChakraProvider, defaultConfig } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { UiProvider } from './provider';
import { KEYFRAME_NAMES, createSystemWithGlobalCss } from './system';

// Chakra's keyframes and global styles, from its public default configuration.
const keyframes = defaultConfig.theme?.keyframes as Record<string, Record<string, unknown>>;
const globalCss = defaultConfig.globalCss as Record<string, unknown>;

/** The rules emotion hands the browser (it inserts them one by one with insertRule), in order. */
function injected(ui: React.ReactElement): string {
  const rules: string[] = [];
  const insertRule = jest.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation((rule: string) => {
    rules.push(rule);
    return 0;
  });
  try {
    render(ui).unmount();
  } finally {
    insertRule.mockRestore();
  }
  return rules.join('\n');
}
const injectedByChakra = () => injected(<ChakraProvider value={createSystemWithGlobalCss({ keyframes, globalCss })}>{null}</ChakraProvider>);

describe('global CSS', () => {
  it('the system knows every keyframe of Chakra by name (their CSS is in the stylesheet)', () => {
    expect([...KEYFRAME_NAMES]).toEqual(Object.keys(keyframes));
  });

  it('the shipped string is what Chakra injects for this system', () => {
    const css = injectedByChakra();
    expect(css.length).toBeGreaterThan(10_000);
    expect(css).toContain('--chakra-colors-blue-500');
    const file = path.join(__dirname, 'chakra-global.css');
    if (process.env.UPDATE_GLOBAL_CSS) fs.writeFileSync(file, `${css}\n`);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${css}\n`);
  });

  it('the product\'s provider injects none of it (the stylesheet has it)', () => {
    const css = injected(<UiProvider>{null}</UiProvider>);
    expect(css).not.toContain('--chakra-colors-blue-500');
    expect(css).not.toMatch(/@layer reset\s*\{/); // the preflight (the layer order alone is Chakra's own, apart)
  });
});
