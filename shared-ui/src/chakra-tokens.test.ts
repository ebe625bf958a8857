/**
 * chakra-tokens.json is the part of Chakra's default theme the product's system uses (system.ts): tokens, semantic
 * tokens, breakpoints, text/layer/animation styles and the keyframes' names, with the palettes the product does not
 * use left out and the semantic tokens in light mode only. This checks it against Chakra's public `defaultConfig`;
 * `UPDATE_CHAKRA_TOKENS=1 npx jest chakra-tokens` rewrites it (after upgrading Chakra).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import theme from './chakra-tokens.json';

/** Palettes no screen uses. */
const UNUSED_PALETTES = ['yellow', 'cyan', 'pink'];

const withoutPalettes = <T extends object>(group: T): T =>
  Object.fromEntries(Object.entries(group).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T;

/** A semantic token's light value only (the product has one color mode). */
function lightOnly(tree: unknown): unknown {
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) return tree;
  if ('_light' in tree) return (tree as { _light: unknown })._light;
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, lightOnly(value)]));
}

/** What the product takes from Chakra's default theme, from Chakra's public configuration. */
function fromChakra() {
  const t = defaultConfig.theme!;
  // fonts: the product's own (system.ts); the order of the groups is kept (it is the order of the CSS variables)
  const tokens = Object.fromEntries(Object.entries(t.tokens as Record<string, object>)
    .filter(([group]) => group !== 'fonts')
    .map(([group, value]) => [group, group === 'colors' ? withoutPalettes(value) : value]));
  const semantic = t.semanticTokens as Record<string, object>;
  return {
    breakpoints: t.breakpoints,
    keyframeNames: Object.keys(t.keyframes ?? {}),
    tokens,
    semanticTokens: {
      colors: lightOnly(withoutPalettes(semantic.colors)),
      shadows: lightOnly(semantic.shadows),
      radii: semantic.radii,
    },
    textStyles: t.textStyles,
    layerStyles: t.layerStyles,
    animationStyles: t.animationStyles,
  };
}

test('chakra-tokens.json is Chakra\'s default theme (the parts the product uses)', () => {
  const expected = JSON.parse(JSON.stringify(fromChakra()));
  if (process.env.UPDATE_CHAKRA_TOKENS) {
    fs.writeFileSync(path.join(__dirname, 'chakra-tokens.json'), `${JSON.stringify(expected, null, 2)}\n`);
    return;
  }
  expect(theme).toEqual(expected);
  expect(JSON.stringify(theme)).toBe(JSON.stringify(expected)); // in the same order too
  expect(Object.keys(theme.tokens.colors)).not.toContain('yellow');
  expect(JSON.stringify(theme.semanticTokens)).not.toContain('_dark');
});
