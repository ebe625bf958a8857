/**
 * Build-time rendering for the pages that paint before the app runs: the shell's prerendered login page
 * (shell/webpack.prerender.ts) and the student area's first paint of the exam list (student-app/webpack.first-paint.ts).
 * Both compile a module of the app with a webpack compilation of its own (webpack's Node API, the app's own loaders:
 * the UI kit's sources are TypeScript and import a stylesheet): for Node, to render components to HTML in the build,
 * or for the browser, as a small script of its own.
 */
import path from 'node:path';
import type { Compiler, Configuration } from 'webpack';

/** The workspace packages are sources to compile; every other import is a package Node requires. */
const WORKSPACE = /^(shared-ui|shared-api)(\/|$)/;

function run(compiler: Compiler, config: Configuration, what: string): Promise<void> {
  const child = compiler.webpack(config);
  return new Promise<void>((resolve, reject) => {
    child.run((err, stats) => {
      child.close(() => {
        if (err) reject(err);
        else if (stats?.hasErrors()) reject(new Error(`${what}: ${stats.toString('errors-only')}`));
        else resolve();
      });
    });
  });
}

/** Inside node_modules, so that Node finds the packages from there; a cache folder, as loaders keep theirs. */
const cacheDir = (compiler: Compiler, name: string) => path.join(compiler.context, 'node_modules', '.cache', name);

/** `entry` (relative to the app's folder) compiled for Node, packages left to Node's require, then required. */
export async function compileForNode<T>(compiler: Compiler, entry: string, name: string): Promise<T> {
  const outDir = cacheDir(compiler, name);
  await run(compiler, {
    mode: 'production',
    target: 'node',
    context: compiler.context,
    entry: { [name]: entry },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    externalsPresets: { node: true },
    externals: [({ request }, callback) => {
      if (request && !request.startsWith('.') && !path.isAbsolute(request) && !WORKSPACE.test(request)) {
        callback(undefined, `commonjs ${request}`);
      } else callback();
    }],
    resolve: compiler.options.resolve,
    module: { rules: compiler.options.module.rules },
    optimization: { minimize: false },
    devtool: false,
  }, name);
  const file = path.join(outDir, `${name}.cjs`);
  delete require.cache[require.resolve(file)];
  return require(file) as T;
}

/**
 * `entry` compiled for the browser as one classic script (no chunks, no module federation), with `define`'s values
 * (webpack's DefinePlugin) and the app's minifier; its text.
 */
export async function compileForBrowser(compiler: Compiler, entry: string, name: string, define: Record<string, string>): Promise<string> {
  const outDir = cacheDir(compiler, name);
  const { webpack } = compiler;
  await run(compiler, {
    mode: 'production',
    target: ['web', 'es2017'],
    context: compiler.context,
    entry: { [name]: entry },
    output: { path: outDir, filename: '[name].js', iife: true, clean: true },
    resolve: compiler.options.resolve,
    module: { rules: compiler.options.module.rules },
    plugins: [new webpack.DefinePlugin(define), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: true, minimizer: compiler.options.optimization.minimizer },
    devtool: false,
  }, name);
  const fs = await import('node:fs');
  return fs.promises.readFile(path.join(outDir, `${name}.js`), 'utf8');
}
