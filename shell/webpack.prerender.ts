/**
 * The shell's prerendered login page, made at build time: the login page's own component (src/login-card.tsx)
 * rendered to static HTML with react-dom/server inside the UI kit's provider, with the CSS Chakra generates for it
 * (src/prerender.tsx, shared-ui/static-render), written into index.html where its two placeholders are. It runs in
 * Node, in the build only: nothing of it (react-dom/server, @emotion/server) reaches the browser.
 *
 * src/prerender.tsx is bundled for Node (../webpack.static-render.ts), then loaded and called; its result goes into the
 * page through html-webpack-plugin's beforeEmit hook.
 */
import fs from 'node:fs';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';
import { compileForNode } from '../webpack.static-render';

/**
 * Where index.html (src/index.html) takes the CSS (in <head>) and the markup (inside #prerendered-login): comments
 * html-webpack-plugin's minifier keeps (a leading `#`), filled after it has run. Its whitespace collapsing would
 * change the text (it took the space after the phone's placeholder, figure spaces, in the Nepali line).
 */
export const CSS_PLACEHOLDER = '<!--#prerendered-login-css-->';
export const HTML_PLACEHOLDER = '<!--#prerendered-login-markup-->';

interface Prerendered { html: string; css: string }

async function render(compiler: Compiler, entry: string): Promise<Prerendered> {
  const { prerenderLogin } = await compileForNode<{ prerenderLogin: (globalCss: string) => Prerendered }>(compiler, entry, 'prerender-login');
  const globalCss = await fs.promises.readFile(require.resolve('shared-ui/chakra-global.css'), 'utf8');
  return prerenderLogin(globalCss);
}

/** `html` with `placeholder`, which must be there once, replaced by `content`. */
function fill(html: string, placeholder: string, content: string): string {
  const parts = html.split(placeholder);
  if (parts.length !== 2) throw new Error(`prerendered login: index.html must hold "${placeholder}" once (found ${parts.length - 1})`);
  return parts.join(content);
}

export class PrerenderLoginPlugin {
  /** `entry`: the module exporting prerenderLogin, relative to the app's folder */
  constructor(private readonly entry = './src/prerender.tsx') {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrerenderLoginPlugin', (compilation) => {
      // Rendered anew for each compilation of the page (a rebuild in development picks up a changed component).
      HtmlWebpackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('PrerenderLoginPlugin', async (data) => {
        const { html, css } = await render(compiler, this.entry);
        if (/<\/style/i.test(css)) throw new Error('prerendered login: the CSS would close its <style> element');
        data.html = fill(fill(data.html, CSS_PLACEHOLDER, `<style>${css}</style>`), HTML_PLACEHOLDER, html);
        return data;
      });
    });
  }
}
