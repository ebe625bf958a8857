/**
 * Webpack loader for Chakra's createSystem (styled-system/system.js): in the product's builds a system has no
 * global CSS to inject (`_global` is empty). That CSS (preflight, global styles, every token as a CSS variable,
 * ~40 ms of a phone's start to compute, plus the code that computes it) ships as a stylesheet made ahead
 * (shared-ui/src/chakra-global.css, checked against what Chakra itself injects by shared-ui/src/global-css.test.tsx,
 * which runs Chakra untouched) and added by shared-ui's globalStylesReady(). Fails the build if Chakra's code no
 * longer has the expected shape (check this after upgrading Chakra).
 */
module.exports = function chakraNoGlobal(source) {
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const field = '    _global,\n';
  if (!source.includes(eager) || !source.includes(field)) {
    throw new Error('chakra-lazy-global-loader: Chakra\'s createSystem has changed; update scripts/chakra-lazy-global-loader.cjs');
  }
  return source.replace(eager, '// shipped as a stylesheet (shared-ui/src/chakra-global.css)\n  const _global = [];');
};
