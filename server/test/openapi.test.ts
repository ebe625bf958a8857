import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp } from './helpers.ts';

describe('OpenAPI description', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let routes: { method: string; url: string }[] = [];
  before(async () => {
    t = await buildTestApp({ seed: false });
    routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'OPTIONS');
  });
  after(async () => { await t.close(); });

  it('describes every /api route, with the schemas that validate it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    assert.match(doc.openapi, /^3\./);
    const toOpenApi = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
    const missing = routes.filter((r) => !doc.paths[toOpenApi(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(missing, []);
    assert.ok(routes.length > 40, `expected the whole API, saw ${routes.length} routes`);
    assert.ok(doc.paths['/api/auth/signin']?.post?.requestBody, 'signin documents its body schema');
  });

  it('serves the docs page', async () => {
    const entry = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const res = entry.statusCode === 302 ? await t.app.inject({ method: 'GET', url: new URL(String(entry.headers.location), 'http://x/api/docs/').pathname }) : entry;
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /text\/html/);
  });
});
