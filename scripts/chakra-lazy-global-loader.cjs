/**
 * Webpack loader for Chakra's createSystem (styled-system/system.js). Two changes, both checked: the build fails if
 * Chakra's code no longer has the expected shape (check this after upgrading Chakra).
 *
 * 1. In the product's builds a system has no global CSS to inject (`_global` is empty). That CSS (preflight, global
 *    styles, every token as a CSS variable, ~40 ms of a phone's start to compute, plus the code that computes it)
 *    ships as a stylesheet made ahead (shared-ui/src/chakra-global.css, checked against what Chakra itself injects by
 *    shared-ui/src/global-css.test.tsx, which runs Chakra untouched) and added by shared-ui's globalStylesReady().
 *
 * 2. `createSystemSteps`, exported beside createSystem: createSystem's own body as a generator that pauses after
 *    merging the configs and after building the token dictionary (about two thirds of the work: every token walked,
 *    transformed and referenced). shared-ui's buildSystemInSteps() resumes it in a new task each time, so a phone's
 *    main thread is never blocked by the whole of it at once (one task of 100-230 ms at Lighthouse's 4x slowdown
 *    on this machine). createSystem itself now runs the same generator to the end in one go: one copy of the code,
 *    same statements in the same order, the same system.
 */
module.exports = function chakraSystemLoader(source) {
  const fail = (what) => {
    throw new Error(`chakra-lazy-global-loader: Chakra's createSystem has changed (${what}); update scripts/chakra-lazy-global-loader.cjs`);
  };
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const field = '    _global,\n';
  if (!source.includes(eager) || !source.includes(field)) fail('_global');
  let out = source.replace(eager, '// shipped as a stylesheet (shared-ui/src/chakra-global.css)\n  const _global = [];');

  const head = 'function createSystem(...configs) {\n';
  const start = out.indexOf(head);
  const end = out.indexOf('\n}\nfunction getTokenMap(', start);
  if (start < 0 || end < 0) fail('function bounds');
  let body = out.slice(start + head.length, end);
  const pauses = [
    // after mergeConfigs, the destructuring of its result and createLayers
    '  const layers = createLayers(config);\n',
    // after createTokenDictionary({ ... })
    '    prefix: cssVarsPrefix\n  });\n',
  ];
  for (const p of pauses) {
    if (body.split(p).length !== 2) fail(`pause point ${JSON.stringify(p.trim())}`);
    body = body.replace(p, `${p}  yield;\n`);
  }
  if (/\byield\b/.test(out.slice(start, end).replace(/\/\/.*$/gm, ''))) fail('unexpected yield');
  const exportLine = 'export { createSystem, isValidSystem };';
  if (!out.includes(exportLine)) fail('exports');
  const generator = `function* createSystemSteps(...configs) {\n${body}\n}`;
  const driver = [
    'function createSystem(...configs) {',
    '  const steps = createSystemSteps(...configs);',
    '  for (;;) {',
    '    const step = steps.next();',
    '    if (step.done) return step.value;',
    '  }',
    '}',
  ].join('\n');
  // `end` is where createSystem's closing brace starts: both functions take its place
  out = `${out.slice(0, start)}${generator}\n${driver}${out.slice(end + '\n}'.length)}`;
  out = out.replace(exportLine, 'export { createSystem, createSystemSteps, isValidSystem };');
  return out;
};
