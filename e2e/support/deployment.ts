/**
 * Another deployment of the product, started by a spec for what the main e2e server cannot show (a second site to
 * transfer from, a server behind a proxy): `npm start` on its own port and data directory, with the demo data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Deployment {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** stops the server (its whole process group) and waits until the port no longer answers */
  stop: () => Promise<void>;
}

export async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}api/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts one on `port` with `env` added to the test's environment; resolves when it answers. */
export async function startDeployment(port: number, env: Record<string, string> = {}): Promise<Deployment> {
  const url = `http://127.0.0.1:${port}/`;
  expect(await healthy(url), `port ${port} is already in use`).toBe(false);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-deployment-'));
  let log = '';
  let child: ChildProcess | undefined = spawn(process.execPath, [path.resolve(__dirname, '..', '..', 'scripts', 'start.mjs')], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SEED: 'demo', LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => { log = (log + String(d)).slice(-4000); });
  child.stderr?.on('data', (d) => { log = (log + String(d)).slice(-4000); });

  const stop = async () => {
    const c = child;
    child = undefined;
    if (c && c.exitCode === null && c.pid !== undefined) {
      const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      // start.mjs runs the server as its own child: signal the whole group (detached above)
      try { process.kill(-c.pid, 'SIGTERM'); } catch { /* already gone */ }
      const timer = setTimeout(() => { try { process.kill(-c.pid!, 'SIGKILL'); } catch { /* gone */ } }, 15_000);
      await exited;
      clearTimeout(timer);
      await expect.poll(() => healthy(url), { timeout: 15_000 }).toBe(false);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await expect.poll(async () => {
      if (child?.exitCode !== null) throw new Error(`the deployment on port ${port} exited:\n${log}`);
      return healthy(url);
    }, { timeout: 180_000, intervals: [500] }).toBe(true);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
