/**
 * Webpack loader for react-router's production build (dist/production/chunk-*.mjs), production builds only.
 * Its module-level `X.displayName = "..."` statements (for React DevTools) are side effects a bundler must keep,
 * and each one keeps its component and everything that component reaches: `Link.displayName` alone kept the
 * framework-mode prefetching and single-fetch code (about 6 kB gz) in every first render, though no app uses them.
 * This drops those statements and marks the module-level `React.forwardRef(...)`, `React.memo(...)` and
 * `React.createContext(...)` calls pure, so what no app imports is left out. `contextType` assignments (behaviour)
 * are kept. Fails the build if react-router's code no longer has the expected shape (check after upgrading it).
 */
module.exports = function reactRouterPure(source) {
  let names = 0;
  let calls = 0;
  const out = source
    .replace(/^([A-Za-z_$][\w$]*)\.displayName = "[^"\n]*";$/gm, () => { names += 1; return ''; })
    .replace(/^var ([A-Za-z_$][\w$]*) = (React\d*)\.(forwardRef|memo|createContext)\(/gm, (_m, id, react, fn) => {
      calls += 1;
      return `var ${id} = /* @__PURE__ */ ${react}.${fn}(`;
    });
  // The main chunk has ~20 of each; the small ones (dom-export's) may have none.
  if (source.length > 200_000 && (names < 10 || calls < 10)) {
    throw new Error(`react-router-pure-loader: react-router's build has changed (${names} displayName, ${calls} calls); update scripts/react-router-pure-loader.cjs`);
  }
  return out;
};
