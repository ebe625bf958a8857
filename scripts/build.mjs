/** Production build of the shell and the three remotes (each deployable on its own: see README). */
import path from 'node:path';
import { ROOT, WEB_APPS, run, writeStamp } from './lib.mjs';

const only = process.argv.slice(2);
const apps = only.length ? WEB_APPS.filter((a) => only.includes(a)) : WEB_APPS;
for (const app of apps) {
  const t = Date.now();
  const { code } = await run(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: path.join(ROOT, app) });
  if (code !== 0) {
    console.error(`build of ${app} failed`);
    process.exit(code);
  }
  console.log(`built ${app} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
if (apps.length === WEB_APPS.length) writeStamp();
