/**
 * The one place that knows Module Federation, loaders and the dev server.
 * Each app's webpack.config.ts only names itself and what it exposes.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Compilation, Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

export interface AppOptions {
  /** federation name, e.g. 'student_app'; the shell is 'shell' */
  name: string;
  /** the app's folder (pass __dirname) */
  dir: string;
  /** dev-server port */
  port: number;
  /** modules a remote exposes, e.g. { './App': './src/app.tsx' } */
  exposes?: Record<string, string>;
  /** true for the host (the shell): emits index.html and serves the SPA */
  host?: boolean;
}

/** Dev ports; the API runs on 8080 in dev and serves everything on one port in production. */
export const DEV_PORTS = { shell: 3000, student_app: 3001, institute_app: 3002, admin_app: 3003, api: 8080 } as const;

const pkgVersion = '1.0.0';

/**
 * Shared singletons: one React, one UI kit (Chakra, emotion and the router live inside it, tree-shaken),
 * one API package (one store, one RTK Query slice). Apps never import Chakra, the router or RTK directly.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '19.3.1' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '19.3.1' },
  'react-dom': { singleton: true, requiredVersion: '19.3.1' },
  'shared-ui': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  // Back-office screens admin and institute share; a student never loads this.
  'shared-ui/back-office': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  'shared-api': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  // The endpoints only the back office calls (authoring, people, transfer); a student never loads them.
  'shared-api/back-office': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  // Endpoints out of the first render: the student's exam and results, the student's ranks (the Results page and the
  // result sheet) and the user's own profile (the Profile screen). Their files inject into the one api slice, so they are singletons as
  // shared-api/back-office is. (shared-api/scores, /leaves and /dates, wording functions with no state, are not
  // shared: each build bundles the few it uses.)
  'shared-api/progress': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  'shared-api/profile': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  'shared-api/student-exam': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  // The forms (react-hook-form, 12 kB gz): one copy for the Profile screen, the back office and the transfer page.
  'shared-api/form': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
};

/**
 * The shell provides the first render's singletons eagerly: they are in main.js itself (with react-dom/client and
 * the bootstrap, `webpackMode: "eager"` in shell/src/index.ts), one file instead of ten. Every role needs all of
 * them at once anyway, and one gzip/brotli stream over them is 6 kB smaller than ten (their code repeats across
 * files). They are still evaluated one per task, when shell/src/index.ts imports them. The remotes keep them
 * non-eager: they take the shell's copies from the share scope (their own fallbacks are never fetched).
 */
const FIRST_RENDER = ['react', 'react/jsx-runtime', 'react-dom', 'shared-ui', 'shared-api'];
const hostShared = Object.fromEntries(Object.entries(sharedSingletons)
  .map(([key, config]) => [key, FIRST_RENDER.includes(key) ? { ...config, eager: true } : config]));
const remoteShared = Object.fromEntries(Object.entries(sharedSingletons)
  .map(([key, config]) => [key, FIRST_RENDER.includes(key) ? { ...config, import: false as const } : config]));

const COMPRESSIBLE = /\.(js|html|json|css|svg)$/;

/**
 * `<file>.br` and `<file>.gz` beside every emitted text asset (production, compression-webpack-plugin), so the server
 * sends precompressed bytes (@fastify/static `preCompressed`) instead of compressing on each request. Every asset gets
 * both (minRatio Infinity), at the highest levels: they are made once per build.
 */
const precompress = () => [
  new CompressionPlugin({
    test: COMPRESSIBLE, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, threshold: 0, minRatio: Infinity,
  }),
  new CompressionPlugin<zlib.BrotliOptions>({
    test: COMPRESSIBLE, filename: '[path][base].br', algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }, threshold: 0, minRatio: Infinity,
  }),
];

/**
 * The shell's service worker (src/sw.ts, on Workbox) at a stable URL, `sw.js`: InjectManifest compiles it with this
 * configuration's loaders and writes its precache list, which is index.html and the first render's own files (the
 * initial chunks' scripts and stylesheets), never the rest of the shell, the remotes or the .br/.gz copies (compression
 * runs after it). index.html changes with every shell deployment, so each one installs a new worker.
 */
const serviceWorker = (dir: string) => new InjectManifest({
  swSrc: path.join(dir, 'src', 'sw.ts'),
  swDest: 'sw.js',
  include: [({ asset, compilation }: { asset: { name: string }; compilation: Compilation }) => {
    if (asset.name === 'index.html') return true;
    for (const group of compilation.chunkGroups) {
      if (!group.isInitial()) continue;
      for (const chunk of group.chunks) {
        if (chunk.files.has(asset.name) || (asset.name.endsWith('.css') && chunk.auxiliaryFiles.has(asset.name))) return true;
      }
    }
    return false;
  }],
  // hashed names are their own revision: fetched at install as they are (from the HTTP cache), no cache-busting
  dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\./,
});

/**
 * index.html's inline script starts the app (at once on a signed-in page, after the first paint on the prerendered
 * login page, which needs no script to paint). This writes the first render's plan into index.html as data
 * (`<script type="application/json" id="eps-first-render">`): the entry script(s), taken out of the page's static
 * tags, and the entry's own stylesheets (the UI kit's global CSS: the shared singletons are eager, in main.js), which
 * the inline script preloads beside main.js. Only webpack's and html-webpack-plugin's public APIs: the initial chunk
 * groups and their files.
 */
export class PreloadFirstRenderPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PreloadFirstRenderPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('PreloadFirstRenderPlugin', (data) => {
        const files = new Set<string>();
        for (const group of compilation.chunkGroups) {
          if (!group.isInitial()) continue;
          for (const chunk of group.chunks) for (const f of chunk.auxiliaryFiles) if (f.endsWith('.css')) files.add(f);
        }
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
        // The entry script(s) leave the page's static tags: index.html's inline script adds them, with the hints.
        const scripts: string[] = [];
        data.headTags = data.headTags.filter((tag) => {
          const src = tag.tagName === 'script' ? tag.attributes.src : undefined;
          if (typeof src === 'string') scripts.push(src);
          return typeof src !== 'string';
        });
        const plan = { scripts, preload: [...files].sort().map((f) => `${publicPath}${f}`) };
        data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', { type: 'application/json', id: 'eps-first-render' },
          JSON.stringify(plan).replace(/</g, '\\u003c')));
        return data;
      });
    });
  }
}

export function createConfig(opts: AppOptions) {
  return (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
    const mode = argv.mode ?? 'production';
    const prod = mode === 'production';
    return {
      mode,
      context: opts.dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: prod ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(opts.dir, 'dist'),
        // Remotes resolve their chunks from wherever remoteEntry.js was loaded, so they can move without a rebuild.
        publicPath: opts.host ? '/' : 'auto',
        filename: prod ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: opts.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(png|jpe?g|svg|webp)$/i, type: 'asset/resource' },
          // The product's Chakra global CSS, made ahead (shared-ui/src/global-css.test.tsx): a hashed stylesheet.
          { test: /chakra-global\.css$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimize: prod,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false, terserOptions: { compress: { passes: 2 } } })],
        moduleIds: prod ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: opts.name,
          ...(opts.host
            ? { remotes: {} }
            : { filename: 'remoteEntry.js', exposes: opts.exposes ?? {} }),
          manifest: !opts.host,
          dts: false,
          shareStrategy: 'loaded-first',
          shared: opts.host ? hostShared : remoteShared,
          // Slimmer federation runtime, through the plugin's documented options: browser-only code; no snapshot
          // plugin (remotes are registered by remoteEntry.js, never by mf-manifest.json, which would need it:
          // RUNTIME-008); a remote loads no remotes of its own. Each remoteEntry.js carries Module Federation's own
          // runtime, so a remote and a shell built from different lockfiles work together as long as the shared
          // singletons' versions satisfy each other.
          experiments: {
            optimization: { target: 'web', disableSnapshot: true, ...(opts.host ? {} : { disableRemote: true }) },
          },
        }),
        ...(opts.host
          // main.js in <head>, deferred (in production PreloadFirstRenderPlugin moves it into the page's plan).
          ? [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer', inject: 'head' })]
          : []),
        ...(opts.host && prod
          ? [new PreloadFirstRenderPlugin()]
          : []),
        ...(opts.host && prod ? [serviceWorker(opts.dir)] : []),
        ...(prod ? precompress() : []),
      ],
      devServer: {
        port: opts.port,
        historyApiFallback: !!opts.host,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        proxy: opts.host
          ? [{ context: ['/api', '/media', '/remotes.json'], target: `http://127.0.0.1:${process.env.PORT ?? DEV_PORTS.api}` }]
          : [],
      },
      stats: prod ? 'errors-warnings' : 'minimal',
    };
  };
}
