import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireRole, requireSelf, authenticate, ROLES } from '../src/auth/index.ts';
import { newId } from '../src/ids.ts';
import { HttpError } from '../src/errors.ts';
import { bearer, buildTestApp, tokenFor, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => {
  t = await buildTestApp({
    beforeReady(app) {
      app.get('/api/test/boom', async () => { throw new Error('secret internal detail: password=hunter2'); });
      app.get('/api/test/teapot', async () => { throw new HttpError(418, 'I am a teapot'); });
      app.register(async (group) => {
        group.addHook('onRequest', authenticate);
        group.addHook('preHandler', requireRole(ROLES.admin, ROLES.institute));
        group.get('/api/test/staff/:userId', { preHandler: requireSelf('userId') }, async (req) => ({ id: req.user.id, role: req.user.role }));
      });
    },
  });
});
after(async () => { await t?.close(); });

describe('app basics', () => {
  test('the router\'s own refusals are { error } like every other: a URL that does not decode, an over-long path parameter', async () => {
    // an over-long parameter is 414, or 404 when the router finds no route it could be (it depends on the route tree)
    for (const [url, status] of [['/api/%E0%A4%A', [400]], ['/api/users/getUserInfo/%ED%A0%80', [400]], [`/api/users/getUserInfo/${'x'.repeat(1000)}`, [414, 404]],
      [`/api/exams/exam/${'x'.repeat(1000)}/${'y'.repeat(24)}`, [414, 404]]] as const) {
      const r = await t.app.inject({ url });
      assert.ok((status as readonly number[]).includes(r.statusCode), `${url.slice(0, 40)}: ${r.statusCode}`);
      assert.deepEqual(Object.keys(r.json() as object), ['error'], r.body);
    }
  });

  test('NUL or an unpaired surrogate anywhere in the path, query or body: 400 { error }', async () => {
    const admin = await tokenFor(t.app, 'admin@example.com');
    const me = t.seed!.ids!.admin;
    const cases = [
      { method: 'GET' as const, url: `/api/reports/date/${me}?date=2026-11-24%00` },
      { method: 'GET' as const, url: `/api/reports/getReport/${me}?startDate=2026-01-01%ED%A0%80` },
      { method: 'POST' as const, url: `/api/categories/create/${me}`, payload: '{"title":"Reading\\u0000"}' },
      { method: 'POST' as const, url: `/api/categories/create/${me}`, payload: '{"title":"Reading","\\u0000":"x"}' },
      { method: 'PUT' as const, url: `/api/users/${me}`, payload: '{"firstname":"Ad\\ud800min","lastname":"User"}' },
    ];
    for (const c of cases) {
      const r = await t.app.inject({ ...c, headers: { ...bearer(admin), 'content-type': 'application/json' } });
      assert.equal(r.statusCode, 400, `${c.url} ${r.body}`);
      assert.deepEqual(Object.keys(r.json() as object), ['error'], r.body);
    }
  });

  test('dates outside the years 1970-9999 are refused with 400, never reach the database', async () => {
    const admin = await tokenFor(t.app, 'admin@example.com');
    const me = t.seed!.ids!.admin;
    for (const url of [`/api/reports/date/${me}?date=%2B275760-09-13`, `/api/reports/getReport/${me}?startDate=-271821-04-20T00:00:00Z`,
      `/api/reports/date/${me}?date=2026-11-24&to=%2B275760-09-13T00:00:00.000Z`, `/api/reports/getReport/${me}?endDate=0000-01-01`]) {
      const r = await t.app.inject({ url, headers: bearer(admin) });
      assert.equal(r.statusCode, 400, `${url} ${r.body}`);
    }
  });

  test('GET /api/health', async () => {
    const r = await t.app.inject({ url: '/api/health' });
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { ok: true, db: t.database.kind });
  });

  test('unknown /api route: 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const r = await t.app.inject({ method, url: '/api/does/not/exist' });
      assert.equal(r.statusCode, 404);
      assert.deepEqual(r.json(), { error: 'Not Found' });
    }
  });

  test('thrown internal error: 500 without the message', async () => {
    const r = await t.app.inject({ url: '/api/test/boom' });
    assert.equal(r.statusCode, 500);
    assert.deepEqual(r.json(), { error: 'Internal Server Error' });
    assert.doesNotMatch(r.body, /hunter2|secret/);
  });

  test('4xx errors keep their message', async () => {
    const r = await t.app.inject({ url: '/api/test/teapot' });
    assert.equal(r.statusCode, 418);
    assert.deepEqual(r.json(), { error: 'I am a teapot' });
  });

  test('invalid JSON body: 400 JSON', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    assert.equal(r.statusCode, 400);
    assert.equal(typeof r.json().error, 'string');
  });

  test('requireRole and requireSelf', async () => {
    const ids = t.seed!.ids!;
    const admin = await tokenFor(t.app, 'admin@example.com');
    const student = await tokenFor(t.app, 'student@example.com');
    const ok = await t.app.inject({ url: `/api/test/staff/${ids.admin}`, headers: bearer(admin) });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { id: ids.admin, role: 2 });
    const notSelf = await t.app.inject({ url: `/api/test/staff/${ids.institute}`, headers: bearer(admin) });
    assert.equal(notSelf.statusCode, 403);
    assert.deepEqual(notSelf.json(), { error: 'Forbidden' });
    const wrongRole = await t.app.inject({ url: `/api/test/staff/${ids.student}`, headers: bearer(student) });
    assert.equal(wrongRole.statusCode, 403);
  });

  test('newId is 24 lowercase hex', () => {
    assert.match(newId(), /^[0-9a-f]{24}$/);
    assert.notEqual(newId(), newId());
  });
});

describe('/remotes.json', () => {
  test('defaults', async () => {
    const r = await t.app.inject({ url: '/remotes.json' });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['cache-control'], 'no-cache');
    assert.deepEqual(r.json(), {
      remotes: {
        student_app: '/remotes/student/remoteEntry.js',
        institute_app: '/remotes/institute/remoteEntry.js',
        admin_app: '/remotes/admin/remoteEntry.js',
      },
      contact: { phone: '9800000000', social: 'https://www.facebook.com/' },
    });
  });

  test('env overrides', async () => {
    const t2 = await buildTestApp({
      seed: false,
      env: {
        REMOTE_STUDENT_URL: 'https://cdn.example.com/student/remoteEntry.js',
        REMOTE_ADMIN_URL: 'https://admin.example.com/remoteEntry.js',
        CONTACT_PHONE: '9811111111',
        SOCIAL_URL: 'https://social.example.com/x',
      },
    });
    try {
      const r = await t2.app.inject({ url: '/remotes.json' });
      assert.deepEqual(r.json(), {
        remotes: {
          student_app: 'https://cdn.example.com/student/remoteEntry.js',
          institute_app: '/remotes/institute/remoteEntry.js',
          admin_app: 'https://admin.example.com/remoteEntry.js',
        },
        contact: { phone: '9811111111', social: 'https://social.example.com/x' },
      });
    } finally {
      await t2.close();
    }
  });
});

describe('web serving with built apps', () => {
  let web: TestApp;
  let root: string;
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'webroot-'));
    const put = (rel: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), content);
    };
    put('shell/dist/index.html', '<!doctype html><title>shell</title>');
    put('shell/dist/main.0123abcd4567.js', 'console.log(1)');
    put('shell/dist/favicon.ico', 'ico');
    put('student-app/dist/remoteEntry.js', 'var student_app;');
    put('student-app/dist/mf-manifest.json', '{}');
    put('student-app/dist/123.deadbeef99.js', 'chunk');
    put('admin-app/dist/remoteEntry.js', 'var admin_app;');
    web = await buildTestApp({ seed: false, env: { WEB_ROOT: root } });
  });
  after(async () => {
    await web?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('shell index and hashed assets', async () => {
    const idx = await web.app.inject({ url: '/' });
    assert.equal(idx.statusCode, 200);
    assert.match(idx.body, /shell/);
    assert.equal(idx.headers['cache-control'], 'no-cache');
    const js = await web.app.inject({ url: '/main.0123abcd4567.js' });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('remotes: no-cache entry, immutable chunks, CORS *', async () => {
    const entry = await web.app.inject({ url: '/remotes/student/remoteEntry.js' });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    const manifest = await web.app.inject({ url: '/remotes/student/mf-manifest.json' });
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const chunk = await web.app.inject({ url: '/remotes/student/123.deadbeef99.js' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(chunk.headers['access-control-allow-origin'], '*');
    assert.equal((await web.app.inject({ url: '/remotes/admin/remoteEntry.js' })).statusCode, 200);
    const missing = await web.app.inject({ url: '/remotes/institute/remoteEntry.js', headers: { accept: 'text/html' } });
    assert.equal(missing.statusCode, 404);
  });

  test('SPA fallback for HTML navigations only', async () => {
    const page = await web.app.inject({ url: '/student/exams/abc', headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /shell/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const asset = await web.app.inject({ url: '/missing.js', headers: { accept: '*/*' } });
    assert.equal(asset.statusCode, 404);
    const api = await web.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), { error: 'Not Found' });
    const media = await web.app.inject({ url: '/media/nope.mp3', headers: { accept: 'text/html' } });
    assert.equal(media.statusCode, 404);
  });

  test('API still works beside the static files', async () => {
    assert.equal((await web.app.inject({ url: '/api/health' })).statusCode, 200);
  });
});
