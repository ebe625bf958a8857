/** `npm start`: builds the web apps if their sources changed, then serves API, shell, remotes and media on one port. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildIsCurrent, run } from './lib.mjs';

if (!buildIsCurrent()) {
  console.log('Building the web apps (first start or sources changed)…');
  const { code } = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-needed']);
  if (code !== 0) process.exit(code);
}
// --max-semi-space-size=32: a larger young generation (16 MB by default) leaves fewer garbage collections in an
// exam-end burst, when hundreds of requests wait for their batch (bench/RESULTS.md, 2026-11-24 10:40)
const server = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  stdio: 'inherit',
});
// Stopping `npm start` stops the server gracefully (it closes the database and releases the data directory's lock).
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
