/**
 * Webpack loader for modules that only define things at their top level through function calls (Chakra's and
 * zag's component anatomies: `const alertAnatomy = createAnatomy("alert").parts(...)`). A bundler must keep a call
 * it cannot prove pure, so every anatomy of Chakra's ~70 components stayed in each first render; marking these
 * module-level initializers `@__PURE__` lets the minifier drop those nobody uses. Used only on files that do
 * nothing else at their top level (webpack.common.ts lists them); fails the build if a file has none to mark.
 */
module.exports = function pureCalls(source) {
  let marked = 0;
  const out = source.replace(/^((?:export )?(?:const|var|let) [A-Za-z_$][\w$]* = )(?=[A-Za-z_$][\w$.]*\()/gm, (_m, head) => {
    marked += 1;
    return `${head}/* @__PURE__ */ `;
  });
  if (marked === 0) throw new Error(`pure-calls-loader: nothing to mark in ${this.resourcePath}; check webpack.common.ts`);
  return out;
};
