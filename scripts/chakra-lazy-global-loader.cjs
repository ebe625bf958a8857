/**
 * Webpack loader for Chakra's createSystem (styled-system/system.js): its global CSS (preflight, global styles,
 * every token as a CSS variable, ~40 ms of a phone's start) is computed only if something reads `system._global`.
 * The product ships that CSS as a stylesheet made ahead (shared-ui/src/chakra-global.css, checked by
 * shared-ui/src/global-css.test.tsx) and gives Chakra's provider an empty `_global` (shared-ui/src/provider.tsx).
 * Fails the build if Chakra's code no longer has the expected shape (check this after upgrading Chakra).
 */
module.exports = function chakraLazyGlobal(source) {
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const field = '    _global,\n';
  if (!source.includes(eager) || !source.includes(field)) {
    throw new Error('chakra-lazy-global-loader: Chakra\'s createSystem has changed; update scripts/chakra-lazy-global-loader.cjs');
  }
  return source
    .replace(eager, 'let _globalMemo;\n  const _globalOf = () => (_globalMemo ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);')
    .replace(field, '    get _global() { return _globalOf(); },\n');
};
