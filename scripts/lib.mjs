/** Helpers for the root scripts: the web apps, their build stamp, and running commands. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_APPS = ['shell', 'student-app', 'institute-app', 'admin-app'];
const SOURCES = ['shared-api/src', 'shared-ui/src', 'webpack.common.ts', 'package-lock.json', 'shell/webpack.prerender.ts',
  ...WEB_APPS.flatMap((a) => [`${a}/src`, `${a}/webpack.config.ts`, `${a}/package.json`])];
const STAMP = path.join(ROOT, 'shell', 'dist', '.build-stamp');

function* files(p) {
  const full = path.join(ROOT, p);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const e of readdirSync(full).sort()) yield* files(path.join(p, e));
  } else yield p;
}

/** A hash of every source the web build reads: a change anywhere means a rebuild. */
export function sourceHash() {
  const h = createHash('sha256');
  for (const src of SOURCES) for (const f of files(src)) h.update(f).update(readFileSync(path.join(ROOT, f)));
  return h.digest('hex');
}

export function buildIsCurrent() {
  if (WEB_APPS.some((a) => !existsSync(path.join(ROOT, a, 'dist', a === 'shell' ? 'index.html' : 'remoteEntry.js')))) return false;
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === sourceHash();
}

/** Records the hash of the sources the build read: take it before building, so an edit made meanwhile triggers a rebuild. */
export function writeStamp(hash = sourceHash()) {
  writeFileSync(STAMP, hash);
}

/**
 * Runs a command, inheriting stdio unless `capture` is set (then also echoed, unless `quiet`); resolves with the exit
 * code and output.
 */
export function run(cmd, args, { cwd = ROOT, env = {}, capture = false, quiet = false, timeoutMs = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    // A suite that hangs must not eat the whole CI budget: stop it and report it failed.
    const timer = timeoutMs ? setTimeout(() => { console.error(`\n${args.join(' ')}: no result after ${timeoutMs / 1000} s, stopped`); child.kill('SIGKILL'); }, timeoutMs) : null;
    let out = '';
    if (capture) {
      child.stdout.on('data', (d) => { out += d; if (!quiet) process.stdout.write(d); });
      child.stderr.on('data', (d) => { out += d; if (!quiet) process.stderr.write(d); });
    }
    child.on('close', (code) => { if (timer) clearTimeout(timer); resolve({ code: code ?? 1, out }); });
  });
}

/** Serialises web builds (several test runs may start at once): a lock directory, stale after 10 minutes. */
export async function withBuildLock(fn) {
  const { mkdirSync, rmSync, statSync: st } = await import('node:fs');
  const lock = path.join(ROOT, '.tmp', 'build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try { if (Date.now() - st(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true }); } catch { /* gone */ }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
