/** `npm run dev`: the API on 8080 and every app's dev server on its own port, rebuilding on change. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, WEB_APPS } from './lib.mjs';

const ports = { shell: 3000, 'student-app': 3001, 'institute-app': 3002, 'admin-app': 3003 };
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: process.env.PORT ?? '8080',
  REMOTE_STUDENT_URL: `http://localhost:${ports['student-app']}/remoteEntry.js`,
  REMOTE_INSTITUTE_URL: `http://localhost:${ports['institute-app']}/remoteEntry.js`,
  REMOTE_ADMIN_URL: `http://localhost:${ports['admin-app']}/remoteEntry.js`,
  CORS_ORIGINS: process.env.CORS_ORIGINS ?? `http://localhost:${ports.shell}`,
};
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(ROOT, 'server/src/server.ts')], { cwd: ROOT, env, stdio: 'inherit' }),
  ...WEB_APPS.map((a) =>
    spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
      cwd: path.join(ROOT, a), env, stdio: 'inherit',
    })),
];
console.log(`dev: open http://localhost:${ports.shell} (API on ${env.PORT})`);
const stop = () => { for (const c of children) c.kill('SIGTERM'); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) console.error(`a dev process exited with ${code}`); });
