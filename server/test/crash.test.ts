/**
 * Crash safety with REAL server processes: a burst of autosaves and submissions, SIGKILL in the middle of it, a
 * restart on the same data, then every ACKNOWLEDGED autosave and submission must be there and every attempt must be
 * finished (with its result) or running and resumable. On PGlite (always) and on PostgreSQL (TEST_DATABASE_URL, in a
 * fresh database). PGlite also: a second process on the same DATA_DIR refuses to start, and the data stays intact.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  call, freePort, freshPgDatabase, pool, prepareDatabase, startServer, tempDir, PASSWORD, type Prepared, type ServerProcess,
} from './procs.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const K = 30;
const PER_SAVE = 5;

interface Session {
  id: string;
  email: string;
  token: string;
  attempt: string;
  /** how many autosaves this student sends (2..8) before (even students) submitting */
  saves: number;
  submits: boolean;
  /** question -> answer of every acknowledged autosave */
  acked: Map<string, string>;
  ackedSubmit?: string;
}

function crashSuite(kind: 'pglite' | 'postgres') {
  describe(`crash safety on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, { timeout: 180_000 }, () => {
    let dataDir: string;
    let databaseUrl: string | undefined;
    let dropDb: (() => Promise<void>) | undefined;
    let prepared: Prepared;
    const servers: ServerProcess[] = [];
    let sessions: Session[] = [];
    let questionIds: string[] = [];
    let examId: string;
    let restarted: ServerProcess;

    before(async () => {
      dataDir = tempDir(`crash-${kind}`);
      if (kind === 'postgres') {
        const fresh = await freshPgDatabase(TEST_DATABASE_URL!, 'crash');
        databaseUrl = fresh.url;
        dropDb = () => fresh.drop();
      }
      prepared = await prepareDatabase({ dataDir, databaseUrl, students: K, prefix: 'crash' });
      examId = prepared.examId;
    });

    after(async () => {
      for (const s of servers) await s.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDb?.();
    });

    it('SIGKILL in the middle of a burst loses nothing acknowledged; every attempt is finished or resumable', async (t) => {
      const a = await startServer({ port: await freePort(), dataDir, databaseUrl });
      servers.push(a);

      // everyone signs in and starts the exam
      sessions = await pool(prepared.students, 10, async (st, i) => {
        const si = await call(a.base, 'POST', 'auth/signin', { email: st.email, password: PASSWORD });
        assert.equal(si.status, 200, JSON.stringify(si.body));
        const start = await call(a.base, 'POST', `reports/create/${si.body.user._id}`, { exam: examId }, si.body.token);
        assert.equal(start.status, 200, JSON.stringify(start.body));
        return {
          id: si.body.user._id, email: st.email, token: si.body.token, attempt: start.body._id,
          saves: 2 + (i % 7), submits: i % 2 === 0, acked: new Map<string, string>(),
        };
      });
      const running = await call(a.base, 'GET', `attempts/running/${examId}/${sessions[0]!.id}`, undefined, sessions[0]!.token);
      assert.equal(running.status, 200);
      questionIds = running.body.questions.map((q: { _id: string }) => q._id);
      assert.equal(questionIds.length, 40);

      // the burst: every student at once, each one's requests in order; SIGKILL once half of them are acknowledged
      const planned = sessions.reduce((n, s) => n + s.saves + (s.submits ? 1 : 0), 0);
      let acks = 0;
      let killedAt = -1;
      const ack = () => {
        acks++;
        if (killedAt < 0 && acks >= Math.floor(planned / 2)) {
          killedAt = acks;
          a.proc.kill('SIGKILL');
        }
      };
      await Promise.all(sessions.map(async (s) => {
        for (let j = 0; j < s.saves; j++) {
          const batch = questionIds.slice(j * PER_SAVE, (j + 1) * PER_SAVE)
            .map((q) => ({ question: q, answer: String(1 + Math.floor(Math.random() * 4)) }));
          const r = await call(a.base, 'PUT', `attempts/${s.attempt}/answers/${s.id}`, { answers: batch }, s.token);
          if (r.status !== 200) return; // the server is gone: this one is not acknowledged
          for (const b of batch) s.acked.set(b.question, b.answer);
          ack();
        }
        if (s.submits) {
          const r = await call(a.base, 'POST', `results/create/${examId}/${s.id}`, { report: s.attempt }, s.token);
          if (r.status !== 200) return;
          s.ackedSubmit = r.body.resultId;
          ack();
        }
      }));
      assert.ok(killedAt > 0, 'the server was killed during the burst');
      assert.equal(await a.exited, 'SIGKILL');
      const ackedSubmits = sessions.filter((s) => s.ackedSubmit).length;
      const ackedSaves = sessions.reduce((n, s) => n + s.acked.size / PER_SAVE, 0);
      assert.ok(ackedSubmits + ackedSaves >= killedAt);
      assert.ok(ackedSaves > 0, 'some autosaves were acknowledged before the kill');
      if (kind === 'pglite') assert.ok(fs.existsSync(path.join(dataDir, 'server.lock')), 'the killed server left its lock');

      // restart on the same data (PGlite: the stale lock is taken over)
      restarted = await startServer({ port: await freePort(), dataDir, databaseUrl });
      servers.push(restarted);
      const base = restarted.base;

      let finished = 0;
      let resumed = 0;
      for (const s of sessions) {
        // the old token still works: the JWT secret was kept (DATA_DIR/jwt-secret or the settings table)
        const r = await call(base, 'GET', `attempts/running/${examId}/${s.id}`, undefined, s.token);
        let resultId: string;
        if (r.status === 200) {
          assert.equal(s.ackedSubmit, undefined, `${s.email}: an acknowledged submission must not be running again`);
          assert.equal(r.body.attempt._id, s.attempt);
          for (const [q, ans] of s.acked) assert.equal(r.body.answers[q], ans, `${s.email}: acknowledged autosave of ${q} kept`);
          // resumable: it can be continued and submitted
          const more = await call(base, 'PUT', `attempts/${s.attempt}/answers/${s.id}`,
            { answers: [{ question: questionIds[39]!, answer: s.acked.get(questionIds[39]!) ?? '3' }] }, s.token);
          assert.equal(more.status, 200, JSON.stringify(more.body));
          if (!s.acked.has(questionIds[39]!)) s.acked.set(questionIds[39]!, '3');
          const sub = await call(base, 'POST', `results/create/${examId}/${s.id}`, { report: s.attempt }, s.token);
          assert.equal(sub.status, 200, JSON.stringify(sub.body));
          resultId = sub.body.resultId;
          resumed++;
        } else {
          assert.equal(r.status, 404, JSON.stringify(r.body));
          assert.ok(s.submits, `${s.email}: only a submitted attempt may be closed`);
          // finished (the submission committed, acknowledged or not): submitting again returns the same result
          const again = await call(base, 'POST', `results/create/${examId}/${s.id}`, { report: s.attempt }, s.token);
          assert.equal(again.status, 200, JSON.stringify(again.body));
          if (s.ackedSubmit) assert.equal(again.body.resultId, s.ackedSubmit, `${s.email}: the acknowledged result is kept`);
          resultId = again.body.resultId;
          finished++;
        }
        const detail = await call(base, 'GET', `results/${resultId}/${s.id}`, undefined, s.token);
        assert.equal(detail.status, 200, JSON.stringify(detail.body));
        const stored = new Map((detail.body.result.answers as { question: string; answer: string }[]).map((x) => [x.question, x.answer]));
        for (const [q, ans] of s.acked) assert.equal(stored.get(q), ans, `${s.email}: acknowledged answer ${q} in the result`);
        assert.equal(detail.body.result.attempted, stored.size - [...stored.values()].filter((v) => v === '0').length);
      }
      t.diagnostic(`${planned} requests planned, SIGKILL after ${killedAt} acknowledged (${ackedSaves} autosaves, ${ackedSubmits} submissions); after restart: ${finished} finished, ${resumed} resumed and submitted`);
      assert.equal(finished + resumed, K);
      assert.ok(finished >= ackedSubmits);
    });

    if (kind === 'pglite') {
      it('a second server process on the same DATA_DIR refuses to start, and the data stays intact', async () => {
        assert.ok(restarted, 'the restarted server runs');
        const second = await startServer({ port: await freePort(), dataDir, waitReady: false });
        servers.push(second);
        const code = await second.exited;
        assert.equal(code, 1);
        assert.match(second.output(), new RegExp(`Another server process \\(pid ${restarted.proc.pid}\\) is already using the data directory`));
        assert.ok(fs.existsSync(path.join(dataDir, 'server.lock')), 'the running server keeps its lock');

        // the first one still serves its data
        const s = sessions[0]!;
        const si = await call(restarted.base, 'POST', 'auth/signin', { email: s.email, password: PASSWORD });
        assert.equal(si.status, 200, JSON.stringify(si.body));
        for (const x of sessions) {
          const list = await call(restarted.base, 'GET', `results/user/${x.id}`, undefined, x.token);
          assert.equal(list.status, 200, JSON.stringify(list.body));
          assert.equal(list.body.results.length, 1, `${x.email} has its one result`);
        }
      });
    }
  });
}

crashSuite('pglite');
if (TEST_DATABASE_URL) crashSuite('postgres');
else {
  describe('crash safety on PostgreSQL', () => {
    it('runs when TEST_DATABASE_URL is set', { skip: 'TEST_DATABASE_URL is not set' }, () => {});
  });
}
