/**
 * The start stampede (issue 22), called by bench-exam-end.mjs (`--phase start`, `--start-students N`).
 *
 * On a fresh database and the production server (as the exam-end burst), an institute author uploads a realistic exam
 * through the API as the authoring screens do: 20 listening questions with clips of 20-60 s at 128 kbps stereo MP3
 * (8 of them with four option clips of about 10 s), 20 reading questions (6 with an image of about 150 kB); POST
 * upload-file for every file, questions/create for every question, publish, and each student's access to this exam
 * (examaccess/create, SELECTEDEXAM). The files come from server/test/support/media-fixtures.ts, generated once per run
 * into a temporary directory (BENCH_MEDIA_CACHE=<dir> keeps them there between runs, keyed by their parameters).
 *
 * Then N students, signed in beforehand, arrive all at once (the harsher reading of "within the same minute";
 * `--start-spread S` spreads the arrivals evenly over S seconds instead) and each, as the start page does:
 *   1. GET  /api/exams/published/users/:userId             the exam list the start page reads
 *   2. the exam package                                    examPackage() below: the download endpoint when the server
 *                                                          has it, else the exam as it is loaded today
 *   3. GET  every file of the package, at most 6 at a time (a browser's per-host limit over HTTP/1.1), whole bodies
 *   4. POST /api/reports/create/:userId (Get Started) and PUT examaccess/increaseCount, as the start page
 * Each student is one device: an undici Pool of at most 6 keep-alive connections (a browser's per-host connections),
 * its own and no one else's. "Ready" is the moment the last byte of the exam is on the device.
 *
 * In the same run, the same files (the bytes the students received, fetched once more from the server) are written to
 * a temporary nginx prefix and served by Debian's nginx on 127.0.0.1 to N students with the same request pattern
 * (all at once, 6 connections each, whole bodies); the ratio of the server's media throughput to nginx's is printed.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import {
  freePort, freshPgDatabase, pool, prepareDatabase, startServer, tempDir, PASSWORD,
} from '../server/test/procs.ts';
import { call, fmt, pct } from './http.mjs';

const MB = 1_000_000;
const PER_HOST = 6;
/** a student not ready this long after arriving is counted as an error and given up */
const STUDENT_DEADLINE_MS = 180_000;
const BUDGET_BYTES = 5 * MB;

const mb = (bytes, d = 1) => fmt(bytes / MB, d);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------- the exam's media ----------
/** What the bench uploads: 20 listening clips of 20-60 s, 32 option clips of about 10 s, 6 images of about 150 kB. */
export function examPlan() {
  const listening = Array.from({ length: 20 }, (_, i) => ({
    number: 21 + i,
    // 20 to 60 s, each its own speech (identical bytes would be stored once: the store is content-addressed)
    clip: { seconds: 20 + Math.round((40 * i) / 19), kbps: 128, channels: 2, seed: 21 + i },
    // questions 21, 23, ..., 35: four option clips of about 10 s each (9.5-10.5 s, all different)
    options: i % 2 === 0 && i < 16 ? [0, 1, 2, 3].map((k) => ({ seconds: 9.5 + (i * 4 + k) / 32, kbps: 128, channels: 2, seed: 100 + i * 4 + k })) : null,
  }));
  const reading = Array.from({ length: 20 }, (_, i) => ({
    number: 1 + i,
    // questions 1, 4, 7, 10, 13, 16: a photo of about 150 kB (each its own seed: different bytes)
    image: i % 3 === 0 && i < 18 ? { width: 1024, height: 768, approxBytes: 150_000, seed: 1 + i } : null,
  }));
  return { listening, reading };
}

const keyOf = (kind, p) => `${kind}-${Object.entries(p).map(([k, v]) => `${k}${v}`).join('-')}`;

/**
 * Generates (or finds, in BENCH_MEDIA_CACHE) every file of the plan; returns { dir, files: Map(key -> { path, bytes }),
 * seconds, removable }. The cache key is the file's parameters and the generator's own source.
 */
export async function generateMedia(plan, log) {
  const fixtures = path.resolve(import.meta.dirname, '../server/test/support/media-fixtures.ts');
  if (!fs.existsSync(fixtures)) throw new Error(`the media generator ${fixtures} is missing`);
  const { makeMp3, makeJpeg } = await import(fixtures);
  const version = createHash('sha256').update(fs.readFileSync(fixtures)).digest('hex').slice(0, 12);
  const keep = process.env.BENCH_MEDIA_CACHE;
  const dir = keep ? path.resolve(keep) : tempDir('bench-start-media');
  fs.mkdirSync(dir, { recursive: true });
  const files = new Map();
  const t0 = performance.now();
  let made = 0;
  let seconds = 0;
  const want = [];
  for (const q of plan.listening) {
    want.push(['mp3', q.clip]);
    for (const o of q.options ?? []) want.push(['mp3', o]);
  }
  for (const q of plan.reading) if (q.image) want.push(['jpg', q.image]);
  for (const [ext, p] of want) {
    const key = keyOf(ext, p);
    const file = path.join(dir, `${key}-${version}.${ext}`);
    if (!fs.existsSync(file)) {
      const bytes = ext === 'mp3' ? await makeMp3(p) : await makeJpeg(p);
      fs.writeFileSync(`${file}.part`, bytes);
      fs.renameSync(`${file}.part`, file);
      made++;
    }
    if (ext === 'mp3') seconds += p.seconds;
    files.set(key, { path: file, bytes: fs.statSync(file).size });
  }
  log(`  media: ${files.size} files, ${fmt(seconds / 60, 1)} min of MP3, ${mb([...files.values()].reduce((a, f) => a + f.bytes, 0))} MB `
    + `(${made} generated in ${fmt((performance.now() - t0) / 1000, 1)} s${keep ? `, ${files.size - made} found in BENCH_MEDIA_CACHE` : ''})`);
  return { dir, files, removable: !keep };
}

// ---------- HTTP as a device ----------
/** A student's browser: at most 6 keep-alive connections to the host, its own. */
function browser(base) {
  const dev = new Pool(base, { connections: PER_HOST, pipelining: 1, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000 });
  dev.origin = base;
  return dev;
}

/**
 * GET of a file, its whole body read and counted but not kept; { status, bytes, start, end, error? }. Written on
 * undici's dispatch API (the body's chunks counted as they arrive, no stream in between): the load generator shares
 * the two cores with the server it measures, so it reads the bodies as cheaply as it can.
 */
function getFile(dev, url, signal) {
  const start = performance.now();
  return new Promise((resolve) => {
    let status = 0;
    let declared = NaN;
    let bytes = 0;
    let settled = false;
    let controller;
    const done = (error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve({ status, bytes, start, end: performance.now(), error });
    };
    const onAbort = () => { controller?.abort(signal.reason); done(signal.reason?.message ?? 'aborted'); };
    if (signal?.aborted) { done(signal.reason?.message ?? 'aborted'); return; }
    signal?.addEventListener('abort', onAbort, { once: true });
    dev.dispatch({ origin: dev.origin, method: 'GET', path: url }, {
      onRequestStart(c) { controller = c; },
      onResponseStart(_c, code, headers) { status = code; declared = Number(headers['content-length']); },
      onResponseData(_c, chunk) { bytes += chunk.length; },
      onResponseEnd() { done(status === 200 && (!Number.isFinite(declared) || declared === bytes) ? undefined : `${status}, ${bytes} of ${declared} bytes`); },
      onResponseError(_c, err) { done(err.message); },
    });
  });
}

/** Every file of `urls` with at most PER_HOST requests in flight; the replies in order. */
async function getAll(dev, urls, signal) {
  const out = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      out[i] = await getFile(dev, urls[i], signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PER_HOST, urls.length) }, worker));
  return out;
}

const MEDIA_RE = /\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}/g;

/**
 * The exam as the start page gets it. With GET /api/exams/download/:examId/:userId (`{ examId, questions, files:
 * [{url, bytes}], bytes }`), that package, before Get Started. Without it (the server of today), the exam as it is
 * loaded today: Get Started (reports/create), then the running exam (attempts/running) and every media URL in its
 * questions. Returns { mode, status, error?, bytes (the JSON), files: [{url, bytes|undefined}], started? }.
 */
async function examPackage(dev, s, examId, signal, mode) {
  if (mode === 'download') {
    const r = await call(dev, 'GET', `exams/download/${examId}/${s.id}`, undefined, s.token, signal);
    if (r.status !== 200) return { status: r.status, error: `download: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}` };
    return { status: 200, bytes: r.bytes, files: r.body.files.map((f) => ({ url: f.url, bytes: f.bytes })), declared: r.body.bytes };
  }
  const started = await getStarted(dev, s, examId, signal);
  if (started.error) return started;
  const r = await call(dev, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token, signal);
  if (r.status !== 200) return { status: r.status, error: `attempts/running: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}` };
  const urls = [...new Set(JSON.stringify(r.body.questions).match(MEDIA_RE) ?? [])];
  return { status: 200, bytes: r.bytes, files: urls.map((url) => ({ url })), started: started.at };
}

/** Get Started, as the start page: reports/create, then examaccess/increaseCount. */
async function getStarted(dev, s, examId, signal) {
  const r = await call(dev, 'POST', `reports/create/${s.id}`, { exam: examId, user: s.id, institute: s.institute }, s.token, signal);
  if (r.status !== 200) return { status: r.status, error: `reports/create: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}` };
  const c = await call(dev, 'PUT', `examaccess/increaseCount/${examId}/${s.id}`, undefined, s.token, signal);
  if (c.status !== 200) return { status: c.status, error: `increaseCount: ${c.status} ${JSON.stringify(c.body).slice(0, 120)}` };
  return { at: performance.now(), ms: r.ms + c.ms };
}

/**
 * Renditions are made in the background after an upload; an exam is uploaded well before its students come, so the
 * stampede waits (at most 6 minutes, polling the student's package) until every uploaded audio is replaced by its
 * rendition in the package, and the package has not changed for 3 s (images are uploaded first, and a rendition is
 * kept only when smaller: an image may stay the original). Returns what it saw.
 */
async function waitForRenditions(base, s, examId, uploaded, log) {
  const t0 = performance.now();
  const dev = browser(base);
  try {
    let last;
    let stableSince = 0;
    for (;;) {
      const r = await call(dev, 'GET', `exams/download/${examId}/${s.id}`, undefined, s.token);
      if (r.status !== 200) throw new Error(`download while waiting for renditions: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      const originals = r.body.files.filter((f) => uploaded.has(f.url));
      const audioLeft = originals.filter((f) => f.url.endsWith('.mp3')).length;
      if (r.body.bytes !== last) { last = r.body.bytes; stableSince = performance.now(); }
      const waited = performance.now() - t0;
      if ((audioLeft === 0 && performance.now() - stableSince >= 3000) || waited > 6 * 60_000) {
        log(`  renditions: ${audioLeft === 0 ? 'made' : `NOT all made (${audioLeft} audio files still originals)`} after ${fmt(waited / 1000, 1)} s; `
          + `the package: ${r.body.files.length} files, ${mb(r.body.bytes, 2)} MB, ${originals.length} of them originals`);
        return { waitedMs: waited, audioLeft, originals: originals.length };
      }
      await sleep(1000);
    }
  } finally {
    await dev.close();
  }
}

/** Whether the server has the download endpoint: 404 with the router's own "Route ... not found" means no. */
async function packageMode(base, s, examId) {
  const dev = browser(base);
  try {
    const r = await call(dev, 'GET', `exams/download/${examId}/${s.id}`, undefined, s.token);
    if (r.status === 200) return 'download';
    // the not-found handler's own 404 (the exam's is 'Exam Not Found'): a server before the download endpoint
    if (r.status === 404 && r.body?.error === 'Not Found') return 'running';
    throw new Error(`GET exams/download answered ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  } finally {
    await dev.close();
  }
}

// ---------- the author ----------
function multipart(fields, file) {
  const boundary = `----bench${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}`;
  const parts = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The institute author builds the exam through the API; returns { examId, uploadedBytes, uploads }. */
async function authorExam(base, plan, media, students, log) {
  const t0 = performance.now();
  const dev = browser(base);
  try {
    const must = (r, what) => {
      if (r.status !== 200) throw new Error(`author: ${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      return r.body;
    };
    const me = must(await call(dev, 'POST', 'auth/signin', { email: 'institute@example.com', password: PASSWORD }), 'sign-in');
    const author = { id: me.user._id, token: me.token };
    const exam = must(await call(dev, 'POST', `exams/create/${author.id}`, { title: `Start stampede ${new Date().toISOString()}`, is_cbt: false }, author.token), 'exams/create');
    const examId = exam._id;
    let uploadedBytes = 0;
    let uploads = 0;
    const urls = new Set();
    const upload = async (name, key, ext) => {
      const f = media.files.get(key);
      const data = fs.readFileSync(f.path);
      const { body, type } = multipart({ name, kind: ext === 'mp3' ? 'audio' : 'image' }, { name: `${key}.${ext}`, type: ext === 'mp3' ? 'audio/mpeg' : 'image/jpeg', data });
      const t = performance.now();
      let r;
      try {
        const res = await dev.request({ method: 'POST', path: `/api/upload-file/${examId}/${author.id}`, headers: { 'content-type': type, authorization: `Bearer ${author.token}` }, body });
        const text = await res.body.text();
        r = { status: res.statusCode, body: JSON.parse(text), ms: performance.now() - t };
      } catch (err) {
        r = { status: 0, body: { error: err.message } };
      }
      uploadedBytes += data.length;
      uploads++;
      const { url } = must(r, `upload ${key}`);
      urls.add(url);
      return url;
    };
    const question = async (body) => must(await call(dev, 'POST', `questions/create/new/${examId}/${author.id}`, body, author.token), `question ${body.question_number}`);
    const base_ = { main_heading_image: false, heading: '', description: '', description_image: false, description_boxed: false, answer_details: '' };
    for (const q of plan.reading) {
      const image = q.image ? await upload('description', keyOf('jpg', q.image), 'jpg') : null;
      await question({
        ...base_, type: 'Reading', question_number: q.number, main_heading: `Reading question ${q.number}: choose the right answer.`,
        description: image ?? `A short text to read for question ${q.number}.`, description_image: !!image,
        option_type: 'text', option1: 'one', option2: 'two', option3: 'three', option4: 'four', listening: '', answer: String(1 + (q.number % 4)),
      });
    }
    for (const q of plan.listening) {
      const clip = await upload('listening', keyOf('mp3', q.clip), 'mp3');
      const options = q.options ? await Promise.all(q.options.map((o, k) => upload(`option${k + 1}_listening`, keyOf('mp3', o), 'mp3'))) : null;
      await question({
        ...base_, type: 'Listening', question_number: q.number, main_heading: `Listening question ${q.number}: listen and choose.`,
        option_type: options ? 'listening' : 'text',
        option1: options?.[0] ?? 'one', option2: options?.[1] ?? 'two', option3: options?.[2] ?? 'three', option4: options?.[3] ?? 'four',
        listening: clip, answer: String(1 + (q.number % 4)),
      });
    }
    if (urls.size !== uploads) throw new Error(`author: ${uploads} files uploaded but ${urls.size} distinct: the generated files must all differ`);
    must(await call(dev, 'PUT', `exams/publish/${examId}/${author.id}`, undefined, author.token), 'publish');
    // every student may take this exam (the User Access dialog: selected exam)
    const access = await pool(students, 10, (s) => call(dev, 'POST', `examaccess/create/${author.id}`,
      { user: s.id, type: 'SELECTEDEXAM', exams: [{ exam: examId, total_times: 5 }] }, author.token));
    const refused = access.filter((r) => r.status !== 200);
    if (refused.length) throw new Error(`author: access refused for ${refused.length} students, e.g. ${refused[0].status} ${JSON.stringify(refused[0].body)}`);
    log(`  author: exam uploaded through the API (${uploads} files, ${mb(uploadedBytes)} MB; 40 questions; published; `
      + `access for ${students.length} students) in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    return { examId, uploadedBytes, uploads, urls, instituteId: author.id };
  } finally {
    await dev.close();
  }
}

// ---------- the stampede ----------
/**
 * N students arrive (all at once, or spread evenly over `spreadS` seconds) and each takes the exam onto the device and
 * presses Get Started. Returns the per-student records and the media requests' records.
 */
async function stampede(base, sessions, examId, mode, spreadS) {
  const t0 = performance.now();
  const devices = sessions.map(() => browser(base));
  const one = async (s, i) => {
    const dev = devices[i];
    if (spreadS > 0) await sleep((spreadS * 1000 * i) / sessions.length);
    const arrived = performance.now();
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(new Error(`not ready within ${STUDENT_DEADLINE_MS / 1000} s`)), STUDENT_DEADLINE_MS);
    const rec = { arrived: arrived - t0, jsonBytes: 0, fileBytes: 0, files: [], errors: [] };
    try {
      const list = await call(dev, 'GET', `exams/published/users/${s.id}`, undefined, s.token, ac.signal);
      if (list.status !== 200 || !Array.isArray(list.body) || !list.body.some((e) => e._id === examId)) {
        rec.errors.push(`exam list: ${list.status} ${JSON.stringify(list.body).slice(0, 120)}`);
        return rec;
      }
      rec.jsonBytes += list.bytes;
      const pkg = await examPackage(dev, s, examId, ac.signal, mode);
      if (pkg.error) { rec.errors.push(pkg.error); return rec; }
      rec.jsonBytes += pkg.bytes;
      rec.packageBytes = pkg.bytes;
      rec.files = await getAll(dev, pkg.files.map((f) => f.url), ac.signal);
      rec.urls = pkg.files.map((f) => f.url);
      rec.fileBytes = rec.files.reduce((a, f) => a + f.bytes, 0);
      rec.files.forEach((f, k) => {
        if (f.error) rec.errors.push(`${pkg.files[k].url}: ${f.error}`);
        else if (pkg.files[k].bytes !== undefined && pkg.files[k].bytes !== f.bytes) rec.errors.push(`${pkg.files[k].url}: ${f.bytes} bytes, the package says ${pkg.files[k].bytes}`);
      });
      // the package's `bytes`: its files and its own JSON
      if (pkg.declared !== undefined && pkg.declared !== rec.fileBytes + pkg.bytes) rec.errors.push(`package and files ${rec.fileBytes + pkg.bytes} bytes, the package says ${pkg.declared}`);
      rec.ready = performance.now() - arrived;
      if (pkg.started === undefined) {
        const st = await getStarted(dev, s, examId, ac.signal);
        if (st.error) rec.errors.push(st.error);
        else rec.startedMs = st.ms;
      }
      rec.done = performance.now() - arrived;
      return rec;
    } finally {
      clearTimeout(timer);
    }
  };
  try {
    const recs = await Promise.all(sessions.map(one));
    return { recs, wallMs: performance.now() - t0 };
  } finally {
    await Promise.all(devices.map((d) => d.destroy()));
  }
}

/** The media requests' throughput: bytes / (first request sent .. last body read), requests/s. */
function throughput(fileReplies) {
  if (!fileReplies.length) return { bytes: 0, requests: 0, windowMs: NaN, mbps: NaN, rps: NaN };
  const first = Math.min(...fileReplies.map((f) => f.start));
  const last = Math.max(...fileReplies.map((f) => f.end));
  const bytes = fileReplies.reduce((a, f) => a + f.bytes, 0);
  const windowMs = last - first;
  return { bytes, requests: fileReplies.length, windowMs, mbps: bytes / MB / (windowMs / 1000), rps: fileReplies.length / (windowMs / 1000) };
}

// ---------- nginx ----------
/**
 * Serves `files` (url -> bytes on disk) with Debian's nginx on 127.0.0.1 (a generated config in a temporary prefix)
 * and lets N students download them with the stampede's pattern. Null when nginx is absent.
 */
async function nginxRun(files, urls, students, cleanups, log) {
  const bin = ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, 'nginx'))].find((p) => fs.existsSync(p));
  if (!bin) { log('  nginx: absent (Debian package nginx not installed): no comparison'); return null; }
  const dir = tempDir('bench-start-nginx');
  const stopAll = [];
  const cleanup = async () => { for (const f of stopAll.splice(0)) await f(); fs.rmSync(dir, { recursive: true, force: true }); };
  cleanups.push(cleanup);
  try {
    // root runs nginx's workers as nobody: the prefix must be readable by them
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'html', 'media'), { recursive: true, mode: 0o755 });
    for (const [url, file] of files) fs.copyFileSync(file, path.join(dir, 'html', url));
    for (const f of fs.readdirSync(path.join(dir, 'html', 'media'))) fs.chmodSync(path.join(dir, 'html', 'media', f), 0o644);
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'nginx.conf'), `
worker_processes auto;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  keepalive_timeout 65;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { audio/mpeg mp3; image/jpeg jpg jpeg; image/png png; image/webp webp; audio/mp4 m4a; audio/aac aac; audio/ogg ogg oga; }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/html;
    location /media/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`);
    const proc = spawn(bin, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.stderr.on('data', (d) => { out += d; });
    const exited = new Promise((r) => proc.once('exit', (code, sig) => r(code ?? sig)));
    let gone = false;
    void exited.then(() => { gone = true; });
    stopAll.push(async () => {
      if (gone) return;
      proc.kill('SIGQUIT'); // graceful
      const t = setTimeout(() => { if (!gone) proc.kill('SIGKILL'); }, 5000);
      await exited;
      clearTimeout(t);
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (gone) throw new Error(`nginx exited at start-up: ${out}`);
      try { if ((await fetch(`${base}${urls[0]}`, { method: 'HEAD' })).ok) break; } catch { /* not yet */ }
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 10 s: ${out}`);
      await sleep(100);
    }
    const devices = Array.from({ length: students }, () => browser(base));
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const recs = await Promise.all(devices.map(async (dev) => {
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(new Error('not done within the deadline')), STUDENT_DEADLINE_MS);
      try {
        const arrived = performance.now();
        const got = await getAll(dev, urls, ac.signal);
        return { files: got, ready: performance.now() - arrived, errors: got.filter((f) => f.error).map((f) => f.error) };
      } finally {
        clearTimeout(timer);
      }
    }));
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    await Promise.all(devices.map((d) => d.destroy()));
    const tp = throughput(recs.flatMap((r) => r.files));
    const ready = recs.filter((r) => !r.errors.length).map((r) => r.ready).sort((a, b) => a - b);
    const errors = recs.reduce((a, r) => a + r.errors.length, 0);
    log(`  nginx ${bin} (${out.trim() ? 'said: ' + out.trim().slice(0, 200) : 'quiet'}): ${students} students x ${urls.length} files in ${fmt(wallMs / 1000, 1)} s: `
      + `${mb(tp.bytes)} MB, ${fmt(tp.mbps)} MB/s, ${fmt(tp.rps)} requests/s; ready p50 ${fmt(pct(ready, 50) / 1000, 1)} s, p99 ${fmt(pct(ready, 99) / 1000, 1)} s; errors ${errors}; load generator CPU ${fmt((cpu.user + cpu.system) / 1e6, 1)} s`);
    return { ...tp, errors, wallMs, okCount: ready.length, p50: pct(ready, 50), p95: pct(ready, 95), p99: pct(ready, 99), max: ready.at(-1) };
  } finally {
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    await cleanup();
  }
}

// ---------- one run ----------
/**
 * The start phase on one database: fresh database, production server, the author's exam, the stampede, nginx.
 * `opts`: { kind, port, students, spreadS, pgUrl, media, plan, cleanups, serverArgs, log }.
 */
export async function runStartPhase(opts) {
  const { kind, port, students: N, spreadS, cleanups, log } = opts;
  log(`\n=== start phase, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${N} students ${spreadS > 0 ? `arriving over ${spreadS} s` : 'arriving all at once'}, port ${port} ===`);
  const mine = [];
  const own = (fn) => { mine.push(fn); cleanups.push(fn); };
  const release = async () => {
    while (mine.length) {
      const fn = mine.pop();
      cleanups.splice(cleanups.indexOf(fn), 1);
      try { await fn(); } catch (err) { console.error(`cleanup: ${err.message}`); }
    }
  };
  try {
    const dataDir = tempDir(`bench-start-${kind}`);
    own(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl;
    if (kind === 'postgres') {
      const fresh = await freshPgDatabase(opts.pgUrl, 'bench');
      databaseUrl = fresh.url;
      own(() => fresh.drop());
      log(`  database ${fresh.name} (dropped at the end)`);
    }
    const prepared = await prepareDatabase({ dataDir, databaseUrl, students: N, prefix: 'start' });
    // many students from 127.0.0.1 at machine speed: the budgets are lifted (bench-exam-end.mjs says why)
    const server = await startServer({ port, dataDir, databaseUrl, nodeArgs: opts.serverArgs, env: { REQUEST_BUDGET: 'on', REQUEST_BUDGET_ADDRESS: '10000000', REQUEST_BUDGET_USER: '10000000', REQUEST_BUDGET_FILES: '10000000' } });
    own(() => server.kill());
    const base = server.base;

    const exam = await authorExam(base, opts.plan, opts.media, prepared.students, log);

    // the students sign in beforehand (in class, before the exam starts), 50 at a time
    const signins = await pool(prepared.students, 50, async (s) => {
      const dev = browser(base);
      try { return await call(dev, 'POST', 'auth/signin', { email: s.email, password: PASSWORD }); } finally { await dev.close(); }
    });
    const sessions = signins.map((r) => (r.status === 200 ? { id: r.body.user._id, token: r.body.token, institute: exam.instituteId } : null));
    if (sessions.some((s) => !s)) throw new Error(`sign-in failed for ${sessions.filter((s) => !s).length} students`);

    const mode = await packageMode(base, sessions[0], exam.examId);
    log(`  exam package: ${mode === 'download' ? 'GET /api/exams/download (before Get Started)' : 'no download endpoint on this server: the exam as loaded today (Get Started, attempts/running, its media URLs)'}`);
    const renditions = mode === 'download' ? await waitForRenditions(base, sessions[0], exam.examId, exam.urls, log) : null;
    const load = os.loadavg()[0];
    const cpu0 = process.cpuUsage();
    const { recs, wallMs } = await stampede(base, sessions, exam.examId, mode, spreadS);
    const cpu = process.cpuUsage(cpu0);
    const tp = throughput(recs.flatMap((r) => r.files));
    const ok = recs.filter((r) => !r.errors.length);
    const ready = ok.map((r) => r.ready).sort((a, b) => a - b);
    const errors = recs.flatMap((r) => r.errors);
    // what one student downloads: a student who got every file (all get the same exam)
    const whole = recs.find((r) => r.ready !== undefined && r.files.every((f) => !f.error));
    const perStudent = whole ? whole.jsonBytes + whole.fileBytes : NaN;
    const packageBytes = whole ? whole.packageBytes : NaN;
    const fileBytes = whole ? whole.fileBytes : NaN;
    const servedBytes = recs.reduce((a, r) => a + r.jsonBytes + r.fileBytes, 0);
    // JSON requests per student: the list, then download + reports/create + increaseCount, or reports/create +
    // increaseCount + attempts/running: 4 either way
    const requests = recs.reduce((a, r) => a + r.files.length + 4, 0);
    log(`  stampede (load average ${fmt(load, 1)} before it): ${N} students in ${fmt(wallMs / 1000, 1)} s; ready ${ok.length}/${N}: p50 ${fmt(pct(ready, 50) / 1000, 1)} s, `
      + `p95 ${fmt(pct(ready, 95) / 1000, 1)} s, p99 ${fmt(pct(ready, 99) / 1000, 1)} s, max ${fmt(ready.at(-1) / 1000, 1)} s; errors ${errors.length}`
      + `${errors.length ? ` e.g. ${errors.slice(0, 3).join('; ')}` : ''}`);
    log(`  served: ${mb(servedBytes)} MB in all (${requests} requests), ${mb(perStudent, 2)} MB per student (package ${fmt(packageBytes / 1000)} kB + ${whole?.files.length ?? 0} files ${mb(fileBytes, 2)} MB); `
      + `media ${fmt(tp.mbps)} MB/s, ${fmt(tp.rps)} requests/s over ${fmt(tp.windowMs / 1000, 1)} s; load generator CPU ${fmt((cpu.user + cpu.system) / 1e6, 1)} s`);

    if (errors.length) {
      const tail = server.output().trim().split('\n').slice(-8).map((l) => `  (server) ${l.slice(0, 300)}`).join('\n');
      if (tail) log(tail);
    }

    // the bytes the students received, once more, for nginx
    let ng = null;
    if (whole) {
      const urls = whole.urls;
      const filesDir = tempDir('bench-start-served');
      own(async () => fs.rmSync(filesDir, { recursive: true, force: true }));
      const served = new Map();
      const dev = browser(base);
      try {
        for (const url of urls) {
          const res = await dev.request({ method: 'GET', path: url });
          const data = Buffer.from(await res.body.arrayBuffer());
          if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
          const file = path.join(filesDir, path.basename(url));
          fs.writeFileSync(file, data);
          served.set(url, file);
        }
      } finally {
        await dev.close();
      }
      await server.stop();
      if (opts.profileDir) fs.writeFileSync(path.join(opts.profileDir, `server-start-${kind}.log`), server.output());
      ng = await nginxRun(served, urls, N, cleanups, log);
    }
    await server.stop();
    return {
      kind, N, spreadS, mode, wallMs, okCount: ok.length, errors, p50: pct(ready, 50), p95: pct(ready, 95), p99: pct(ready, 99), max: ready.at(-1),
      servedBytes, requests, perStudent, packageBytes, fileBytes, files: whole?.files.length ?? 0, uploadedBytes: exam.uploadedBytes, uploads: exam.uploads,
      media: tp, nginx: ng, ratio: ng ? tp.mbps / ng.mbps : NaN, renditions, load,
    };
  } finally {
    await release();
  }
}

export function startVerdicts(r) {
  return [
    ['no errors', r.errors.length === 0, `${r.errors.length} errors${r.errors.length ? ` (e.g. ${r.errors[0]})` : ''}`],
    [`all ${r.N} students ready within 60 s`, r.okCount === r.N && r.max <= 60_000,
      `${r.okCount}/${r.N} ready, the last after ${fmt(r.max / 1000, 1)} s`],
    ['server media throughput >= 0.5 x nginx\'s on the same files', r.nginx ? r.ratio >= 0.5 : false,
      r.nginx ? `${fmt(r.media.mbps)} / ${fmt(r.nginx.mbps)} MB/s = ${fmt(r.ratio, 2)}` : 'nginx absent: not measured'],
    [`data budget: one student's download <= ${mb(BUDGET_BYTES, 0)} MB`, r.perStudent <= BUDGET_BYTES, `${mb(r.perStudent, 2)} MB`],
    ['data budget: one student\'s download <= 1/3 of the uploaded bytes', r.perStudent <= r.uploadedBytes / 3,
      `${mb(r.perStudent, 2)} MB of ${mb(r.uploadedBytes, 2)} MB uploaded = ${fmt((100 * r.perStudent) / r.uploadedBytes)} %`],
  ];
}

export function startMarkdown(r) {
  const lines = [];
  lines.push(`\n### Start stampede, ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} — ${r.N} students ${r.spreadS > 0 ? `arriving over ${r.spreadS} s` : 'arriving all at once'}\n`);
  lines.push(`Exam: ${r.uploads} files uploaded, ${mb(r.uploadedBytes, 2)} MB; package: ${r.mode === 'download' ? 'GET /api/exams/download' : 'as loaded today (after Get Started: attempts/running)'}.\n`);
  lines.push('| | students ready | ready p50 s | p95 s | p99 s | max s | per student MB | served MB | media MB/s | media req/s | errors |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  lines.push(`| server | ${r.okCount}/${r.N} | ${fmt(r.p50 / 1000, 1)} | ${fmt(r.p95 / 1000, 1)} | ${fmt(r.p99 / 1000, 1)} | ${fmt(r.max / 1000, 1)} | ${mb(r.perStudent, 2)} `
    + `| ${mb(r.servedBytes)} | ${fmt(r.media.mbps)} | ${fmt(r.media.rps)} | ${r.errors.length} |`);
  if (r.nginx) {
    lines.push(`| nginx, same files | ${r.nginx.okCount}/${r.N} | ${fmt(r.nginx.p50 / 1000, 1)} | ${fmt(r.nginx.p95 / 1000, 1)} | ${fmt(r.nginx.p99 / 1000, 1)} | ${fmt(r.nginx.max / 1000, 1)} | ${mb(r.fileBytes, 2)} `
      + `| ${mb(r.nginx.bytes)} | ${fmt(r.nginx.mbps)} | ${fmt(r.nginx.rps)} | ${r.nginx.errors} |`);
  }
  lines.push('');
  for (const [what, ok, detail] of startVerdicts(r)) lines.push(`- ${ok ? 'MET' : 'MISSED'}: ${what} — ${detail}`);
  return lines.join('\n');
}

/** Generates the exam's media once for the run; returns { plan, media, cleanup }. */
export async function prepareStartMedia(log) {
  const plan = examPlan();
  const media = await generateMedia(plan, log);
  return { plan, media, cleanup: async () => { if (media.removable) fs.rmSync(media.dir, { recursive: true, force: true }); } };
}

