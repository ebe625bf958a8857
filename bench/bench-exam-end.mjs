#!/usr/bin/env node
/**
 * The exam-end burst and the start stampede. `npm run bench` (or: node --import tsx bench/bench-exam-end.mjs
 * [--phase end|start|content|all] [--students N] [--rounds R] [--start-students N] [--start-spread S] [--db pglite|postgres|both])
 *
 * `--phase start` runs only the start stampede (./bench-start.mjs: a realistic exam uploaded by its author, N students,
 * default 500, download it and press Get Started; nginx serves the same files for comparison); `--phase end` only
 * the exam-end burst below; `--phase content` only the content phase (./bench-content.mjs: an exam package's dry run,
 * import and export, searches of a 5,000-item question bank, an assembly from a 1,000-item bank); the default runs
 * all three, for each database.
 *
 * For each database (PGlite always; PostgreSQL when BENCH_DATABASE_URL / postgres://postgres@127.0.0.1:5432/test
 * answers): prepares a temporary database (migrations, demo seed, N students of the demo institute, each with an
 * ALL access), starts the PRODUCTION server as a child process on 127.0.0.1, and simulates N students:
 *   1. sign-in            POST /api/auth/signin                       (concurrency 50)
 * then R rounds (default 5) of:
 *   2. start              POST /api/reports/create/:userId            (concurrency 50)
 *      load               GET  /api/attempts/running/:examId/:userId  (concurrency 50; questions without answers)
 *   3. autosave           PUT  /api/attempts/:id/answers/:userId      4 batches of 10 answers per student (concurrency 100)
 *   4. submit             POST /api/results/create/:examId/:userId    all N fired at once, each with its 40 answers
 *                                                                      (as the student app sends them)
 * then one mixed round (--back-office B, default 20; 0 leaves it out): 2-4 once more while B back-office clients load
 * the heaviest lists in a loop (the institute's and the exam's results, every user, the day's attempts, the question
 * summary), with the same targets for the exam's requests; then one flood round (--flood L, default 300; 0 leaves it
 * out): 2-4 once more while one client, from one address, runs L request loops (health and audio ranges) through the
 * autosave phase: the students' targets hold and the flood is answered with 429s (the per-client request budget).
 * Each student's device connects from an address of its own (127.1.x.y).
 * Around each burst it measures the database's own single-row INSERT rate, just before and just after (2,000
 * autocommit INSERTs, after 300 untimed ones, into a scratch table through the same driver: PGlite in this process on a temporary directory;
 * pg on PostgreSQL, one connection), and our submissions per second as a ratio of their mean: the server-side rate
 * (from the server's [batch] lines, BATCH_LOG=1: submissions written / time from the first submission handed to the
 * batcher to the last batch's COMMIT) for the verdict, and the rate the load generator sees (N / wall time of the
 * phase) next to it; the verdict takes the median round (this machine's two cores are shared: one burst can land on a
 * busy moment). Then it stops the server (SIGTERM), reopens the database and counts the results of every acknowledged
 * submission (lost must be 0) and checks each stored score against the answer key. Each simulated student is one
 * device with its own keep-alive connection (an undici Client); the burst itself is written from prepared bytes on
 * prepared connections (see rawRequest), so that the load generator takes as little as
 * it can of the two cores it shares with the server. BENCH_DEBUG=1 adds the batch timeline and the generator's CPU per phase; BENCH_PROFILE=<dir> runs the
 * server with --cpu-prof and keeps its log there (bench/burst-profile.mjs reads both); BENCH_NODE_ARGS adds node flags
 * to the server's (for A/B runs).
 * Everything is bounded (15 minutes) and cleaned up (servers stopped, temp dirs removed, the database dropped).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Client } from 'undici';
import {
  freshPgDatabase, pgReachable, pool, prepareDatabase, readStoredResults, startServer, tempDir, PASSWORD,
} from '../server/test/procs.ts';
import { loadConfig } from '../server/src/config.ts';
import { prepareStartMedia, runStartPhase, startMarkdown, startVerdicts } from './bench-start.mjs';
import { contentMarkdown, contentVerdicts, prepareContentPackage, runContentPhase } from './bench-content.mjs';
import { call, fmt, pct } from './http.mjs';

// ---------- options ----------
const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
/** A numeric option (--name, else the environment variable, else the default) within [min, max], or exit 2. */
function numberOption(name, env, fallback, min, max, { integer = true, what = `an integer from ${min} to ${max}` } = {}) {
  const v = Number(arg(name) ?? process.env[env] ?? fallback);
  if (!(integer ? Number.isInteger(v) : Number.isFinite(v)) || v < min || v > max) {
    console.error(`--${name} must be ${what}`);
    process.exit(2);
  }
  return v;
}
const N = numberOption('students', 'BENCH_STUDENTS', 500, 1, 5000);
const which = arg('db') ?? process.env.BENCH_DB ?? 'both';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT_BASE = Number(process.env.BENCH_PORT ?? 8501);
const RAW_INSERTS = 2000;
const RAW_WARMUP = 300;
const ROUNDS = numberOption('rounds', 'BENCH_ROUNDS', 5, 1, 9);
const BACK_OFFICE = numberOption('back-office', 'BENCH_BACK_OFFICE', 20, 0, 200);
const FLOOD_LOOPS = numberOption('flood', 'BENCH_FLOOD', 300, 0, 2000);
const PHASE = arg('phase') ?? process.env.BENCH_PHASE ?? 'all';
if (!['end', 'start', 'content', 'all'].includes(PHASE)) {
  console.error('--phase must be end, start, content or all');
  process.exit(2);
}
const START_N = numberOption('start-students', 'BENCH_START_STUDENTS', 500, 1, 2000);
const START_SPREAD = numberOption('start-spread', 'BENCH_START_SPREAD', 0, 0, 60,
  { integer: false, what: 'a number of seconds from 0 (all at once) to 60' });
const runEnd = PHASE === 'end' || PHASE === 'all';
const runStart = PHASE === 'start' || PHASE === 'all';
const runContent = PHASE === 'content' || PHASE === 'all';
// the exam-end burst: 15 minutes for both databases; the start stampede: 30 more (its media generated, then on each
// database the exam uploaded, its renditions made, the stampede and nginx's run)
// the content phase: 15 more (its media generated, then on each database two banks written, the package imported)
const TIME_LIMIT_MS = ((runEnd ? 15 : 0) + (runStart ? 30 : 0) + (runContent ? 15 : 0)) * 60 * 1000;

// ---------- clean-up and the time limit ----------
const cleanups = [];
/** run once at the very end (the start phase's media, shared by both databases' runs) */
const finalCleanups = [];
const cleanupAll = async (final = true) => {
  for (const list of final ? [cleanups, finalCleanups] : [cleanups]) {
    while (list.length) {
      const fn = list.pop();
      try { await fn(); } catch (err) { console.error(`cleanup: ${err.message}`); }
    }
  }
};
const limit = setTimeout(async () => {
  console.error(`\nTime limit (${TIME_LIMIT_MS / 60000} min) reached: stopping.`);
  await cleanupAll();
  process.exit(1);
}, TIME_LIMIT_MS);
limit.unref();
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => { await cleanupAll(); process.exit(130); });
}

// ---------- the simulated devices ----------
/**
 * Each student is one device with its own keep-alive connection (an undici Client: one connection, one request at a
 * time), as a phone that keeps its connection between autosaves: the load generator does not funnel 500 students
 * through a shared pool, and the latency of a request is the device's (including a reconnection when the connection
 * was closed). undici keeps an idle connection as long as the server's Keep-Alive header allows, so a request is
 * never sent on a connection the server is closing.
 *
 * The address of the i-th student's phone (127.1.x.y): each phone from an address of its own, as in the field, so the
 * per-address request budget applies to each as to one phone (the flood round's client has its own, 127.0.0.250).
 */
const phoneAddress = (i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function device(base, i = 0) {
  return new Client(base, { pipelining: 1, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000, connect: { localAddress: phoneAddress(i) } });
}

/**
 * One client's flood: ./flood.mjs in a process of its own (FLOOD_LOOPS loops from 127.0.0.250, health and audio
 * ranges), so that its work is not done on the event loop that times the students' requests. Resolves once it is
 * flooding; `stop()` resolves with its answers by status.
 */
async function startFlood(base, mediaPath) {
  const child = spawn(process.execPath, [path.join(path.dirname(new URL(import.meta.url).pathname), 'flood.mjs'), base, mediaPath, String(FLOOD_LOOPS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', () => { if (out.includes('flooding\n')) resolve(); });
    child.once('exit', () => reject(new Error(`the flood stopped at once: ${out}`)));
  });
  const began = Date.now();
  let result;
  return {
    /** how long it ran, ms (until stopped) */
    ms: () => (result ? result.ms : Date.now() - began),
    async stop() {
      if (result) return result.codes;
      const ms = Date.now() - began;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      result = { ms, codes: JSON.parse(out.split('\n').filter(Boolean).at(-1) ?? '{}') };
      return result.codes;
    },
  };
}

/**
 * The exam-end burst's senders. Phones at the end of an exam are 500 separate devices, each with its own CPU; here they
 * share the server's two cores, so the burst is sent as cheaply as the load generator can: every request is built
 * before the clock starts (its bytes: request line, headers, JSON body, exactly what node:http sends) on its own
 * keep-alive TCP connection opened beforehand (as a phone's connection from its autosaves), and the phase writes all
 * of them in one loop. The reply is read with a minimal HTTP/1.1 parser (status line, Content-Length, body). What the
 * server receives and does is the same as with an HTTP client library; only the generator's share of the CPU while the
 * server works is smaller (node:http took 64-100 ms of CPU for the 500, mostly while the server was working; undici,
 * which sends every other request of this bench, took 52 ms for 100; these bytes take 21-44 ms for the 500).
 */
function rawRequest(base, method, url, body, token) {
  const u = new URL(`${base}/api/${url}`);
  const payload = Buffer.from(JSON.stringify(body));
  const head = `${method} ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nConnection: keep-alive\r\n`
    + `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\nAuthorization: Bearer ${token}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

/**
 * Opens `count` keep-alive connections to the server (20 at a time), each used once (GET /api/health) so that the
 * server has accepted and read from every one of them before the burst, as with a phone's connection after autosaves.
 */
async function rawSockets(base, count) {
  const u = new URL(base);
  const hello = Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${u.host}\r\nConnection: keep-alive\r\n\r\n`, 'latin1');
  const open = async (i) => {
    const s = await new Promise((resolve, reject) => {
      const sk = net.connect({ host: u.hostname, port: Number(u.port), noDelay: true, localAddress: phoneAddress(i) }, () => { sk.off('error', reject); resolve(sk); });
      sk.once('error', reject);
    });
    const r = await rawExchange(s, hello, performance.now());
    if (r.status !== 200) throw new Error(`GET /api/health on a new connection: ${r.status} ${JSON.stringify(r.body)}`);
    return s;
  };
  return pool(Array.from({ length: count }, (_, i) => i), 20, open);
}

/** Sends `buf` on `socket` and resolves with the reply ({ status, body, ms }); status 0 on a connection error. */
function rawExchange(socket, buf, t0) {
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    let headEnd = -1;
    let length = -1;
    let status = 0;
    const done = (r) => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      resolve({ ...r, ms: performance.now() - t0 });
    };
    const onData = (chunk) => {
      data = data.length ? Buffer.concat([data, chunk]) : chunk;
      if (headEnd < 0) {
        headEnd = data.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = data.subarray(0, headEnd).toString('latin1');
        status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? -1);
        if (length < 0) { done({ status: 0, body: { error: 'reply without Content-Length' } }); return; }
      }
      if (data.length < headEnd + 4 + length) return;
      const text = data.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
      let parsed = text;
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      done({ status, body: parsed });
    };
    const onError = (err) => done({ status: 0, body: { error: err.message } });
    const onClose = () => done({ status: 0, body: { error: 'connection closed' } });
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(buf);
  });
}

/** The burst: every prepared request written at once (one loop), each on its own connection; a phase row as phase(). */
async function burstPhase(name, buffers, sockets) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const replies = await Promise.all(buffers.map((buf, i) => rawExchange(sockets[i], buf, t0)));
  const wallMs = performance.now() - t0;
  return { row: phaseRow(name, replies, wallMs, cpu0), replies };
}

// ---------- the back office ----------
/**
 * `count` back-office clients (each its own keep-alive connection, as a browser tab), half signed in as the demo
 * institute and half as the demo admin, each loading the heaviest lists one after another until stop(): the results of
 * the institute and of the exam, every user, the day's attempts (100 rows a page, pages 1-5, with and without a search)
 * and the exam's question summary (every result's answers). A 503 (the read queue full) waits a second and goes on, as
 * the screens retry; any other failure is counted.
 */
async function startBackOffice(base, prepared, count) {
  const signIn = async (email) => {
    const client = device(base);
    const r = await call(client, 'POST', 'auth/signin', { email, password: PASSWORD });
    await client.close();
    if (r.status !== 200) throw new Error(`back office: sign-in of ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    return { id: r.body.user._id, token: r.body.token };
  };
  const institute = await signIn('institute@example.com');
  const admin = await signIn('admin@example.com');
  const day = 24 * 3600 * 1000;
  const from = new Date(Date.now() - day).toISOString().slice(0, 10);
  const to = new Date(Date.now() + day).toISOString().slice(0, 10);
  const searches = ['', '', 'bench', '1@', 'student'];
  const page = (i) => `page=${1 + (i % 5)}&limit=100${searches[i % searches.length] ? `&search=${encodeURIComponent(searches[i % searches.length])}` : ''}`;
  const lists = [
    ['results/of (institute)', institute, (i) => `results/of/${institute.id}/${institute.id}?${page(i)}`],
    ['results/exam', institute, (i) => `results/exam/${prepared.examId}/${institute.id}?${page(i)}`],
    ['questions/summary', institute, () => `questions/summary/${prepared.examId}/${institute.id}`],
    ['users/getAllUsers', admin, (i) => `users/getAllUsers/${admin.id}?${page(i)}`],
    ['reports/date', admin, (i) => `reports/date/${admin.id}?date=${from}&to=${to}&${page(i)}`],
  ];
  const replies = [];
  let stopped = false;
  const t0 = performance.now();
  const client = async (c) => {
    const client = device(base);
    try {
      for (let i = c; !stopped; i++) {
        const [route, who, url] = lists[i % lists.length];
        const r = await call(client, 'GET', url(Math.floor(i / lists.length)), undefined, who.token);
        replies.push({ ...r, route, at: performance.now() - t0 });
        if (r.status === 503) await new Promise((res) => setTimeout(res, 1000));
      }
    } finally {
      await client.close();
    }
  };
  const loops = Array.from({ length: count }, (_, c) => client(c));
  let done;
  return {
    stop() { stopped = true; done ??= Promise.all(loops); return done; },
    served: () => replies.filter((r) => r.status === 200).length,
    busy: () => replies.filter((r) => r.status === 503).length,
    failed: () => replies.filter((r) => r.status !== 200 && r.status !== 503).length,
    /** one row per list (latency of every reply, 503s counted as errors) */
    rows: () => lists.map(([route]) => phaseRow(`5 back office: ${route}`, replies.filter((r) => r.route === route), performance.now() - t0, process.cpuUsage())),
  };
}

// ---------- statistics ----------

/** Runs one phase: replies of `fn` over items, with concurrency (Infinity = all at once). */
async function phase(name, items, concurrency, fn) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const timed = async (item, i) => {
    const at = performance.now() - t0;
    const r = await fn(item, i);
    return { ...r, at };
  };
  const replies = concurrency === Infinity ? await Promise.all(items.map(timed)) : await pool(items, concurrency, timed);
  if (process.env.BENCH_DEBUG) {
    const slow = replies.filter((r) => r.ms > 1000).map((r) => `${fmt(r.at)}+${fmt(r.ms)}`);
    if (slow.length) console.log(`  (debug) ${name}: ${slow.length} requests over 1 s (start+ms): ${slow.slice(0, 30).join(' ')}`);
  }
  const wallMs = performance.now() - t0;
  return { row: phaseRow(name, replies, wallMs, cpu0), replies };
}

/** A phase's row (printed): latency percentiles, errors; BENCH_DEBUG: the load generator's CPU since `cpu0`. */
function phaseRow(name, replies, wallMs, cpu0) {
  if (process.env.BENCH_DEBUG) { const c = process.cpuUsage(cpu0); console.log(`  (debug) ${name}: load generator CPU ${((c.user + c.system) / 1000).toFixed(0)} ms in ${wallMs.toFixed(0)} ms`); }
  const lat = replies.map((r) => r.ms).sort((a, b) => a - b);
  const errors = replies.filter((r) => r.status < 200 || r.status >= 300);
  const byStatus = {};
  for (const e of errors) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
  const row = {
    name, requests: replies.length, errors: errors.length, wallMs, rps: replies.length / (wallMs / 1000),
    p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1],
    errorSample: errors.slice(0, 3).map((e) => `${e.status} ${JSON.stringify(e.body).slice(0, 120)}`),
    byStatus,
  };
  console.log(`  ${name.padEnd(26)} ${String(row.requests).padStart(5)} req  ${fmt(row.rps, 1).padStart(7)} req/s  `
    + `p50 ${fmt(row.p50).padStart(5)}  p95 ${fmt(row.p95).padStart(5)}  p99 ${fmt(row.p99).padStart(5)}  max ${fmt(row.max).padStart(5)} ms  `
    + `errors ${row.errors}${row.errors ? ` ${JSON.stringify(byStatus)} e.g. ${row.errorSample[0]}` : ''}`);
  return row;
}

/** The server's `[batch] <kind> <n> items <ms> ms queued@<t> start@<t> end@<t>` lines since `from`, by kind. */
function parseBatches(output, from) {
  const byKind = {};
  for (const line of output.slice(from).split('\n')) {
    const m = /^\[batch\] (\w+) (\d+) items ([\d.]+) ms queued@([\d.]+) start@([\d.]+) end@([\d.]+)/.exec(line);
    if (!m) continue;
    (byKind[m[1]] ??= []).push({ size: Number(m[2]), ms: Number(m[3]), queued: Number(m[4]), start: Number(m[5]), end: Number(m[6]) });
  }
  return byKind;
}

/** BENCH_DEBUG: a summary of the batches per kind. */
function batchLines(output, from) {
  const out = [];
  for (const [kind, list] of Object.entries(parseBatches(output, from))) {
    const sizes = list.map((b) => b.size);
    const ms = list.map((b) => b.ms);
    out.push(`${kind}: ${list.length} batches, ${sizes.reduce((a, b) => a + b, 0)} items, sizes ${sizes.slice(0, 40).join(',')}${sizes.length > 40 ? ',...' : ''}; `
      + `ms ${ms.slice(0, 40).map((x) => x.toFixed(0)).join(',')}${ms.length > 40 ? ',...' : ''}; busy ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
  }
  return out.join('\n');
}

/**
 * The server-side submission rate of the burst: submissions written by the submit batches divided by the time from
 * the first submission handed to the batcher (its HTTP request parsed, its token and user checked) to the COMMIT of
 * the last batch. The HTTP and authentication work of every later request falls inside that window; the load
 * generator's own cost (500 requests built, sent and read on the same two cores) does not.
 */
function serverSubmitRate(output, from) {
  const list = parseBatches(output, from).submit ?? [];
  if (!list.length) return { items: 0, windowMs: NaN, rate: NaN, batches: 0 };
  const items = list.reduce((a, b) => a + b.size, 0);
  const windowMs = Math.max(...list.map((b) => b.end)) - Math.min(...list.map((b) => b.queued));
  return { items, windowMs, rate: items / (windowMs / 1000), batches: list.length, largest: Math.max(...list.map((b) => b.size)) };
}

// ---------- the raw single-row insert rate ----------
async function rawInsertRatePglite() {
  const dir = tempDir('bench-raw-pglite');
  const db = new PGlite(path.join(dir, 'pgdata'));
  try {
    await db.waitReady;
    await db.exec('create table scratch (id bigserial primary key, v text not null, at timestamptz not null default now())');
    // untimed warm-up: the driver's JavaScript compiled and the table's files open, as the server's are by then
    for (let i = 0; i < RAW_WARMUP; i++) await db.query('insert into scratch (v) values ($1)', [`warm ${i}`]);
    const t0 = performance.now();
    for (let i = 0; i < RAW_INSERTS; i++) await db.query('insert into scratch (v) values ($1)', [`row ${i}`]);
    return RAW_INSERTS / ((performance.now() - t0) / 1000);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rawInsertRate = (kind, url) => (kind === 'pglite' ? rawInsertRatePglite() : rawInsertRatePg(url));

async function rawInsertRatePg(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create table scratch (id bigserial primary key, v text not null, at timestamptz not null default now())');
    for (let i = 0; i < RAW_WARMUP; i++) await c.query('insert into scratch (v) values ($1)', [`warm ${i}`]);
    const t0 = performance.now();
    for (let i = 0; i < RAW_INSERTS; i++) await c.query('insert into scratch (v) values ($1)', [`row ${i}`]);
    const rate = RAW_INSERTS / ((performance.now() - t0) / 1000);
    await c.query('drop table scratch');
    return rate;
  } finally {
    await c.end();
  }
}

// ---------- one run ----------
async function runOne(kind, port) {
  console.log(`\n=== ${kind === 'pglite' ? 'PGlite (embedded, DATA_DIR on disk)' : 'PostgreSQL'}: ${N} students, port ${port} ===`);
  const dataDir = tempDir(`bench-${kind}`);
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl;
  if (kind === 'postgres') {
    const fresh = await freshPgDatabase(PG_URL, 'bench');
    databaseUrl = fresh.url;
    cleanups.push(() => fresh.drop());
    console.log(`  database ${fresh.name} (dropped at the end)`);
  }

  let t0 = performance.now();
  const prepared = await prepareDatabase({ dataDir, databaseUrl, students: N });
  console.log(`  set-up: migrations, demo seed, ${N} students inserted in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  t0 = performance.now();
  const server = await startServer({
    port, dataDir, databaseUrl,
    nodeArgs: [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    // one line per batch on stderr: the server-side submission rate is computed from them
    // the request budget as deployed, except per user: the mixed round's 20 back-office clients share two accounts
    // and load lists as fast as they can (people never do); each student's device has its own address (device())
    env: { BATCH_LOG: '1', REQUEST_BUDGET: 'on', REQUEST_BUDGET_USER: '10000000' },
  });
  cleanups.push(() => server.kill());
  console.log(`  production server ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  const base = server.base;
  const examId = prepared.examId;
  const phases = [];

  // 1. sign-in
  const devices = prepared.students.map((_, i) => device(base, i));
  cleanups.push(() => Promise.all(devices.map((d) => d.destroy())));
  const signin = await phase('1 sign-in', prepared.students, 50, (s, i) => call(devices[i], 'POST', 'auth/signin', { email: s.email, password: PASSWORD }));
  phases.push(signin.row);
  const sessions = signin.replies.map((r, i) => (r.status === 200 ? { id: r.body.user._id, token: r.body.token, email: prepared.students[i].email, client: devices[i] } : null)).filter(Boolean);

  // 2-4, ROUNDS times: every student starts the exam again, autosaves, and all submit at once. The raw insert rate is
  // sampled just before and just after each burst (the server idle): on a shared machine one sample alone can land on
  // a busy or a quiet moment, so each burst is compared with its own neighbours and the verdict takes the median round.
  // `hooks.rawBefore`: a sample taken earlier (the mixed round takes it before its back office starts); `hooks.afterSubmit`
  // runs once the burst is answered, before the sample after it (the mixed round stops its back office there).
  const rounds = [];
  let questionIds = [];
  const examRound = async (round, tag, hooks = {}) => {
    const start = await phase(`2 start (reports/create)${tag}`, sessions, 50, (s) => call(s.client, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token));
    phases.push(start.row);
    for (const s of sessions) s.attempt = undefined;
    start.replies.forEach((r, i) => { if (r.status === 200) sessions[i].attempt = r.body._id; });
    const started = sessions.filter((s) => s.attempt);
    const load = await phase(`2 load (attempts/running)${tag}`, started, 50, (s) => call(s.client, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token));
    phases.push(load.row);
    questionIds = load.replies.find((r) => r.status === 200)?.body.questions.map((q) => q._id) ?? [];
    if (questionIds.length !== 40) throw new Error(`expected 40 questions, got ${questionIds.length}`);
    for (const s of started) s.answers = questionIds.map((q) => ({ question: q, answer: String(1 + Math.floor(Math.random() * 4)) }));

    // 3. autosave: 4 batches of 10 answers per student
    const saves = [];
    for (let b = 0; b < 4; b++) for (const s of started) saves.push({ s, batch: s.answers.slice(b * 10, b * 10 + 10) });
    await hooks.beforeSave?.(load.replies.find((r) => r.status === 200)?.body);
    const save = await phase(`3 autosave (4 x 10 answers)${tag}`, saves, 100, ({ s, batch }) =>
      call(s.client, 'PUT', `attempts/${s.attempt}/answers/${s.id}`, { answers: batch }, s.token));
    phases.push(save.row);
    await hooks.afterSave?.();

    if (process.env.BENCH_DEBUG) console.log(batchLines(server.output(), 0).replace(/^/gm, '  (debug) '));
    const rawBefore = hooks.rawBefore ?? await rawInsertRate(kind, databaseUrl);
    const outputBefore = server.output().length;
    // 4. everyone submits at once
    const buffers = started.map((s) => rawRequest(base, 'POST', `results/create/${examId}/${s.id}`, { report: s.attempt, answers: s.answers }, s.token));
    const sockets = await rawSockets(base, started.length);
    const submit = await burstPhase(`4 submit (all ${started.length} at once)${tag}`, buffers, sockets);
    for (const sk of sockets) sk.destroy();
    phases.push(submit.row);
    await hooks.afterSubmit?.();
    if (process.env.BENCH_DEBUG) {
      console.log(batchLines(server.output(), outputBefore).replace(/^/gm, '  (debug) '));
      const all = Object.entries(parseBatches(server.output(), outputBefore)).flatMap(([k, l]) => l.map((b) => ({ k, ...b })));
      const t0 = Math.min(...all.map((b) => b.queued));
      all.sort((a, b) => a.start - b.start);
      console.log(`  (debug) timeline (ms from the first item queued): ${all.slice(0, 30).map((b) => `${b.k}[${b.size}] q${fmt(b.queued - t0)} ${fmt(b.start - t0)}-${fmt(b.end - t0)}`).join(', ')}`);
    }
    // let the last replies' work settle before sampling the idle database again
    await new Promise((r) => setTimeout(r, 200));
    const server_ = serverSubmitRate(server.output(), outputBefore);
    const rawAfter = await rawInsertRate(kind, databaseUrl);
    const rawRate = (rawBefore + rawAfter) / 2;
    const acked = [];
    submit.replies.forEach((r, i) => { if (r.status === 200) acked.push({ ...started[i], resultId: r.body.resultId, score: r.body.score }); });
    const submitRate = submit.row.requests / (submit.row.wallMs / 1000);
    const one = {
      round, save: save.row, submit: submit.row, acked, rawBefore, rawAfter, rawRate, server: server_, ratio: server_.rate / rawRate,
      submitRate, clientRatio: submitRate / rawRate,
    };
    console.log(`  raw single-row INSERT rate (${RAW_INSERTS} autocommit inserts, one connection): ${fmt(rawRate)} /s `
      + `(mean of ${fmt(rawBefore)} /s just before the burst and ${fmt(rawAfter)} /s after it)`);
    console.log(`  submissions, server side: ${server_.items} in ${fmt(server_.windowMs)} ms (${server_.batches} batches, largest ${server_.largest}) `
      + `= ${fmt(server_.rate)} /s = ${fmt(one.ratio, 2)} x the raw insert rate`);
    console.log(`  submissions, as the load generator sees them: ${fmt(submitRate)} /s = ${fmt(one.clientRatio, 2)} x the raw insert rate`);
    return one;
  };
  for (let round = 1; round <= ROUNDS; round++) rounds.push(await examRound(round, ROUNDS > 1 ? ` [round ${round}]` : ''));

  // 5. the mixed round: the same exam once more (start, load, autosave, submit) while BACK_OFFICE back-office clients
  // load the heaviest lists in a loop, from before the first start until the burst is answered. The raw insert rate is
  // sampled with the server idle (before the back office starts and after it stops), so the submission ratio is the
  // burst under that load against the database's idle rate.
  let mixed;
  if (BACK_OFFICE > 0) {
    console.log(`  -- mixed round: ${BACK_OFFICE} back-office clients loading lists during the exam --`);
    const rawBefore = await rawInsertRate(kind, databaseUrl);
    const office = await startBackOffice(base, prepared, BACK_OFFICE);
    cleanups.push(() => office.stop());
    await new Promise((r) => setTimeout(r, 1000)); // the back office in full swing before the first student starts
    const round = await examRound(ROUNDS + 1, ' [with back office]', { rawBefore, afterSubmit: () => office.stop() });
    const lists = office.rows();
    phases.push(...lists);
    mixed = { round, lists, served: office.served(), busy: office.busy(), failed: office.failed() };
    console.log(`  back office: ${mixed.served} lists served, ${mixed.busy} answered 503 (busy, Retry-After), ${mixed.failed} other errors`);
  }

  // 6. the flood round: the exam once more while one client floods the server from one address during the autosave
  // phase (FLOOD_LOOPS loops); the students' requests keep their targets, the flood gets 429s past its budget
  let flood;
  if (FLOOD_LOOPS > 0) {
    console.log(`  -- flood round: one client's ${FLOOD_LOOPS} request loops during the autosave phase --`);
    let running;
    const round = await examRound(ROUNDS + 2, ' [one client flooding]', {
      beforeSave: async (exam) => {
        const media = /\/media\/[0-9a-f]{64}\.mp3/.exec(JSON.stringify(exam ?? {}))?.[0];
        if (!media) throw new Error('the flood round needs an audio file of the exam');
        running = await startFlood(base, media);
        cleanups.push(() => running.stop());
        await new Promise((r) => setTimeout(r, 1000)); // the flood in full swing before the first autosave
      },
      afterSave: async () => { await running.stop(); },
    });
    flood = { round, codes: await running.stop(), ms: running.ms() };
    console.log(`  flood answers by status in ${fmt(flood.ms / 1000, 1)} s: ${JSON.stringify(flood.codes)}`);
  }

  // stop the server (graceful), then count what is stored: every acknowledged submission of every round
  await server.stop();
  if (process.env.BENCH_PROFILE) fs.writeFileSync(path.join(process.env.BENCH_PROFILE, `server-${kind}.log`), server.output());
  const allRounds = [...rounds, ...(mixed ? [mixed.round] : []), ...(flood ? [flood.round] : [])];
  const acked = allRounds.flatMap((r) => r.acked);
  let stored = 0;
  let wrongScore = 0;
  const { key, byAttempt } = await readStoredResults({ dataDir, databaseUrl }, acked.map((a) => a.attempt), questionIds);
  for (const a of acked) {
    const r = byAttempt.get(a.attempt);
    if (!r || r.id !== a.resultId) continue;
    stored++;
    const expected = a.answers.filter((x) => key.get(x.question) === x.answer).length;
    if (r.score !== expected || r.score !== a.score || r.attempted !== 40) wrongScore++;
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor((rounds.length - 1) / 2)];
  const out = {
    kind, phases, rounds, mixed, flood, median, expected: N * allRounds.length, acked: acked.length, stored, lost: acked.length - stored, wrongScore,
    submitErrors: allRounds.reduce((n, r) => n + r.submit.errors, 0), worstP99: Math.max(...rounds.map((r) => r.submit.p99)),
  };
  console.log(`  acknowledged submissions ${out.acked} (${allRounds.length} rounds), results stored ${out.stored}, lost ${out.lost}, wrong scores ${wrongScore}`);
  console.log(`  server-side ratio per round: ${rounds.map((r) => fmt(r.ratio, 2)).join(', ')}; median ${fmt(median.ratio, 2)} (round ${median.round})`);

  // clean this run up now (the next run needs the CPU)
  await cleanupAll(false);
  return out;
}

function verdicts(r) {
  const p99Limit = r.kind === 'pglite' ? 1000 : 500;
  const m = r.median;
  return [
    [`${N} simultaneous submissions all stored (lost 0, no errors), ${ROUNDS} rounds${r.mixed ? ' and the mixed round' : ''}`,
      r.lost === 0 && r.acked === r.expected && r.submitErrors === 0 && r.wrongScore === 0,
      `${r.stored}/${r.expected} stored, lost ${r.lost}, errors ${r.submitErrors}, wrong scores ${r.wrongScore}`],
    [`submit p99 < ${p99Limit} ms (worst round)`, r.worstP99 < p99Limit, `p99 ${r.rounds.map((x) => fmt(x.submit.p99)).join(', ')} ms`],
    ['server-side submissions/s >= 0.5 x raw single-insert rate (median round)', m.ratio >= 0.5,
      `${fmt(m.server.rate)} / ${fmt(m.rawRate)} = ${fmt(m.ratio, 2)} (rounds: ${r.rounds.map((x) => fmt(x.ratio, 2)).join(', ')})`],
    ...(r.mixed ? mixedVerdicts(r.mixed, p99Limit) : []),
    ...(r.flood ? floodVerdicts(r.flood, p99Limit) : []),
  ];
}

/** The flood round: the students' autosaves keep their target while one client floods; the flood is refused. */
function floodVerdicts(x, p99Limit) {
  const { save, submit } = x.round;
  const refused = x.codes[429] ?? 0;
  const served = (x.codes[200] ?? 0) + (x.codes[206] ?? 0);
  // the server's default budgets a minute for one address: the API's and the files'
  const { address, files } = loadConfig({}).requestBudget;
  const windows = Math.floor(x.ms / 60_000) + 1;
  const allowance = (address + files) * windows;
  return [
    [`with one client's ${FLOOD_LOOPS} loops: students' autosave p99 < ${p99Limit} ms, no errors`, save.p99 < p99Limit && save.errors === 0,
      `p99 ${fmt(save.p99)} ms, errors ${save.errors}`],
    [`with one client's ${FLOOD_LOOPS} loops: submit p99 < ${p99Limit} ms`, submit.p99 < p99Limit && submit.errors === 0, `p99 ${fmt(submit.p99)} ms`],
    [`the flood is served no more than its budget (${address} API and ${files} files a minute), then 429`, served <= allowance && refused > 0,
      `${served} served (allowed ${allowance} in ${fmt(x.ms / 1000, 1)} s), ${refused} answered 429 (${JSON.stringify(x.codes)})`],
  ];
}

/** The mixed round: the exam's own requests keep their targets while the back office loads lists. */
function mixedVerdicts(x, p99Limit) {
  const { save, submit, ratio, server, rawRate } = x.round;
  return [
    [`with ${BACK_OFFICE} back-office clients: autosave p99 < ${p99Limit} ms`, save.p99 < p99Limit && save.errors === 0,
      `p99 ${fmt(save.p99)} ms, errors ${save.errors}`],
    [`with ${BACK_OFFICE} back-office clients: submit p99 < ${p99Limit} ms`, submit.p99 < p99Limit, `p99 ${fmt(submit.p99)} ms`],
    [`with ${BACK_OFFICE} back-office clients: server-side submissions/s >= 0.5 x raw single-insert rate`, ratio >= 0.5,
      `${fmt(server.rate)} / ${fmt(rawRate)} = ${fmt(ratio, 2)}`],
    ['the back office is served meanwhile (every list answered 200 or 503 busy, none failed)', x.served > 0 && x.failed === 0,
      `${x.served} lists served, ${x.busy} busy, ${x.failed} failed`],
  ];
}

function markdown(all) {
  const lines = [];
  for (const r of all) {
    lines.push(`\n### ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} — ${N} students, ${ROUNDS} rounds\n`);
    lines.push('| phase | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const p of r.phases) {
      lines.push(`| ${p.name} | ${p.requests} | ${fmt(p.rps, 1)} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${fmt(p.max)} | ${p.errors} |`);
    }
    lines.push('');
    lines.push('| burst | raw INSERT/s (before, after) | server side: written in | batches (largest) | submissions/s | ratio | as the load generator sees it |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|');
    for (const x of r.mixed ? [...r.rounds, r.mixed.round] : r.rounds) {
      lines.push(`| ${r.mixed?.round === x ? 'with back office' : `round ${x.round}`} | ${fmt(x.rawRate)} (${fmt(x.rawBefore)}, ${fmt(x.rawAfter)}) | ${x.server.items} in ${fmt(x.server.windowMs)} ms `
        + `| ${x.server.batches} (${x.server.largest}) | ${fmt(x.server.rate)} | **${fmt(x.ratio, 2)}×** | ${fmt(x.submitRate)}/s = ${fmt(x.clientRatio, 2)}× |`);
    }
    lines.push('');
    lines.push(`Acknowledged submissions ${r.acked}, results stored ${r.stored}, **lost ${r.lost}** (wrong scores ${r.wrongScore}); `
      + `median round: **${fmt(r.median.ratio, 2)}×** the raw single-row insert rate.\n`);
    for (const [what, ok, detail] of verdicts(r)) lines.push(`- ${ok ? 'MET' : 'MISSED'}: ${what} — ${detail}`);
  }
  return lines.join('\n');
}

async function main() {
  const kinds = [];
  if (which === 'both' || which === 'pglite') kinds.push('pglite');
  if (which === 'both' || which === 'postgres') {
    if (await pgReachable(PG_URL)) kinds.push('postgres');
    else console.log(`PostgreSQL not reachable at ${PG_URL}: skipping the PostgreSQL run.`);
  }
  const started = Date.now();
  const all = [];
  const starts = [];
  const contents = [];
  let contentPackage;
  if (runContent) {
    contentPackage = await prepareContentPackage(console.log);
    finalCleanups.push(contentPackage.cleanup);
  }
  let startMedia;
  if (runStart) {
    startMedia = await prepareStartMedia(console.log);
    finalCleanups.push(startMedia.cleanup);
  }
  const profile = process.env.BENCH_PROFILE;
  for (const [i, kind] of kinds.entries()) {
    if (runEnd) all.push(await runOne(kind, PORT_BASE + i));
    if (runStart) {
      starts.push(await runStartPhase({
        kind, port: PORT_BASE + 10 + i, students: START_N, spreadS: START_SPREAD, pgUrl: PG_URL, plan: startMedia.plan, media: startMedia.media,
        cleanups, log: console.log, profileDir: profile,
        serverArgs: [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
      }));
    }
    if (runContent) {
      contents.push(await runContentPhase({ kind, port: PORT_BASE + 20 + i, pgUrl: PG_URL, pkg: contentPackage.pkg, cleanups, log: console.log }));
      await cleanupAll(false);
    }
  }
  console.log(`\n## Results (${new Date().toISOString()}, total ${fmt((Date.now() - started) / 1000)} s)`);
  if (all.length) console.log(`\n## The exam-end burst, ${N} students\n${markdown(all)}`);
  if (starts.length) console.log(`\n## The start stampede, ${START_N} students\n${starts.map(startMarkdown).join('\n')}`);
  if (contents.length) console.log(`\n## The content phase\n${contents.map(contentMarkdown).join('\n')}`);
  let failed = false;
  for (const r of all) for (const [, ok] of verdicts(r)) if (!ok) failed = true;
  for (const r of starts) for (const [, ok] of startVerdicts(r)) if (!ok) failed = true;
  for (const r of contents) for (const [, ok] of contentVerdicts(r)) if (!ok) failed = true;
  if (all.some((r) => r.lost > 0)) console.log('\nLOST SUBMISSIONS: see above.');
  return failed ? 1 : 0;
}

main()
  .then(async (code) => { await cleanupAll(); process.exit(code); })
  .catch(async (err) => { console.error(err); await cleanupAll(); process.exit(1); });
