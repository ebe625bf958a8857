/**
 * Webpack loader for Module Federation's semver helpers (@module-federation/runtime-core, dist/utils/semver/utils.js):
 * `parseRegex` compiles its (long) pattern again on every call, and checking one shared module's version against a
 * required range calls it about ten times. At a start the runtime checks every shared singleton, host and remote:
 * ~16 ms of a start on this machine (64 ms at Lighthouse's 4x slowdown) spent compiling the same regular expressions.
 * Here each pattern is compiled once. The patterns have no flags, so a compiled one carries no state between uses
 * (no `lastIndex`): the results are the same. Fails the build if the code no longer has the expected shape (check this
 * after upgrading Module Federation).
 */
module.exports = function mfSemverCache(source) {
  const original = 'function parseRegex(source) {\n\treturn new RegExp(source);\n}';
  if (!source.includes(original)) {
    throw new Error('mf-semver-cache-loader: Module Federation\'s parseRegex has changed; update scripts/mf-semver-cache-loader.cjs');
  }
  return source.replace(original, [
    'const compiledPatterns = new Map();',
    'function parseRegex(source) {',
    '\tlet re = compiledPatterns.get(source);',
    '\tif (!re) compiledPatterns.set(source, re = new RegExp(source));',
    '\treturn re;',
    '}',
  ].join('\n'));
};
