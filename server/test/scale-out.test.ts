/**
 * Scale-out: two API processes on one PostgreSQL database (TEST_DATABASE_URL, a fresh database), no JWT_SECRET (the
 * secret is shared through the settings table). An exam runs across both: started on A, autosaved and read on B,
 * submitted on B, result read on A; tokens of one work on the other; media (seeded or uploaded on one) are served by
 * both; the expiry sweepers of both close an overdue attempt exactly once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { SERVER_ROOT } from '../src/config.ts';
import {
  call, freePort, freshPgDatabase, prepareDatabase, startServer, tempDir, PASSWORD, type Prepared, type ServerProcess,
} from './procs.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

if (!TEST_DATABASE_URL) {
  describe('scale-out: two API processes on one PostgreSQL', () => {
    it('runs when TEST_DATABASE_URL is set', { skip: 'TEST_DATABASE_URL is not set (needs PostgreSQL)' }, () => {});
  });
} else {
  describe('scale-out: two API processes on one PostgreSQL', { timeout: 120_000 }, () => {
    let dataDir: string;
    let url: string;
    let drop: () => Promise<void>;
    let prepared: Prepared;
    let a: ServerProcess;
    let b: ServerProcess;
    const servers: ServerProcess[] = [];
    let examId: string;

    const signin = async (base: string, email: string) => {
      const r = await call(base, 'POST', 'auth/signin', { email, password: PASSWORD });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return { id: r.body.user._id as string, token: r.body.token as string };
    };

    before(async () => {
      dataDir = tempDir('scale-out');
      const fresh = await freshPgDatabase(TEST_DATABASE_URL, 'scaleout');
      url = fresh.url;
      drop = () => fresh.drop();
      prepared = await prepareDatabase({ databaseUrl: url, students: 3, prefix: 'scale' });
      examId = prepared.examId;
      // both start at once (migrations and seed are serialised by advisory locks); separate DATA_DIRs: nothing shared
      // on disk. A short sweep interval and no grace, for the expiry test.
      const env = { EXAM_SWEEP_SECONDS: '1', EXAM_GRACE_SECONDS: '0' };
      [a, b] = await Promise.all([
        startServer({ port: await freePort(), dataDir: path.join(dataDir, 'a'), databaseUrl: url, env }),
        startServer({ port: await freePort(), dataDir: path.join(dataDir, 'b'), databaseUrl: url, env }),
      ]);
      servers.push(a, b);
    });

    after(async () => {
      for (const s of servers) await s.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await drop?.();
    });

    it('an exam runs across both processes: start on A, autosave and read on B, submit on B, result on A', async () => {
      const st = prepared.students[0]!;
      const s = await signin(a.base, st.email);
      // the token signed by A is accepted by B (one secret in the settings table)
      const list = await call(b.base, 'GET', `exams/published/users/${s.id}`, undefined, s.token);
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.ok(list.body.some((e: { _id: string }) => e._id === examId));

      const start = await call(a.base, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token);
      assert.equal(start.status, 200, JSON.stringify(start.body));
      const attemptId = start.body._id as string;

      const onB = await call(b.base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
      assert.equal(onB.status, 200, JSON.stringify(onB.body));
      assert.equal(onB.body.attempt._id, attemptId);
      const qs = onB.body.questions.map((q: { _id: string }) => q._id) as string[];
      const answers = qs.slice(0, 12).map((q, i) => ({ question: q, answer: String(1 + (i % 4)) }));
      const save = await call(b.base, 'PUT', `attempts/${attemptId}/answers/${s.id}`, { answers }, s.token);
      assert.equal(save.status, 200, JSON.stringify(save.body));

      // visible on both
      for (const base of [a.base, b.base]) {
        const r = await call(base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
        assert.equal(r.status, 200);
        for (const x of answers) assert.equal(r.body.answers[x.question], x.answer);
      }
      // starting again on A resumes the same attempt
      const again = await call(a.base, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token);
      assert.equal(again.body._id, attemptId);
      assert.equal(again.body.resumed, true);

      const submit = await call(b.base, 'POST', `results/create/${examId}/${s.id}`, { report: attemptId }, s.token);
      assert.equal(submit.status, 200, JSON.stringify(submit.body));
      assert.equal(submit.body.attempted, 12);
      // idempotent across processes
      const twice = await call(a.base, 'POST', `results/create/${examId}/${s.id}`, { report: attemptId }, s.token);
      assert.equal(twice.status, 200);
      assert.equal(twice.body.resultId, submit.body.resultId);

      const detail = await call(a.base, 'GET', `results/${submit.body.resultId}/${s.id}`, undefined, s.token);
      assert.equal(detail.status, 200, JSON.stringify(detail.body));
      assert.equal(detail.body.result.score, submit.body.score);
      assert.equal(detail.body.result.attempted, 12);
      const gone = await call(a.base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
      assert.equal(gone.status, 404);
    });

    it('a token from either process works on the other', async () => {
      const fromB = await signin(b.base, prepared.students[1]!.email);
      const me = await call(a.base, 'GET', `results/user/${fromB.id}`, undefined, fromB.token);
      assert.equal(me.status, 200, JSON.stringify(me.body));
      const admin = await signin(a.base, 'admin@example.com');
      const onB = await call(b.base, 'GET', `exams/published/users/${fromB.id}`, undefined, admin.token);
      assert.equal(onB.status, 403, 'authenticated on B (not 401), then refused by the role check');
    });

    it('media, seeded or uploaded through one process, are served by both', async () => {
      const st = prepared.students[0]!;
      const s = await signin(a.base, st.email);
      const start = await call(a.base, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token);
      assert.equal(start.status, 200);
      const running = await call(a.base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
      const urls = new Set<string>();
      for (const q of running.body.questions) {
        for (const v of Object.values(q)) if (typeof v === 'string') for (const m of v.matchAll(/\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}/g)) urls.add(m[0]);
      }
      assert.ok(urls.size > 0, 'the demo exam has media');

      // an upload through A (the admin owns the demo exam)
      const admin = await signin(a.base, 'admin@example.com');
      const png = fs.readdirSync(path.join(SERVER_ROOT, 'seed', 'media')).find((f) => f.endsWith('.png'));
      let uploaded: string | undefined;
      if (png) {
        const bytes = fs.readFileSync(path.join(SERVER_ROOT, 'seed', 'media', png));
        // a changed copy: new bytes, a new content address (PNG ignores trailing bytes after IEND)
        const data = Buffer.concat([bytes, Buffer.from(`scale-out ${Date.now()}`)]);
        const form = new FormData();
        form.append('name', 'main_heading_image');
        form.append('kind', 'image');
        form.append('file', new Blob([data], { type: 'image/png' }), 'x.png');
        const res = await fetch(`${a.base}/api/upload-file/${examId}/${admin.id}`, {
          method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` },
        });
        const body = await res.json() as { url?: string; error?: string };
        assert.equal(res.status, 200, JSON.stringify(body));
        uploaded = body.url;
        assert.match(uploaded!, /^\/media\/[0-9a-f]{64}\.png$/);
        urls.add(uploaded!);
      }
      for (const u of urls) {
        const hash = /\/media\/([0-9a-f]{64})\./.exec(u)![1];
        for (const server of [a, b]) {
          const res = await fetch(`${server.base}${u}`);
          assert.equal(res.status, 200, `${u} on port ${server.port}`);
          const buf = Buffer.from(await res.arrayBuffer());
          assert.equal(createHash('sha256').update(buf).digest('hex'), hash, `${u} on port ${server.port}: the stored bytes`);
        }
      }
      assert.ok(uploaded, 'a PNG in server/seed/media to upload');
    });

    it('the expiry sweepers of both processes close an overdue attempt once, from its saved answers', async () => {
      const st = prepared.students[2]!;
      const s = await signin(b.base, st.email);
      const start = await call(b.base, 'POST', `reports/create/${s.id}`, { exam: examId }, s.token);
      assert.equal(start.status, 200);
      const attemptId = start.body._id as string;
      const running = await call(a.base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
      const qs = running.body.questions.map((q: { _id: string }) => q._id) as string[];
      const save = await call(a.base, 'PUT', `attempts/${attemptId}/answers/${s.id}`,
        { answers: qs.slice(0, 3).map((q) => ({ question: q, answer: '2' })) }, s.token);
      assert.equal(save.status, 200);

      // the student's tab is gone; the deadline passes (moved into the past in the database)
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`update attempts set deadline_at = now() - interval '1 minute' where id = $1`, [attemptId]);
        let status = 'running';
        for (let i = 0; i < 100 && status === 'running'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          status = (await c.query('select status from attempts where id = $1', [attemptId])).rows[0].status;
        }
        assert.equal(status, 'expired', 'closed by a sweeper');
        await new Promise((r) => setTimeout(r, 1500)); // both sweepers have run again
        const rows = (await c.query('select attempted from results where attempt_id = $1', [attemptId])).rows;
        assert.equal(rows.length, 1, 'exactly one result');
        assert.equal(rows[0].attempted, 3);
      } finally {
        await c.end();
      }
      for (const server of [a, b]) {
        const r = await call(server.base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
        assert.equal(r.status, 404);
      }
    });
  });
}
