/**
 * index.html's two boot scripts (src/boot/head.ts and src/boot/body.ts: TypeScript, tested with jest), each compiled
 * for the browser as one small classic script and inlined where the page holds its placeholder: they must run before
 * any bundle arrives (the early requests start while the big files download), so a request for a file of their own
 * would only delay them. The server allows them by their sha256, read from the built page (server/src/web.ts).
 */
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';
import { compileForBrowser } from '../webpack.static-render';

/** Placeholders html-webpack-plugin's minifier keeps (comments with a leading `#`), filled after it has run. */
export const BOOT_SCRIPTS = [
  { placeholder: '<!--#boot-head-->', entry: './src/boot/head.ts', name: 'boot-head' },
  { placeholder: '<!--#boot-body-->', entry: './src/boot/body.ts', name: 'boot-body' },
] as const;

export class BootScriptsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('BootScriptsPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('BootScriptsPlugin', async (data) => {
        for (const { placeholder, entry, name } of BOOT_SCRIPTS) {
          const code = (await compileForBrowser(compiler, entry, name, {})).trim();
          if (/<\/script/i.test(code)) throw new Error(`${name}: the script would close its <script> element`);
          const parts = data.html.split(placeholder);
          if (parts.length !== 2) throw new Error(`${name}: index.html must hold "${placeholder}" once (found ${parts.length - 1})`);
          data.html = parts.join(`<script>${code}</script>`);
        }
        return data;
      });
    });
  }
}
