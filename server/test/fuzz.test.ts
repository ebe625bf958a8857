/**
 * Property-based bad input against every /api route: random and malformed params, queries and bodies (wrong types,
 * huge strings, unicode, negative and enormous numbers, prototype-pollution keys, broken JSON and broken multipart),
 * sent as anonymous or as any signed-in role. Never a 5xx; every refusal is JSON `{ "error": "..." }` and leaves
 * every row of the database as it was; Object.prototype is never polluted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dbFingerprint } from './helpers.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const KEYS = ['email', 'password', 'newPassword', 'confirmPassword', 'title', 'type', 'is_cbt', 'category', 'exam', 'answers', 'question',
  'answer', 'audio', 'report', 'result', 'user', 'institute', '_id', 'firstname', 'lastname', 'name', 'phone', 'address', 'csv', 'status',
  'total_times', 'exams', 'startTime', 'endTime', 'question_number', 'option_type', 'option1', 'listening', 'url', 'token', 'userId',
  '__proto__', 'constructor', 'prototype'];

let w: PeopleWorld;

const fingerprint = () => dbFingerprint(w.t.db);

/** JSON text written by hand so keys like __proto__ reach the server as sent. */
function jsonText(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  }
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  return JSON.stringify(v) ?? 'null';
}

describe('fuzzing every route with bad input', () => {
  let routes: { method: string; url: string }[] = [];
  let idPool: string[] = [];
  before(async () => {
    w = await peopleWorld();
    routes = w.t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'OPTIONS');
    idPool = Object.values(w.ids).filter((v): v is string => typeof v === 'string');
  });
  after(async () => { await w.t.close(); });

  const scalar = () => fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'select', 'SELECTEDEXAM', '../../etc/passwd', '%00', '<script>', "' or 1=1 --", '😀'.repeat(50)),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
    fc.boolean(),
    fc.constant(null),
    fc.constant('x'.repeat(70_000)),
  );
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, scalar(), fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...KEYS), tie('v'), { maxKeys: 4 })),
  })).v;
  const paramValue = () => fc.oneof(fc.constantFrom('x', '0', '-1', '000000000000000000000000', 'ffffffffffffffffffffffff', '__proto__', '%2e%2e', 'ａ'), fc.string({ maxLength: 30 }));

  it('answers every request below 500, with { error } on refusals, changing nothing when it refuses', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const paramNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const arb = fc.record({
        actor: fc.constantFrom('none', 'admin', 'institute', 'student', 'instB', 'studentB'),
        params: fc.tuple(...paramNames.map(() => fc.oneof(fc.constantFrom(...idPool), paramValue()))),
        query: fc.dictionary(fc.constantFrom('id', 'date', 'to', 'startDate', 'endDate', '__proto__', 'x'), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2026-02-30', '9999-99-99', '-1'))),
        body: fc.oneof(
          { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }).map((b) => ({ kind: 'json' as const, text: jsonText(b) })) },
          { weight: 1, arbitrary: fc.constantFrom('{', '[1,', '{"a":', 'null', '"str"', '1e999').map((text) => ({ kind: 'json' as const, text })) },
          { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ kind: 'multipart' as const, text })) },
          { weight: 1, arbitrary: fc.constant({ kind: 'none' as const, text: '' }) },
        ),
      });
      await fc.assert(fc.asyncProperty(arb, async (input) => {
        const params = Object.fromEntries(paramNames.map((p, i) => [p, input.params[i] ?? 'x']));
        const url = route.url.replace(/:([A-Za-z]+)/g, (_m, p: string) => encodeURIComponent(params[p]!));
        const headers: Record<string, string> = {};
        const token = input.actor === 'none' ? null : w.tok[input.actor as keyof PeopleWorld['tok']];
        if (token) headers.authorization = `Bearer ${token}`;
        let payload: string | undefined;
        if (input.body.kind === 'json' && route.method !== 'GET') {
          headers['content-type'] = 'application/json';
          payload = input.body.text;
        } else if (input.body.kind === 'multipart' && route.method !== 'GET') {
          headers['content-type'] = 'multipart/form-data; boundary=----broken';
          payload = `------broken\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${input.body.text}`;
        }
        const before = await fingerprint();
        const res = await w.t.app.inject({ method: route.method as 'GET', url, query: input.query, headers, ...(payload === undefined ? {} : { payload }) });
        sent++;
        const label = `${route.method} ${route.url} as ${input.actor}: ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${label} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          let error: unknown;
          try { error = (JSON.parse(res.body) as { error?: unknown }).error; } catch { /* not JSON */ }
          if (typeof error !== 'string' || !error) failures.push(`${label} without { error }: ${res.body.slice(0, 120)}`);
          if ((await fingerprint()) !== before) failures.push(`${label} refused but changed the database`);
        }
        return true;
      }), { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261121) });
    }
    assert.deepEqual(failures.slice(0, 20), []);
    assert.ok(routes.length > 40 && sent >= routes.length * RUNS, `sent ${sent} requests to ${routes.length} routes`);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.keys(Object.prototype), []);
  });
});
