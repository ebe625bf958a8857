/**
 * Property-based bad input against every /api route: random and malformed params, queries and bodies (wrong types,
 * huge strings, unicode, negative and enormous numbers, prototype-pollution keys, broken JSON and broken multipart),
 * sent as anonymous or as any signed-in role. Never a 5xx; every refusal is JSON `{ "error": "..." }` and leaves
 * every row of the database as it was; Object.prototype is never polluted. A second property sends plausible bodies
 * as the path's own user (so requests get past the role checks to the database) with control characters (NUL, an
 * unpaired surrogate, C0/C1, line separators) in any string, key and path parameter, and dates at the edges of
 * JavaScript's range in any date field and query. A third sends the exam import broken packages: a valid one with
 * bytes changed, cut or spliced, a broken workbook inside, broken CSV text and random bytes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { seedsOf } from '../../jest/property-runs.ts';
import { dbFingerprint } from './helpers.ts';
import { multipart } from './authoring-support.ts';
import { unzip, zipOf } from './package-support.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const KEYS = ['email', 'password', 'newPassword', 'confirmPassword', 'title', 'type', 'is_cbt', 'category', 'exam', 'answers', 'question',
  'answer', 'audio', 'report', 'result', 'user', 'institute', '_id', 'firstname', 'lastname', 'name', 'phone', 'address', 'csv', 'status',
  'total_times', 'exams', 'startTime', 'endTime', 'question_number', 'option_type', 'option1', 'listening', 'url', 'token', 'userId',
  'examId', 'itemId', 'questionNumber', 'blueprint', 'target', 'seed', 'dryRun', 'slots',
  '__proto__', 'constructor', 'prototype'];

let w: PeopleWorld;

const fingerprint = () => dbFingerprint(w.t.db);

/**
 * What the server promises of any answer (`before`: the database's fingerprint before the request): never a 5xx, and a
 * refusal is `{ "error": "..." }` and changes nothing. A broken promise is added to `failures`.
 */
async function checkAnswer(res: { statusCode: number; body: string }, label: string, before: string, failures: string[], sent = '') {
  if (res.statusCode >= 500) failures.push(`${label} ${res.body.slice(0, 200)}${sent}`);
  if (res.statusCode >= 400) {
    let error: unknown;
    try { error = (JSON.parse(res.body) as { error?: unknown }).error; } catch { /* not JSON */ }
    if (typeof error !== 'string' || !error) failures.push(`${label} without { error }: ${res.body.slice(0, 120)}`);
    if ((await fingerprint()) !== before) failures.push(`${label} refused but changed the database`);
  }
}

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

  // a fresh seed each run (in the test's name: PROPERTY_SEED=N replays it), then every seed that once failed
  for (const [label, seed] of seedsOf('fuzzRoutes')) it(`answers every request below 500, with { error } on refusals, changing nothing when it refuses (${label})`, async () => {
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
        await checkAnswer(res, `${route.method} ${route.url} as ${input.actor}: ${res.statusCode}`, before, failures);
        return true;
      }), { numRuns: RUNS, seed });
    }
    assert.deepEqual(failures.slice(0, 20), []);
    assert.ok(routes.length > 40 && sent >= routes.length * RUNS, `sent ${sent} requests to ${routes.length} routes`);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.keys(Object.prototype), []);
  });
  // ---- control characters and extreme dates, in plausible requests that reach the handlers ----

  /** Characters the database cannot store (NUL, unpaired surrogates) and others it stores as sent. */
  const CONTROL = ['\u0000', '\ud800', '\udfff', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029', '\ufeff', '\uffff', '\r\n', '\t'];
  const EXTREME_DATES = ['+275760-09-13', '-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00.000Z', '275760-09-13', '0000-01-01',
    '0001-01-01T00:00:00Z', '1969-12-31', '9999-12-31T23:59:59.999Z', '10000-01-01', '2026-02-30', '2026-11-24T25:00:00Z', '8.64e15', '-1'];
  /** A string with control characters put somewhere in it (or a control character alone). */
  const tainted = (base: fc.Arbitrary<string>) => fc.tuple(base, fc.constantFrom(...CONTROL), fc.nat({ max: 40 }), fc.boolean())
    .map(([b, c, at, twice]) => {
      const i = Math.min(at, b.length);
      const out = `${b.slice(0, i)}${c}${b.slice(i)}`;
      return twice ? `${out}${c}` : out;
    });
  const maybeTainted = (base: fc.Arbitrary<string>) => fc.oneof({ weight: 2, arbitrary: tainted(base) }, { weight: 1, arbitrary: base });
  const text = maybeTainted(fc.constantFrom('Ram', 'Sita Sharma', 'EPS mock 7', 'Kathmandu', '듣기 문제', 'a'.repeat(12)));
  const date = fc.oneof(fc.constantFrom(...EXTREME_DATES), maybeTainted(fc.constantFrom('2026-11-24', '2026-11-24T05:00:00Z')));
  /** Bodies with every field a route of this API reads, each plausible or tainted; keys tainted too, now and then. */
  const plausibleBody = (ids: string[]) => {
    const id = fc.oneof(fc.constantFrom(...ids), tainted(fc.constantFrom(...ids)));
    return fc.record({
      email: maybeTainted(fc.constantFrom('fuzz@example.com', 'student@example.com')), password: maybeTainted(fc.constant('password123')),
      newPassword: maybeTainted(fc.constant('password456')), confirmPassword: maybeTainted(fc.constant('password456')),
      confirm_password: maybeTainted(fc.constant('password456')), firstname: text, lastname: text, name: text, title: text, address: text,
      phone: maybeTainted(fc.constant('9800000000')), info: text, category: fc.oneof(id, text),
      type: maybeTainted(fc.constantFrom('private', 'public', 'free_for_all', 'TIMEFRAME', 'SELECTEDEXAM', 'ALL', 'Reading', 'Listening')),
      is_cbt: fc.boolean(), exam: id, report: id, result: id, user: id, institute: id, _id: id, question: id,
      answers: fc.array(fc.record({ question: id, answer: maybeTainted(fc.constantFrom('0', '1', '4')) }), { maxLength: 3 }),
      startTime: date, endTime: date, startDate: date, endDate: date, date, total_times: fc.constantFrom(1, 3),
      exams: fc.array(fc.record({ exam: id, total_times: fc.constant(2) }), { maxLength: 2 }),
      question_number: fc.constantFrom(1, 21), option_type: maybeTainted(fc.constantFrom('text', 'image')), option1: text, option2: text,
      option3: text, option4: text, answer: maybeTainted(fc.constantFrom('1', '2')), answer_details: text, heading: text,
      status: fc.constantFrom(0, 1), institute_role: fc.constantFrom(0, 1), audio: maybeTainted(fc.constant('listening')),
      csv: tainted(fc.constant('firstname,lastname,email,password\nRam,Thapa,ram.fuzz@example.com,password123')),
      url: maybeTainted(fc.constant('http://127.0.0.1:9/')), token: text,
      examId: id, itemId: id, questionNumber: fc.constantFrom(1, 3, 21, 40),
      blueprint: fc.oneof(id, maybeTainted(fc.constant('eps'))), target: fc.constantFrom(0.5, -1, 2), seed: fc.constantFrom(1, 42), dryRun: fc.boolean(),
      slots: fc.array(maybeTainted(fc.constantFrom('picture_word', 'story')), { maxLength: 41 }),
    }, { requiredKeys: [] }).chain((body) => fc.option(tainted(fc.constant('title')), { nil: undefined })
      .map((badKey) => (badKey ? { ...body, [badKey]: 'x' } : body)));
  };
  /** Percent-encodes a path parameter, lone surrogates included (as the bytes a broken client would send). */
  const encodeParam = (v: string) => [...v].map((ch) => {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) return `%${((c >> 12) | 0xe0).toString(16)}%${(((c >> 6) & 0x3f) | 0x80).toString(16)}%${((c & 0x3f) | 0x80).toString(16)}`.toUpperCase();
    return encodeURIComponent(ch);
  }).join('');

  for (const [label, seed] of seedsOf('fuzzControls')) it(`control characters in any string, key or path parameter, and extreme dates: never a 5xx, nothing changed by a refusal (${label})`, async () => {
    const actors = { admin: w.ids.admin, institute: w.ids.institute, student: w.ids.student, instB: w.ids.instB, studentB: w.ids.studentB } as const;
    const failures: string[] = [];
    let sent = 0;
    let reached = 0;
    for (const route of routes) {
      const paramNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const arb = fc.record({
        actor: fc.constantFrom(...(Object.keys(actors) as (keyof typeof actors)[])),
        // the acting user's own id most of the time, so that the request reaches the handler
        params: fc.tuple(...paramNames.map((p) => p === 'userId'
          ? fc.oneof({ weight: 4, arbitrary: fc.constant('SELF') }, { weight: 1, arbitrary: tainted(fc.constant('SELF')) })
          : fc.oneof(fc.constantFrom(...idPool), tainted(fc.constantFrom(...idPool)), tainted(fc.constant(''))))),
        query: fc.dictionary(fc.constantFrom('id', 'date', 'to', 'startDate', 'endDate', 'page', 'limit', 'search', 'section', 'type', 'difficulty', 'notUsedSince', 'institute'),
          fc.oneof(date, tainted(fc.constantFrom('1', 'ram', ...idPool.slice(0, 3))))),
        body: plausibleBody(idPool),
      });
      await fc.assert(fc.asyncProperty(arb, async (input) => {
        const self = actors[input.actor];
        const params = Object.fromEntries(paramNames.map((p, i) => [p, (input.params[i] ?? 'x').replace('SELF', self)]));
        const url = route.url.replace(/:([A-Za-z]+)/g, (_m, p: string) => encodeParam(params[p]!));
        const headers: Record<string, string> = { authorization: `Bearer ${w.tok[input.actor]}` };
        const before = await fingerprint();
        const res = await w.t.app.inject({
          method: route.method as 'GET', url, query: input.query, headers,
          ...(route.method === 'GET' ? {} : { payload: jsonText(input.body), headers: { ...headers, 'content-type': 'application/json' } }),
        });
        sent++;
        if (res.statusCode !== 403 && res.statusCode !== 401) reached++;
        await checkAnswer(res, `${route.method} ${route.url} as ${input.actor}: ${res.statusCode}`, before, failures,
          ` <- ${JSON.stringify({ url, query: input.query })}`);
        return true;
      }), { numRuns: RUNS, seed });
    }
    assert.deepEqual(failures.slice(0, 20), []);
    assert.ok(sent >= routes.length * RUNS, `sent ${sent}`);
    // a route of one role refuses the other four actors: about half of the requests reach a handler (seed-dependent)
    assert.ok(reached > sent / 3, `only ${reached} of ${sent} requests got past authentication and the role checks`);
  });

  // ---- exam packages: the import reads ZIPs, workbooks, CSV files and audio sent by people ----

  for (const [label, seed] of seedsOf('fuzzPackages')) it(`the import of broken packages (bytes changed, cut, spliced; a broken workbook inside): never a 5xx, nothing written by a refusal (${label})`, async () => {
    const template = await w.t.app.inject({ method: 'GET', url: `/api/exams/import/template/${w.ids.institute}`, headers: { authorization: `Bearer ${w.tok.institute}` } });
    assert.equal(template.statusCode, 200);
    const good = template.rawPayload;
    const files = await unzip(good);
    const xlsx = files.get('questions.xlsx')!;
    /** `data` with bytes changed at `at` (positions taken modulo its length), cut at `cut`, or `extra` spliced in at `at[0]` */
    const broken = (data: Buffer, m: { at: number[]; to: number[]; cut: number | null; extra: number[] }) => {
      const out = Buffer.from(data);
      m.at.forEach((p, i) => { out[p % out.length] = m.to[i % m.to.length]!; });
      const cut = m.cut === null ? out : out.subarray(0, m.cut % (out.length + 1));
      if (!m.extra.length) return cut;
      const at = (m.at[0] ?? 0) % (cut.length + 1);
      return Buffer.concat([cut.subarray(0, at), Buffer.from(m.extra), cut.subarray(at)]);
    };
    const mutation = fc.record({
      at: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), to: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 12 }),
      cut: fc.option(fc.nat(), { nil: null }), extra: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
    });
    const body = fc.oneof(
      mutation.map((m) => async () => broken(good, m)),
      mutation.map((m) => async () => zipOf([...files].map(([name, data]) => ({ name, data: name === 'questions.xlsx' ? broken(xlsx, m) : data })))),
      mutation.map((m) => async () => broken(xlsx, m)),
      fc.string({ maxLength: 400 }).map((text) => async () => Buffer.from(`question_number,type,option1,option2,option3,option4,answer\r\n${text}`)),
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => async () => Buffer.from(bytes)),
    );
    const failures: string[] = [];
    await fc.assert(fc.asyncProperty(body, fc.boolean(), async (make, dryRun) => {
      const data = await make();
      const before = await fingerprint();
      const { payload, headers } = multipart([{ name: 'title', value: 'Fuzzed' }, { name: 'file', filename: 'exam.zip', data }]);
      const res = await w.t.app.inject({
        method: 'POST', url: `/api/exams/import/${w.ids.institute}${dryRun ? '?dryRun=true' : ''}`, payload,
        headers: { ...headers, authorization: `Bearer ${w.tok.institute}` },
      });
      await checkAnswer(res, `POST import (${data.length} bytes${dryRun ? ', dry run' : ''}): ${res.statusCode}`, before, failures);
      if (dryRun && (await fingerprint()) !== before) failures.push('a dry run changed the database');
      return true;
    }), { numRuns: RUNS * 4, seed });
    assert.deepEqual(failures.slice(0, 20), []);
  });
});
