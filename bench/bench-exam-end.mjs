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
 * temporary directory; pg on PostgreSQL, one connection), and our submissions per second as a ratio of it.
 * Everything is bounded (8 minutes) and cleaned up (servers stopped, temp dirs removed, the database dropped).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  call, freshPgDatabase, pgReachable, pool, prepareDatabase, readStoredResults, startServer, tempDir, PASSWORD,
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
  });
  cleanups.push(() => server.kill());
  console.log(`  production server ready in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  const base = server.base;
  const examId = prepared.examId;
  const phases = [];

  // 1. sign-in
  const signin = await phase('1 sign-in', prepared.students, 50, (s) => call(base, 'POST', 'auth/signin', { email: s.email, password: PASSWORD }));
  phases.push(signin.row);
  const sessions = signin.replies.map((r, i) => (r.status === 200 ? { id: r.body.user._id, token: r.body.token, email: prepared.students[i].email } : null)).filter(Boolean);

  // 2. start + load the running exam
  const start = await phase('2 start (reports/create)', sessions, 50, (s) => call(base, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token));
  phases.push(start.row);
  start.replies.forEach((r, i) => { if (r.status === 200) sessions[i].attempt = r.body._id; });
  const started = sessions.filter((s) => s.attempt);
  const load = await phase('2 load (attempts/running)', started, 50, (s) => call(base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token));
  phases.push(load.row);
  const questionIds = load.replies.find((r) => r.status === 200)?.body.questions.map((q) => q._id) ?? [];
  if (questionIds.length !== 40) throw new Error(`expected 40 questions, got ${questionIds.length}`);
  for (const s of started) s.answers = questionIds.map((q) => ({ question: q, answer: String(1 + Math.floor(Math.random() * 4)) }));

  // 3. autosave: 4 batches of 10 answers per student
  const saves = [];
  for (let b = 0; b < 4; b++) for (const s of started) saves.push({ s, batch: s.answers.slice(b * 10, b * 10 + 10) });
  const save = await phase('3 autosave (4 x 10 answers)', saves, 100, ({ s, batch }) =>
    call(base, 'PUT', `attempts/${s.attempt}/answers/${s.id}`, { answers: batch }, s.token));
  phases.push(save.row);

  // 4. everyone submits at once
  const submit = await phase(`4 submit (all ${started.length} at once)`, started, Infinity, (s) =>
    call(base, 'POST', `results/create/${examId}/${s.id}`, { report: s.attempt, answers: s.answers }, s.token));
  phases.push(submit.row);
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
  const rawRate = kind === 'pglite' ? await rawInsertRatePglite() : await rawInsertRatePg(databaseUrl);

  const submitRate = submit.row.requests / (submit.row.wallMs / 1000);
  const out = {
    kind, phases, acked: acked.length, stored, lost: acked.length - stored, wrongScore,
    submitErrors: submit.row.errors, rawRate, submitRate, ratio: submitRate / rawRate,
  };
  console.log(`  acknowledged submissions ${out.acked}, results stored ${out.stored}, lost ${out.lost}, wrong scores ${wrongScore}`);
  console.log(`  raw single-row INSERT rate (${RAW_INSERTS} autocommit inserts, one connection): ${fmt(rawRate)} /s`);
  console.log(`  submissions: ${fmt(submitRate)} /s = ${fmt(out.ratio, 2)} x the raw insert rate`);

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
    ['submissions/s >= 0.5 x raw single-insert rate', r.ratio >= 0.5, `${fmt(r.submitRate)} / ${fmt(r.rawRate)} = ${fmt(r.ratio, 2)}`],
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
    lines.push(`Acknowledged submissions ${r.acked}, results stored ${r.stored}, **lost ${r.lost}**; raw single-row INSERT rate ${fmt(r.rawRate)}/s; `
      + `submissions ${fmt(r.submitRate)}/s = **${fmt(r.ratio, 2)}×** the raw rate.\n`);
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
