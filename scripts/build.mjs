/** Production build of the shell and the three remotes (each deployable on its own: see README). */
import path from 'node:path';
import { ROOT, WEB_APPS, buildIsCurrent, run, sourceHash, withBuildLock, writeStamp } from './lib.mjs';

const args = process.argv.slice(2);
const ifNeeded = args.includes('--if-needed');
const only = args.filter((a) => !a.startsWith('--'));
const apps = only.length ? WEB_APPS.filter((a) => only.includes(a)) : WEB_APPS;

const code = await withBuildLock(async () => {
  if (ifNeeded && buildIsCurrent()) return 0;
  // Lingui's catalogs, compiled into the areas' locales/*.ts (not committed)
  const i18n = await run(process.execPath, [path.join(ROOT, 'scripts/i18n-compile.mjs')]);
  if (i18n.code !== 0) return i18n.code;
  const hash = sourceHash();
  for (const app of apps) {
    const t = Date.now();
    const r = await run(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: path.join(ROOT, app) });
    if (r.code !== 0) {
      console.error(`build of ${app} failed`);
      return r.code;
    }
    console.log(`built ${app} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  if (apps.length === WEB_APPS.length) writeStamp(hash);
  return 0;
});
process.exit(code);
