import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp } from './helpers.ts';

describe('security headers', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  before(async () => {
    t = await buildTestApp({ seed: false, env: { REMOTE_ADMIN_URL: 'https://cdn.example.com/admin/remoteEntry.js' } });
  });
  after(async () => { await t.close(); });

  it('sends a CSP that allows this origin and the remote origins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self' https:\/\/cdn\.example\.com;/);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('helmet\'s headers, without what would break remotes on other origins or plain-HTTP deployments', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin');
    assert.equal(res.headers['permissions-policy'], 'camera=(), microphone=(), geolocation=()');
    assert.equal(res.headers['strict-transport-security'], undefined);
    assert.equal(res.headers['cross-origin-resource-policy'], undefined);
    assert.doesNotMatch(String(res.headers['content-security-policy']), /upgrade-insecure-requests/);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    assert.equal(docs.statusCode, 200);
    assert.match(String(docs.headers['content-security-policy']), /validator\.swagger\.io/, 'the docs page keeps its own policy');
  });

  it('errors carry the headers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(res.statusCode, 404);
    assert.ok(res.headers['content-security-policy']);
  });
});
