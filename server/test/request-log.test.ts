/** `npm start` at LOG_LEVEL info prints no line per request; debug prints them; a failed request is still an error. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { RequestLogAtDebug } from '../src/request-log.ts';

async function linesAt(level: string, url: string) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogAtDebug() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => { throw new Error('boom'); });
  await app.inject({ url });
  await app.close();
  return lines.map((l) => l.msg);
}

test('request lines only at debug', async () => {
  assert.deepEqual((await linesAt('info', '/ok')).filter((m) => /request/.test(m)), []);
  assert.deepEqual((await linesAt('debug', '/ok')).filter((m) => /request/.test(m)), ['incoming request', 'request completed']);
});

test('a failing request is still logged at info', async () => {
  const lines = await linesAt('info', '/boom');
  assert.ok(lines.includes('boom'), JSON.stringify(lines));
});
