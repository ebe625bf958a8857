/**
 * Completes package-lock.json with the other platforms' optional native binaries (@swc/core-darwin-arm64 and the like)
 * that the registry mirror of our build machines does not carry at the pinned version: without an entry `npm ci`
 * refuses the lock as out of sync. Each added entry is optional and tagged with its os/cpu, so npm skips it on Linux
 * and never downloads it. Run after `npm install` changes the lock: `node scripts/complete-lock.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const file = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'wasm32'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasi'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const libc = parts.includes('musl') ? ['musl'] : parts.includes('gnu') || parts.includes('gnueabihf') ? ['glibc'] : undefined;
  return { os: [os === 'win32' ? 'win32' : os], cpu: [cpu === 'arm' ? 'arm' : cpu], ...(libc && os === 'linux' ? { libc } : {}) };
}

/** Where npm would look for `name` required from the package at `from` (node resolution up the tree). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (pkgs[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
}

let added = 0;
for (const [loc, meta] of Object.entries({ ...pkgs })) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(loc, name)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    pkgs[`node_modules/${name}`] = { version: version.replace(/^[\^~=]/, ''), ...platform, optional: true };
    added++;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lock: added ${added} optional platform entries`);
