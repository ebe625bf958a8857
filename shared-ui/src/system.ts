/**
 * The product's Chakra system, lean: Chakra's base config (conditions, utilities) plus the default theme's
 * tokens, semantic tokens, styles, preflight and global CSS, and only the recipes of the components shared-ui
 * exports. `defaultConfig` (or `@chakra-ui/react/theme`) would ship all ~80 recipes in the student's first render.
 *
 * The theme parts come file by file from Chakra's dist through the `chakra-theme-dist` alias (webpack.common.ts,
 * tsconfig.base.json, jest.config.ts): not Chakra's public API, so check these paths when upgrading Chakra.
 * A component added to chakra.ts needs its recipe added here, or it renders unstyled (the lazy ones in ./overlays
 * carry their own).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import * as chakraSystemModule from 'chakra-styled-system-dist/system.js';
import { breakpoints } from 'chakra-theme-dist/breakpoints.js';
import { globalCss } from 'chakra-theme-dist/global-css.js';
import { layerStyles } from 'chakra-theme-dist/layer-styles.js';
import { animationStyles } from 'chakra-theme-dist/motion-styles.js';
import { textStyles } from 'chakra-theme-dist/text-styles.js';
import { semanticColors } from 'chakra-theme-dist/semantic-tokens/colors.js';
import { semanticRadii } from 'chakra-theme-dist/semantic-tokens/radii.js';
import { semanticShadows } from 'chakra-theme-dist/semantic-tokens/shadows.js';
import { animations } from 'chakra-theme-dist/tokens/animations.js';
import { aspectRatios } from 'chakra-theme-dist/tokens/aspect-ratios.js';
import { blurs } from 'chakra-theme-dist/tokens/blurs.js';
import { borders } from 'chakra-theme-dist/tokens/borders.js';
import { colors } from 'chakra-theme-dist/tokens/colors.js';
import { cursor } from 'chakra-theme-dist/tokens/cursor.js';
import { durations } from 'chakra-theme-dist/tokens/durations.js';
import { easings } from 'chakra-theme-dist/tokens/easings.js';
import { fontSizes } from 'chakra-theme-dist/tokens/font-sizes.js';
import { fontWeights } from 'chakra-theme-dist/tokens/font-weights.js';
import { letterSpacings } from 'chakra-theme-dist/tokens/letter-spacing.js';
import { lineHeights } from 'chakra-theme-dist/tokens/line-heights.js';
import { radii } from 'chakra-theme-dist/tokens/radius.js';
import { sizes } from 'chakra-theme-dist/tokens/sizes.js';
import { spacing } from 'chakra-theme-dist/tokens/spacing.js';
import { zIndices } from 'chakra-theme-dist/tokens/z-indices.js';
import { badgeRecipe } from 'chakra-theme-dist/recipes/badge.js';
import { buttonRecipe } from 'chakra-theme-dist/recipes/button.js';
import { codeRecipe } from 'chakra-theme-dist/recipes/code.js';
import { headingRecipe } from 'chakra-theme-dist/recipes/heading.js';
import { iconRecipe } from 'chakra-theme-dist/recipes/icon.js';
import { inputRecipe } from 'chakra-theme-dist/recipes/input.js';
import { linkRecipe } from 'chakra-theme-dist/recipes/link.js';
import { separatorRecipe } from 'chakra-theme-dist/recipes/separator.js';
import { spinnerRecipe } from 'chakra-theme-dist/recipes/spinner.js';
import { alertSlotRecipe } from 'chakra-theme-dist/recipes/alert.js';
import { avatarSlotRecipe } from 'chakra-theme-dist/recipes/avatar.js';
import { fieldSlotRecipe } from 'chakra-theme-dist/recipes/field.js';
import { listSlotRecipe } from 'chakra-theme-dist/recipes/list.js';

/**
 * The palettes the product uses (gray, red, orange, green, teal, blue, purple): yellow, cyan and pink are left out.
 * Every token is walked and turned into a CSS variable when the system is created, on the phone's main thread.
 */
const { yellow: _y, cyan: _c, pink: _p, ...paletteColors } = colors;
const { yellow: _sy, cyan: _sc, pink: _sp, ...paletteSemanticColorsBothModes } = semanticColors;

/**
 * The product has one color mode, light: semantic tokens keep their `_light` value only. With the `_dark` ones
 * Chakra builds every semantic color twice (a `.dark` block in the stylesheet that no page ever matches), and
 * creating the system took ~20 % longer on the phone's main thread.
 */
function lightOnly<T>(tree: T): T {
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) return tree;
  if ('_light' in tree) return (tree as { _light: T })._light;
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, lightOnly(value)])) as T;
}
const paletteSemanticColors = lightOnly(paletteSemanticColorsBothModes);
const lightShadows = lightOnly(semanticShadows);

const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif";

/**
 * Chakra's keyframes by name only: the system needs their names (the `animationName` values it accepts), their CSS
 * is in the stylesheet made ahead (chakra-global.css). global-css.test.tsx checks this list against Chakra's
 * keyframes and builds the stylesheet from a system with the keyframes themselves (createSystemWith).
 */
export const KEYFRAME_NAMES = [
  'spin', 'pulse', 'ping', 'bounce', 'bg-position', 'position', 'circular-progress', 'expand-height', 'collapse-height',
  'expand-width', 'collapse-width', 'fade-in', 'fade-out', 'slide-from-left-full', 'slide-from-right-full',
  'slide-from-top-full', 'slide-from-bottom-full', 'slide-to-left-full', 'slide-to-right-full', 'slide-to-top-full',
  'slide-to-bottom-full', 'slide-from-top', 'slide-from-bottom', 'slide-from-left', 'slide-from-right', 'slide-to-top',
  'slide-to-bottom', 'slide-to-left', 'slide-to-right', 'scale-in', 'scale-out', 'marqueeX', 'marqueeY',
] as const;
type Keyframes = Record<string, Record<string, unknown>>;
const namedKeyframes: Keyframes = Object.fromEntries(KEYFRAME_NAMES.map((name) => [name, {}]));

/** What only the global stylesheet needs: the product's system runs without (its CSS is in chakra-global.css). */
interface GlobalParts { keyframes: Keyframes; globalCss: typeof globalCss }

const configWith = ({ keyframes, globalCss }: GlobalParts) => defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes: keyframes as never,
    tokens: {
      aspectRatios, animations, blurs, borders, colors: paletteColors, durations, easings, fontSizes, fontWeights,
      letterSpacings, lineHeights, radii, spacing, sizes, zIndex: zIndices, cursor,
      fonts: { heading: { value: font }, body: { value: font }, mono: { value: 'SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace' } },
    },
    semanticTokens: { colors: paletteSemanticColors, shadows: lightShadows, radii: semanticRadii },
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, code: codeRecipe, heading: headingRecipe, icon: iconRecipe,
      input: inputRecipe, link: linkRecipe, separator: separatorRecipe, spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe, avatar: avatarSlotRecipe, field: fieldSlotRecipe,
      list: listSlotRecipe,
      // card, dialog, menu, native select, progress, switch, table, tabs, textarea and toast: passed to their Root by
      // ./overlays, fetched with them
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

type System = ReturnType<typeof createSystem>;
const productConfigs = () => [defaultBaseConfig, configWith({ keyframes: namedKeyframes, globalCss: {} })] as const;

let built: System | undefined;
/**
 * The one Chakra system of the product, built on first use (walking every token: tens of ms on a phone; the shell
 * builds it ahead, in steps, with buildSystemInSteps, shell/src/index.ts).
 */
export function getSystem(): System {
  built ??= createSystem(...productConfigs());
  return built;
}

/**
 * createSystem as a generator that pauses after merging the configs and after building the token dictionary: added
 * to Chakra's module by the production and development builds (scripts/chakra-lazy-global-loader.cjs), absent in
 * jest (Chakra's module as published).
 */
type SystemSteps = (...configs: Parameters<typeof createSystem>) => Generator<void, System, void>;
const createSystemSteps = (chakraSystemModule as unknown as { createSystemSteps?: SystemSteps }).createSystemSteps;

/**
 * Builds the product's system (what getSystem returns) in three parts, calling `pause` between them (the shell
 * passes "next task"), so no single task of a phone's start does all of it. Without createSystemSteps, in one go.
 */
export async function buildSystemInSteps(pause: () => Promise<void>): Promise<System> {
  if (built || !createSystemSteps) return getSystem();
  const steps = createSystemSteps(...productConfigs());
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      built ??= step.value;
      return built;
    }
    await pause();
    if (built) return built; // built meanwhile by a getSystem() call
  }
}

/**
 * The same system with the parts of its global CSS (Chakra's keyframes and global styles): global-css.test.tsx
 * checks that the stylesheet is what Chakra injects for it.
 */
export function createSystemWithGlobalCss(keyframes: Keyframes) {
  return createSystem(defaultBaseConfig, configWith({ keyframes, globalCss }));
}
