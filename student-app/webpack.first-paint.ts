/**
 * first-paint.js, written beside remoteEntry.js by the student area's own build (the shell is not rebuilt): the exam
 * list's first paint (src/first-paint/paint.ts), with the page it fills rendered at build time from the area's own
 * components (src/first-paint/render.tsx, in Node: nothing of react-dom/server or @emotion/server reaches the browser)
 * and inlined with webpack's DefinePlugin. Its name is fixed (shell/src/index.html asks for it) and it is served like
 * remoteEntry.js: revalidated on each visit (server/src/web.ts), so it always matches the deployed area.
 */
import fs from 'node:fs';
import type { Compiler } from 'webpack';
import { compileForBrowser, compileForNode } from '../webpack.static-render';
import type { FirstPaintTemplate } from './src/first-paint/template';

export const FIRST_PAINT_FILE = 'first-paint.js';

export class FirstPaintPlugin {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FirstPaintPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'FirstPaintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        const { renderFirstPaint } = await compileForNode<{ renderFirstPaint: (css: string) => Promise<FirstPaintTemplate> }>(
          compiler, './src/first-paint/render.tsx', 'first-paint-render',
        );
        const globalCss = await fs.promises.readFile(require.resolve('shared-ui/chakra-global.css'), 'utf8');
        const template = await renderFirstPaint(globalCss);
        const code = await compileForBrowser(compiler, './src/first-paint/paint.ts', 'first-paint', {
          __FIRST_PAINT__: JSON.stringify(template),
        });
        compilation.emitAsset(FIRST_PAINT_FILE, new sources.RawSource(code));
      });
    });
  }
}
