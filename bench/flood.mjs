#!/usr/bin/env node
/**
 * One client's flood, in a process of its own (as an attacker's machine is not the students' phones): `node
 * bench/flood.mjs <base URL> <media path> <loops>` runs <loops> request loops from one address (127.0.0.250), each on a
 * keep-alive connection of its own, half asking GET /api/health and half a 64 kB range of the audio file, until it is
 * sent SIGTERM (or after 2 minutes); then prints its answers by status as one JSON line and exits.
 */
import { Client } from 'undici';

const [base, mediaPath, loopsArg] = process.argv.slice(2);
const loops = Number(loopsArg);
const codes = {};
let stopped = false;
const until = Date.now() + 120_000;
const clients = Array.from({ length: loops }, () => new Client(base, { pipelining: 1, connect: { localAddress: '127.0.0.250' } }));
const runs = clients.map(async (c, i) => {
  while (!stopped && Date.now() < until) {
    try {
      const r = await c.request(i % 2 === 0
        ? { method: 'GET', path: '/api/health' }
        : { method: 'GET', path: mediaPath, headers: { range: 'bytes=0-65535' } });
      await r.body.dump();
      codes[r.statusCode] = (codes[r.statusCode] ?? 0) + 1;
    } catch {
      codes.error = (codes.error ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
});
const finish = async () => {
  stopped = true;
  await Promise.all(runs);
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  process.stdout.write(`${JSON.stringify(codes)}\n`);
  process.exit(0);
};
process.on('SIGTERM', () => void finish());
// ready: the parent waits for this line before its students' autosaves start
process.stdout.write('flooding\n');
setTimeout(() => void finish(), until - Date.now()).unref();
await Promise.all(runs);
if (!stopped) await finish();
