/**
 * The product's Chakra system, lean (Chakra's documented way: `createSystem` from `defaultBaseConfig` plus a config
 * that brings only what is used): the default theme's tokens, semantic tokens, styles, preflight and global CSS, and
 * only the recipes of the components shared-ui exports. `defaultConfig` would ship all ~80 recipes in the student's
 * first render.
 *
 * The recipes come from Chakra's public `@chakra-ui/react/theme` entry, one named import each (the package is free of
 * side effects, so the others are left out). The theme's tokens and styles are data kept in chakra-tokens.json:
 * taking them from that entry would keep its `defaultThemeConfig`, which holds every recipe. chakra-tokens.test.ts
 * checks the file against Chakra's public `defaultConfig` (`UPDATE_CHAKRA_TOKENS=1 npx jest chakra-tokens` rewrites
 * it after upgrading Chakra). The file keeps the palettes the product uses (gray, red, orange, green, teal, blue,
 * purple: every token is walked and turned into a CSS variable when the system is created, on the phone's main
 * thread) and, the product having one color mode, light, each semantic token's `_light` value only (with the `_dark`
 * ones Chakra builds every semantic color twice, and creating the system took ~20 % longer). A component added to chakra.ts needs its recipe added here, or it renders unstyled
 * (the lazy ones in ./overlays carry their own).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe, avatarSlotRecipe, badgeRecipe, buttonRecipe, fieldSlotRecipe, headingRecipe, iconRecipe, inputRecipe,
  linkRecipe, spinnerRecipe,
} from '@chakra-ui/react/theme';
import theme from './chakra-tokens.json';

const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif";

/**
 * Chakra's keyframes by name only: the system needs their names (the `animationName` values it accepts), their CSS
 * is in the stylesheet made ahead (chakra-global.css). global-css.test.tsx builds the stylesheet from a system with
 * the keyframes themselves (createSystemWithGlobalCss).
 */
export const KEYFRAME_NAMES: readonly string[] = theme.keyframeNames;
type Keyframes = Record<string, Record<string, unknown>>;
const namedKeyframes: Keyframes = Object.fromEntries(KEYFRAME_NAMES.map((name) => [name, {}]));

/**
 * Semantic colours the product darkens for WCAG 2.2 AA contrast (4.5:1 for text under 18.66 px bold / 24 px): Chakra's
 * light `fg.error` is red.500, 3.76:1 on white (a field's error message under its input); red.600 is 4.83:1.
 * `fg.warning` orange.600 (3.55:1) becomes orange.700 (5.2:1), `fg.success` green.600 (3.3:1) green.700 (5.0:1). Checked
 * by e2e/tests/a11y.spec.ts (axe-core on every screen).
 */
const palette = (name: string) => (theme.semanticTokens.colors as Record<string, Record<string, unknown>>)[name];
const CONTRAST = {
  // white text on a solid button or badge, also at its hover shade (the solid colour at 90 %): the 600 shades of
  // red (4.83:1; 4.30:1 hovered), blue (5.17:1; 4.32:1 hovered: the Login button under the mouse after a click),
  // green (3.3:1) and orange (3.6:1) miss 4.5:1, their 700 shades pass (blue.700 9.3:1, 7.3:1 hovered)
  red: { ...palette('red'), solid: { value: '{colors.red.700}' } },
  blue: { ...palette('blue'), solid: { value: '{colors.blue.700}' } },
  green: { ...palette('green'), solid: { value: '{colors.green.700}' } },
  orange: { ...palette('orange'), solid: { value: '{colors.orange.700}' } },
  fg: { ...(theme.semanticTokens.colors as Record<string, Record<string, unknown>>).fg, error: { value: '{colors.red.600}' },
    warning: { value: '{colors.orange.700}' }, success: { value: '{colors.green.700}' } },
};

/** What only the global stylesheet needs: the product's system runs without (its CSS is in chakra-global.css). */
interface GlobalParts { keyframes: Keyframes; globalCss: Record<string, unknown> }

const configWith = ({ keyframes, globalCss }: GlobalParts) => defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: globalCss as never,
  theme: {
    breakpoints: theme.breakpoints,
    keyframes: keyframes as never,
    tokens: {
      ...theme.tokens,
      fonts: { heading: { value: font }, body: { value: font }, mono: { value: 'SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace' } },
    },
    semanticTokens: { ...theme.semanticTokens, colors: { ...theme.semanticTokens.colors, ...CONTRAST } } as never,
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, icon: iconRecipe, input: inputRecipe,
      link: linkRecipe, spinner: spinnerRecipe,
      // separator and textarea: passed by ./overlays, fetched with them; code: passed by the profile screen
    },
    slotRecipes: {
      alert: alertSlotRecipe, avatar: avatarSlotRecipe, field: fieldSlotRecipe,
      // card, dialog, list, menu, native select, progress, switch, table, tabs and toast: passed to their Root by
      // ./overlays, fetched with them
    },
    textStyles: theme.textStyles as never,
    layerStyles: theme.layerStyles as never,
    animationStyles: theme.animationStyles as never,
  },
});

type System = ReturnType<typeof createSystem>;
const productConfigs = () => [defaultBaseConfig, configWith({ keyframes: namedKeyframes, globalCss: {} })] as const;

let built: System | undefined;
/**
 * The one Chakra system of the product, built on first use (walking every token: tens of ms on a phone; the shell
 * builds it ahead, in a task of its own, with buildSystem, shell/src/index.ts).
 */
export function getSystem(): System {
  built ??= createSystem(...productConfigs());
  return built;
}

/**
 * The same system with the parts of its global CSS (Chakra's keyframes and global styles): global-css.test.tsx
 * checks that the stylesheet is what Chakra injects for it.
 */
export function createSystemWithGlobalCss(parts: GlobalParts) {
  return createSystem(defaultBaseConfig, configWith(parts));
}

/** Builds the product's system now (what getSystem returns): the shell calls it in a task of its own before the UI kit. */
export function buildSystem(): void {
  getSystem();
}
