/** `npm start`: builds the web apps if their sources changed, then serves API, shell, remotes and media on one port. */
import path from 'node:path';
import { ROOT, buildIsCurrent, run } from './lib.mjs';

if (!buildIsCurrent()) {
  console.log('Building the web apps (first start or sources changed)…');
  const { code } = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-needed']);
  if (code !== 0) process.exit(code);
}
const { code } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
  env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(code);
