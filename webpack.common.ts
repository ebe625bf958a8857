/**
 * The one place that knows Module Federation, loaders and the dev server.
 * Each app's webpack.config.ts only names itself and what it exposes.
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration } from 'webpack';
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
 * one API package (one store, one RTK Query slice). Apps never import Chakra, the router, RTK or ky directly.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '19.3.1' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '19.3.1' },
  'react-dom': { singleton: true, requiredVersion: '19.3.1' },
  'shared-ui': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  // Back-office screens admin and institute share; a student never loads this.
  'shared-ui/back-office': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
  'shared-api': { singleton: true, requiredVersion: pkgVersion, version: pkgVersion },
};

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
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
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
          shared: sharedSingletons,
        }),
        ...(opts.host
          ? [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer', inject: 'body' })]
          : []),
      ],
      devServer: {
        port: opts.port,
        historyApiFallback: !!opts.host,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        proxy: opts.host
          ? [{ context: ['/api', '/media', '/remotes.json'], target: `http://127.0.0.1:${DEV_PORTS.api}` }]
          : [],
      },
      stats: prod ? 'errors-warnings' : 'minimal',
    };
  };
}
