/**
 * Static delivery of the built front end: precompressed .br/.gz with Vary, and Cache-Control by kind of file
 * (content-hashed: immutable for a year; index.html, remoteEntry.js, manifests, remotes.json, sw.js: no-cache).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { buildTestApp, type TestApp } from './helpers.ts';
import { cacheControlFor, pickEncoding } from '../src/web.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function writeWithCompressed(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(text)));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from(text)));
}

describe('web delivery', () => {
  let t: TestApp;
  let root: string;
  const JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  const INLINE = "document.getElementById('root').textContent = 'Loading';";
  const HTML = '<!doctype html><html><head><title>EPS</title><script defer src="/main.0123456789.js"></script></head>'
    + `<body><div id="root"></div><script>${INLINE}</script></body></html>`;
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const scriptSrc = (csp: unknown) => String(csp).split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'eps-web-'));
    writeWithCompressed(path.join(root, 'shell/dist/index.html'), HTML);
    writeWithCompressed(path.join(root, 'shell/dist/main.0123456789.js'), JS);
    writeWithCompressed(path.join(root, 'shell/dist/sw.js'), 'self.addEventListener("fetch", () => {});');
    writeWithCompressed(path.join(root, 'student-app/dist/remoteEntry.js'), JS);
    writeWithCompressed(path.join(root, 'student-app/dist/mf-manifest.json'), '{"name":"student_app"}');
    writeWithCompressed(path.join(root, 'student-app/dist/347.abcdef0123.js'), JS);
    // A file without precompressed siblings is still served, uncompressed.
    fs.writeFileSync(path.join(root, 'student-app/dist/plain.fedcba9876.js'), JS);
    t = await buildTestApp({ seed: false, configOverrides: { webRoot: root } });
  });
  after(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('cacheControlFor classifies files', () => {
    assert.equal(cacheControlFor('/x/main.0123456789.js'), IMMUTABLE);
    assert.equal(cacheControlFor('/x/main.0123456789.js.br'), IMMUTABLE);
    for (const f of ['index.html', 'remoteEntry.js', 'first-paint.js', 'first-paint.js.br', 'mf-manifest.json', 'remotes.json', 'sw.js', 'sw.js.gz']) {
      assert.equal(cacheControlFor(`/x/${f}`), 'no-cache', f);
    }
  });

  test('pickEncoding prefers brotli and honours q=0', () => {
    assert.equal(pickEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(pickEncoding('gzip'), 'gzip');
    assert.equal(pickEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(pickEncoding('identity'), undefined);
    assert.equal(pickEncoding(undefined), undefined);
  });

  test('a hashed shell file: br when accepted, immutable, Vary', async () => {
    const res = await t.app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), JS);
  });

  test('gzip when brotli is not accepted; identity when nothing is', async () => {
    const gz = await t.app.inject({ url: '/remotes/student/347.abcdef0123.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.statusCode, 200);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers['cache-control'], IMMUTABLE);
    assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), JS);
    const plain = await t.app.inject({ url: '/remotes/student/347.abcdef0123.js', headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, JS);
    const noSibling = await t.app.inject({ url: '/remotes/student/plain.fedcba9876.js', headers: { 'accept-encoding': 'br' } });
    assert.equal(noSibling.statusCode, 200);
    assert.equal(noSibling.headers['content-encoding'], undefined);
    assert.equal(noSibling.body, JS);
  });

  test('remoteEntry.js, mf-manifest.json, sw.js and remotes.json are no-cache', async () => {
    for (const url of ['/remotes/student/remoteEntry.js', '/remotes/student/mf-manifest.json', '/sw.js']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['content-encoding'], 'br', url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
    }
    const rj = await t.app.inject({ url: '/remotes.json' });
    assert.equal(rj.statusCode, 200);
    assert.equal(rj.headers['cache-control'], 'no-cache');
  });

  test('index.html at / and as the SPA fallback: precompressed, no-cache', async () => {
    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br', accept: 'text/html' } });
    assert.equal(home.statusCode, 200);
    assert.equal(home.headers['content-encoding'], 'br');
    assert.equal(home.headers['cache-control'], 'no-cache');
    assert.equal(zlib.brotliDecompressSync(home.rawPayload).toString(), HTML);

    const deep = await t.app.inject({ url: '/student/exams', headers: { 'accept-encoding': 'gzip, br', accept: 'text/html' } });
    assert.equal(deep.statusCode, 200);
    assert.equal(deep.headers['content-encoding'], 'br');
    assert.match(String(deep.headers.vary), /accept-encoding/i);
    assert.equal(deep.headers['cache-control'], 'no-cache');
    assert.equal(zlib.brotliDecompressSync(deep.rawPayload).toString(), HTML);

    const plain = await t.app.inject({ url: '/student/exams', headers: { accept: 'text/html' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, HTML);
  });

  test("the page's own inline script may run (its sha256 in script-src), nothing else inline; a new page, a new hash", async () => {
    for (const url of ['/', '/login', '/student/exams']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br', accept: 'text/html' } });
      assert.equal(res.statusCode, 200, url);
      const src = scriptSrc(res.headers['content-security-policy']);
      assert.equal(src, `script-src 'self' ${sha(INLINE)}`, url);
      assert.doesNotMatch(src, /unsafe-inline/);
    }
    // Other responses keep the plain policy.
    const api = await t.app.inject({ url: '/api/health' });
    assert.equal(scriptSrc(api.headers['content-security-policy']), "script-src 'self'");

    // A redeployed shell with another inline script: its hash, not the old one, without a restart.
    const index = path.join(root, 'shell/dist/index.html');
    const changed = HTML.replace(INLINE, `${INLINE} // v2`);
    writeWithCompressed(index, changed);
    const later = new Date(Date.now() + 5000);
    for (const f of [index, `${index}.br`, `${index}.gz`]) fs.utimesSync(f, later, later);
    try {
      const res = await t.app.inject({ url: '/student/exams', headers: { accept: 'text/html' } });
      assert.equal(scriptSrc(res.headers['content-security-policy']), `script-src 'self' ${sha(`${INLINE} // v2`)}`);
    } finally {
      writeWithCompressed(index, HTML);
      const after2 = new Date(Date.now() + 10_000);
      for (const f of [index, `${index}.br`, `${index}.gz`]) fs.utimesSync(f, after2, after2);
    }
  });

  test('unknown files under /remotes and /api are 404 JSON, not the SPA page', async () => {
    const res = await t.app.inject({ url: '/remotes/student/nope.js', headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { error: 'Not Found' });
  });
});
