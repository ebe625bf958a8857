#!/usr/bin/env node
/**
 * The exam-end burst. `npm run bench` (or: node --import tsx bench/bench-exam-end.mjs [--students N] [--db pglite|postgres|both])
 *
 * For each database (PGlite always; PostgreSQL when BENCH_DATABASE_URL / postgres://postgres@127.0.0.1:5432/test
 * answers): prepares a temporary database (migrations, demo seed, N students of the demo institute, each with an
 * ALL access), starts the PRODUCTION server as a child process on 127.0.0.1, and simulates N students:
 *   1. sign-in            POST /api/auth/signin                       (concurrency 50)
 *   2. start              POST /api/reports/create/:userId            (concurrency 50)
 *      load               GET  /api/attempts/running/:examId/:userId  (concurrency 50; questions without answers)
 *   3. autosave           PUT  /api/attempts/:id/answers/:userId      4 batches of 10 answers per student (concurrency 100)
 *   4. submit             POST /api/results/create/:examId/:userId    all N fired at once, each with its 40 answers
 *                                                                      (as the student app sends them)
 * Then stops the server (SIGTERM), reopens the database and counts the results of the acknowledged submissions
 * (lost must be 0), checks each stored score against the answer key, and measures the database's own single-row
 * INSERT rate (2,000 autocommit INSERTs into a scratch table through the same driver: PGlite in this process on a
 * temporary directory; pg on PostgreSQL, one connection), and our submissions per second as a ratio of it: the
 * server-side rate (from the server's [batch] lines, BATCH_LOG=1: submissions written / time from the first submission
 * handed to the batcher to the last batch's COMMIT) for the verdict, and the rate the load generator sees (N / wall
 * time of the phase) next to it. Each simulated student is one device with its own keep-alive connection (node:http).
 * Everything is bounded (8 minutes) and cleaned up (servers stopped, temp dirs removed, the database dropped).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  freshPgDatabase, pgReachable, pool, prepareDatabase, readStoredResults, startServer, tempDir, PASSWORD,
} from '../server/test/procs.ts';

// ---------- options ----------
const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const N = Number(arg('students') ?? process.env.BENCH_STUDENTS ?? 500);
if (!Number.isInteger(N) || N < 1 || N > 5000) {
  console.error('--students must be an integer from 1 to 5000');
  process.exit(2);
}
const which = arg('db') ?? process.env.BENCH_DB ?? 'both';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT_BASE = Number(process.env.BENCH_PORT ?? 8501);
const RAW_INSERTS = 2000;
const TIME_LIMIT_MS = 8 * 60 * 1000;

// ---------- clean-up and the time limit ----------
const cleanups = [];
const cleanupAll = async () => {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try { await fn(); } catch (err) { console.error(`cleanup: ${err.message}`); }
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
 * Each student is one device with its own keep-alive connection (node:http Agent, one socket), as a phone that keeps
 * its connection between autosaves: the load generator does not funnel 500 students through a shared pool, and the
 * latency of a request is the device's (including a reconnection when the server closed an idle socket).
 * JSON request; never throws for HTTP statuses (status 0 = connection error).
 */
function device() {
  return new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });
}

function call(base, agent, method, url, body, token) {
  const t0 = performance.now();
  const u = new URL(`${base}/api/${url}`);
  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  return new Promise((resolve) => {
    const req = http.request({
      host: u.hostname, port: u.port, path: u.pathname, method, agent,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        let parsed = text;
        try { parsed = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - t0 });
      });
      res.on('error', (err) => resolve({ status: 0, body: { error: err.message }, ms: performance.now() - t0 }));
    });
    req.on('error', (err) => resolve({ status: 0, body: { error: err.message }, ms: performance.now() - t0 }));
    req.end(payload);
  });
}

// ---------- statistics ----------
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const fmt = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');

/** Runs one phase: replies of `fn` over items, with concurrency (Infinity = all at once). */
async function phase(name, items, concurrency, fn) {
  const t0 = performance.now();
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
  return { row, replies };
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
    const t0 = performance.now();
    for (let i = 0; i < RAW_INSERTS; i++) await db.query('insert into scratch (v) values ($1)', [`row ${i}`]);
    return RAW_INSERTS / ((performance.now() - t0) / 1000);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function rawInsertRatePg(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create table scratch (id bigserial primary key, v text not null, at timestamptz not null default now())');
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
    nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    // one line per batch on stderr: the server-side submission rate is computed from them
    env: { BATCH_LOG: '1' },
  });
  cleanups.push(() => server.kill());
  console.log(`  production server ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  const base = server.base;
  const examId = prepared.examId;
  const phases = [];

  // 1. sign-in
  const devices = prepared.students.map(() => device());
  cleanups.push(async () => { for (const d of devices) d.destroy(); });
  const signin = await phase('1 sign-in', prepared.students, 50, (s, i) => call(base, devices[i], 'POST', 'auth/signin', { email: s.email, password: PASSWORD }));
  phases.push(signin.row);
  const sessions = signin.replies.map((r, i) => (r.status === 200 ? { id: r.body.user._id, token: r.body.token, email: prepared.students[i].email, agent: devices[i] } : null)).filter(Boolean);

  // 2. start + load the running exam
  const start = await phase('2 start (reports/create)', sessions, 50, (s) => call(base, s.agent, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token));
  phases.push(start.row);
  start.replies.forEach((r, i) => { if (r.status === 200) sessions[i].attempt = r.body._id; });
  const started = sessions.filter((s) => s.attempt);
  const load = await phase('2 load (attempts/running)', started, 50, (s) => call(base, s.agent, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token));
  phases.push(load.row);
  const questionIds = load.replies.find((r) => r.status === 200)?.body.questions.map((q) => q._id) ?? [];
  if (questionIds.length !== 40) throw new Error(`expected 40 questions, got ${questionIds.length}`);
  for (const s of started) s.answers = questionIds.map((q) => ({ question: q, answer: String(1 + Math.floor(Math.random() * 4)) }));

  // 3. autosave: 4 batches of 10 answers per student
  const saves = [];
  for (let b = 0; b < 4; b++) for (const s of started) saves.push({ s, batch: s.answers.slice(b * 10, b * 10 + 10) });
  const save = await phase('3 autosave (4 x 10 answers)', saves, 100, ({ s, batch }) =>
    call(base, s.agent, 'PUT', `attempts/${s.attempt}/answers/${s.id}`, { answers: batch }, s.token));
  phases.push(save.row);

  if (process.env.BENCH_DEBUG) console.log(batchLines(server.output(), 0).replace(/^/gm, '  (debug) '));
  // The raw rate is measured twice, just before the burst and after it (the server idle, then stopped), and the
  // ratio uses their mean: on a shared machine one sample alone can land on a busy or a quiet moment.
  const rawBefore = kind === 'pglite' ? await rawInsertRatePglite() : await rawInsertRatePg(databaseUrl);
  const outputBefore = server.output().length;
  // 4. everyone submits at once
  const submit = await phase(`4 submit (all ${started.length} at once)`, started, Infinity, (s) =>
    call(base, s.agent, 'POST', `results/create/${examId}/${s.id}`, { report: s.attempt, answers: s.answers }, s.token));
  phases.push(submit.row);
  if (process.env.BENCH_DEBUG) {
    console.log(batchLines(server.output(), outputBefore).replace(/^/gm, '  (debug) '));
    const all = Object.entries(parseBatches(server.output(), outputBefore)).flatMap(([k, l]) => l.map((b) => ({ k, ...b })));
    const t0 = Math.min(...all.map((b) => b.queued));
    all.sort((a, b) => a.start - b.start);
    console.log(`  (debug) timeline (ms from the first item queued): ${all.slice(0, 30).map((b) => `${b.k}[${b.size}] q${fmt(b.queued - t0)} ${fmt(b.start - t0)}-${fmt(b.end - t0)}`).join(', ')}`);
  }
  const server_ = serverSubmitRate(server.output(), outputBefore);
  const acked = [];
  submit.replies.forEach((r, i) => { if (r.status === 200) acked.push({ ...started[i], resultId: r.body.resultId, score: r.body.score }); });

  // stop the server (graceful), then count what is stored
  t0 = performance.now();
  await server.stop();
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
  const rawAfter = kind === 'pglite' ? await rawInsertRatePglite() : await rawInsertRatePg(databaseUrl);
  const rawRate = (rawBefore + rawAfter) / 2;

  const submitRate = submit.row.requests / (submit.row.wallMs / 1000);
  const out = {
    kind, phases, acked: acked.length, stored, lost: acked.length - stored, wrongScore,
    submitErrors: submit.row.errors, rawRate, rawBefore, rawAfter, submitRate, clientRatio: submitRate / rawRate,
    server: server_, ratio: server_.rate / rawRate,
  };
  console.log(`  acknowledged submissions ${out.acked}, results stored ${out.stored}, lost ${out.lost}, wrong scores ${wrongScore}`);
  console.log(`  raw single-row INSERT rate (${RAW_INSERTS} autocommit inserts, one connection): ${fmt(rawRate)} /s `
    + `(mean of ${fmt(rawBefore)} /s just before the burst and ${fmt(rawAfter)} /s after it)`);
  console.log(`  submissions, server side: ${server_.items} in ${fmt(server_.windowMs)} ms (${server_.batches} batches, largest ${server_.largest}) `
    + `= ${fmt(server_.rate)} /s = ${fmt(out.ratio, 2)} x the raw insert rate`);
  console.log(`  submissions, as the load generator sees them: ${fmt(submitRate)} /s = ${fmt(out.clientRatio, 2)} x the raw insert rate`);

  // clean this run up now (the next run needs the CPU)
  await cleanupAll();
  return out;
}

function verdicts(r) {
  const sub = r.phases[r.phases.length - 1];
  const p99Limit = r.kind === 'pglite' ? 1000 : 500;
  return [
    [`${N} simultaneous submissions all stored (lost 0, no errors)`, r.lost === 0 && r.acked === N && r.submitErrors === 0 && r.wrongScore === 0,
      `${r.stored}/${N} stored, lost ${r.lost}, errors ${r.submitErrors}, wrong scores ${r.wrongScore}`],
    [`submit p99 < ${p99Limit} ms`, sub.p99 < p99Limit, `p99 ${fmt(sub.p99)} ms`],
    ['server-side submissions/s >= 0.5 x raw single-insert rate', r.ratio >= 0.5, `${fmt(r.server.rate)} / ${fmt(r.rawRate)} = ${fmt(r.ratio, 2)}`],
  ];
}

function markdown(all) {
  const lines = [];
  for (const r of all) {
    lines.push(`\n### ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} — ${N} students\n`);
    lines.push('| phase | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const p of r.phases) {
      lines.push(`| ${p.name} | ${p.requests} | ${fmt(p.rps, 1)} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${fmt(p.max)} | ${p.errors} |`);
    }
    lines.push('');
    lines.push(`Acknowledged submissions ${r.acked}, results stored ${r.stored}, **lost ${r.lost}** (wrong scores ${r.wrongScore}); `
      + `raw single-row INSERT rate ${fmt(r.rawRate)}/s; server side: ${r.server.items} submissions written in ${fmt(r.server.windowMs)} ms `
      + `(${r.server.batches} batches, largest ${r.server.largest}) = ${fmt(r.server.rate)}/s = **${fmt(r.ratio, 2)}×** the raw rate; `
      + `as the load generator sees them (whole phase): ${fmt(r.submitRate)}/s = ${fmt(r.clientRatio, 2)}×.\n`);
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
  for (const [i, kind] of kinds.entries()) all.push(await runOne(kind, PORT_BASE + i));
  console.log(`\n## Results (${new Date().toISOString()}, ${N} students, total ${fmt((Date.now() - started) / 1000)} s)`);
  console.log(markdown(all));
  let failed = false;
  for (const r of all) for (const [, ok] of verdicts(r)) if (!ok) failed = true;
  if (all.some((r) => r.lost > 0)) console.log('\nLOST SUBMISSIONS: see above.');
  return failed ? 1 : 0;
}

main()
  .then(async (code) => { await cleanupAll(); process.exit(code); })
  .catch(async (err) => { console.error(err); await cleanupAll(); process.exit(1); });
