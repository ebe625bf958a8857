#!/usr/bin/env node
/**
 * Where the server's CPU goes during each exam-end burst.
 *
 *   BENCH_PROFILE=/tmp/prof npm run bench -- --db pglite     (the server runs with --cpu-prof; its log is kept)
 *   node bench/burst-profile.mjs /tmp/prof [--detail "pglite js"]
 *
 * For every burst (the submit batches of one round: from the first submission handed to the batcher to the last
 * COMMIT, as the bench's server-side rate), it sums the main thread's CPU profile samples by category: PGlite's
 * WebAssembly, PGlite's JavaScript (protocol, file system calls), drizzle, the batches' and token check's own code,
 * body parsing, Fastify, garbage collection, idle. `--detail <category>` lists that category's functions.
 */
import fs from 'node:fs';

const dir = process.argv[2];
const di = process.argv.indexOf('--detail');
const detail = di > 0 ? process.argv[di + 1] : undefined;
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node bench/burst-profile.mjs <BENCH_PROFILE directory> [--detail <category>]');
  process.exit(2);
}
const logFile = fs.readdirSync(dir).find((f) => /^server-pglite\.log$|^server-postgres\.log$/.test(f));
const log = fs.readFileSync(`${dir}/${logFile}`, 'utf8');
const origin = Number(/\[batch-origin\] (\d+)/.exec(log)?.[1]);
// the main thread's profile is the first of the process (…0.001.cpuprofile); tsx's loader thread writes another
const main = fs.readdirSync(dir).find((f) => f.endsWith('.0.001.cpuprofile'));
if (!main || !Number.isFinite(origin)) {
  console.error('no main-thread profile or no [batch-origin] line in the server log');
  process.exit(2);
}
const prof = JSON.parse(fs.readFileSync(`${dir}/${main}`, 'utf8'));

const batches = [...log.matchAll(/\[batch\] (\w+) (\d+) items [\d.]+ ms queued@([\d.]+) start@([\d.]+) end@([\d.]+)/g)]
  .map((m) => ({ kind: m[1], size: +m[2], queued: +m[3], end: +m[5] }));
const bursts = [];
for (const b of batches.filter((x) => x.kind === 'submit')) {
  const last = bursts.at(-1);
  if (last && b.queued - last.end < 1000) { last.end = Math.max(last.end, b.end); last.size += b.size; } else bursts.push({ ...b });
}

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = prof.startTime;
const times = prof.timeDeltas.map((d) => (t += d));
const category = (id) => {
  const chain = [];
  for (let x = id; x; x = parent.get(x)) chain.push(byId.get(x).callFrame);
  const top = chain[0];
  if (['(garbage collector)', '(idle)', '(program)'].includes(top.functionName)) return top.functionName;
  if (top.url.startsWith('wasm') || /wasm-function/.test(top.functionName)) return 'pglite wasm';
  if (chain.some((f) => f.url.includes('pglite'))) return 'pglite js';
  if (chain.some((f) => f.url.includes('drizzle'))) return 'drizzle';
  if (chain.some((f) => /attempts\/batcher|auth\/index|src\/batcher/.test(f.url))) return 'batches and token check';
  if (chain.some((f) => f.url.includes('secure-json-parse'))) return 'body parsing';
  if (chain.some((f) => f.url.includes('fastify') || f.url.includes('find-my-way'))) return 'fastify';
  if (chain.some((f) => f.url.includes('/server/src/'))) return 'other server code';
  return `node ${top.url.split('/').pop() || top.functionName}`;
};

const detailed = new Map();
for (const b of bursts) {
  const lo = origin + b.queued * 1000;
  const hi = origin + b.end * 1000;
  const sums = new Map();
  let total = 0;
  prof.samples.forEach((id, i) => {
    if (times[i] < lo || times[i] > hi) return;
    const dt = prof.timeDeltas[i + 1] ?? 0;
    const c = category(id);
    total += dt;
    sums.set(c, (sums.get(c) ?? 0) + dt);
    if (c === detail) {
      const f = byId.get(id).callFrame;
      const k = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
      detailed.set(k, (detailed.get(k) ?? 0) + dt);
    }
  });
  console.log(`burst of ${b.size}: window ${(b.end - b.queued).toFixed(0)} ms, sampled ${(total / 1000).toFixed(0)} ms: `
    + [...sums].sort((x, y) => y[1] - x[1]).filter(([, v]) => v >= 1000).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`).join(', '));
}
if (detail) {
  console.log(`\n${detail}, per burst:`);
  for (const [k, v] of [...detailed].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(`  ${(v / 1000 / bursts.length).toFixed(1).padStart(6)} ms  ${k}`);
}
