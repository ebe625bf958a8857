import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { storeMedia, parseRange, MediaCache, MEDIA_CSP } from '../src/media.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const bytes = randomBytes(10_000);
let url: string;
before(async () => {
  t = await buildTestApp({ seed: false });
  url = await storeMedia(t.db, bytes, 'audio/mpeg', 'mp3', null);
});
after(async () => { await t?.close(); });

describe('storeMedia', () => {
  test('content-addressed URL, idempotent', async () => {
    const hash = createHash('sha256').update(bytes).digest('hex');
    assert.equal(url, `/media/${hash}.mp3`);
    assert.equal(await storeMedia(t.db, bytes, 'audio/mpeg', 'mp3', null), url);
    // same bytes under another extension: the stored URL is returned
    assert.equal(await storeMedia(t.db, bytes, 'audio/mpeg', '.MP3', null), url);
  });
});

describe('GET /media/:file', () => {
  test('a class asking for one file at once: every request served, one database read', async () => {
    const fresh = randomBytes(50_000);
    const freshUrl = await storeMedia(t.db, fresh, 'audio/mpeg', 'mp3', null);
    const db = t.app.db as unknown as { select: (...a: unknown[]) => unknown };
    const select = db.select;
    let reads = 0;
    db.select = function (this: unknown, ...a: unknown[]) { reads++; return select.apply(this, a); };
    try {
      const all = await Promise.all(Array.from({ length: 60 }, (_, i) =>
        t.app.inject({ url: freshUrl, headers: i % 3 === 0 ? { range: 'bytes=0-99' } : {} })));
      for (const [i, r] of all.entries()) {
        assert.equal(r.statusCode, i % 3 === 0 ? 206 : 200);
        assert.ok(r.rawPayload.equals(i % 3 === 0 ? fresh.subarray(0, 100) : fresh));
      }
      assert.equal(reads, 1);
      // an unknown file is not remembered as missing forever, and its misses don't block the others
      const missing = `/media/${'0'.repeat(64)}.mp3`;
      const [a, b] = await Promise.all([t.app.inject({ url: missing }), t.app.inject({ url: missing })]);
      assert.equal(a.statusCode, 404);
      assert.equal(b.statusCode, 404);
    } finally {
      db.select = select;
    }
  });

  test('whole file with immutable caching and ETag', async () => {
    const r = await t.app.inject({ url });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'audio/mpeg');
    assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(r.headers['accept-ranges'], 'bytes');
    assert.equal(Number(r.headers['content-length']), bytes.length);
    assert.ok(r.rawPayload.equals(bytes));
    const etag = r.headers.etag as string;
    assert.ok(etag);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
  });

  test('a file may run and load nothing, even an SVG opened on its own (its own policy, not the pages\')', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgUrl = await storeMedia(t.db, svg, 'image/svg+xml', 'svg', null);
    for (const u of [svgUrl, url, '/media/nothing-here.mp3', `/media/${'0'.repeat(64)}.mp3`]) {
      const r = await t.app.inject({ url: u });
      assert.equal(r.headers['content-security-policy'], MEDIA_CSP, u);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', u);
    }
    assert.match(MEDIA_CSP, /default-src 'none'/);
    assert.match(MEDIA_CSP, /(^|; )sandbox(;|$)/);
    // the pages keep theirs
    const page = await t.app.inject({ url: '/api/health' });
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
  });

  test('range requests: 206', async () => {
    const r = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    assert.equal(r.statusCode, 206);
    assert.equal(r.headers['content-range'], `bytes 100-199/${bytes.length}`);
    assert.equal(Number(r.headers['content-length']), 100);
    assert.ok(r.rawPayload.equals(bytes.subarray(100, 200)));
    const open = await t.app.inject({ url, headers: { range: 'bytes=9990-' } });
    assert.equal(open.statusCode, 206);
    assert.ok(open.rawPayload.equals(bytes.subarray(9990)));
    const suffix = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    assert.equal(suffix.statusCode, 206);
    assert.equal(suffix.headers['content-range'], `bytes 9990-9999/${bytes.length}`);
    const clipped = await t.app.inject({ url, headers: { range: 'bytes=9000-20000' } });
    assert.equal(clipped.statusCode, 206);
    assert.equal(clipped.headers['content-range'], `bytes 9000-9999/${bytes.length}`);
  });

  test('unsatisfiable range: 416', async () => {
    const r = await t.app.inject({ url, headers: { range: `bytes=${bytes.length}-` } });
    assert.equal(r.statusCode, 416);
    assert.equal(r.headers['content-range'], `bytes */${bytes.length}`);
    const r2 = await t.app.inject({ url, headers: { range: 'bytes=500-100' } });
    assert.equal(r2.statusCode, 416);
  });

  test('HEAD works', async () => {
    const r = await t.app.inject({ method: 'HEAD', url });
    assert.equal(r.statusCode, 200);
    assert.equal(r.body, '');
  });

  test('strict names: no traversal, unknown hash 404', async () => {
    for (const bad of ['/media/..%2F..%2Fetc%2Fpasswd', '/media/abc.mp3', `/media/${'g'.repeat(64)}.mp3`, '/media/' + 'a'.repeat(64) + '.mp3']) {
      const r = await t.app.inject({ url: bad });
      assert.equal(r.statusCode, 404, bad);
    }
  });
});

describe('helpers', () => {
  test('parseRange', () => {
    assert.equal(parseRange(undefined, 10), null);
    assert.deepEqual(parseRange('bytes=0-0', 10), { start: 0, end: 0 });
    assert.equal(parseRange('bytes=0-1,3-4', 10), null);
    assert.equal(parseRange('bytes=10-', 10), 'unsatisfiable');
    assert.equal(parseRange('bytes=-0', 10), 'unsatisfiable');
    assert.deepEqual(parseRange('bytes=-50', 10), { start: 0, end: 9 });
    assert.deepEqual(parseRange('bytes=2-100', 10), { start: 2, end: 9 });
    for (const h of ['bytes=', 'bytes=a-b', 'items=0-1', 'bytes=5-2']) assert.notDeepEqual(parseRange(h, 10), { start: 5, end: 2 }, h);
    assert.equal(parseRange('items=0-1', 10), null);
  });
  test('MediaCache evicts least recently used', () => {
    const c = new MediaCache(10, 10);
    c.set('a', { mime: 'x', data: Buffer.alloc(4) });
    c.set('b', { mime: 'x', data: Buffer.alloc(4) });
    c.get('a');
    c.set('c', { mime: 'x', data: Buffer.alloc(4) });
    assert.ok(c.get('a'));
    assert.equal(c.get('b'), undefined);
    assert.ok(c.totalBytes <= 10);
  });
});
