import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { createHmac } from 'node:crypto';
import { signToken, TokenError, verifyToken } from '../src/auth/jwt.ts';
import { hashPassword, verifyPassword } from '../src/auth/password.ts';
import { bearer, buildTestApp, signin, tokenFor, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => { t = await buildTestApp(); });
after(async () => { await t?.close(); });

describe('password hashing', () => {
  test('hash format and verification', async () => {
    const h = await hashPassword('secret-pass');
    assert.match(h, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.equal(await verifyPassword('secret-pass', h), true);
    assert.equal(await verifyPassword('secret-pasS', h), false);
    assert.equal(await verifyPassword('x', 'garbage'), false);
  });
});

describe('jwt', () => {
  test('round trip and tamper detection', () => {
    const tok = signToken({ sub: 'abc', role: 1, tv: 0 }, 's3cret', 60);
    const p = verifyToken(tok, 's3cret');
    assert.equal(p.sub, 'abc');
    assert.equal(p.exp - p.iat, 60);
    assert.throws(() => verifyToken(tok, 'other'));
    assert.throws(() => verifyToken(tok.slice(0, -2) + 'AA', 's3cret'));
  });

  test('only HS256 with every claim: alg none, another algorithm, a missing claim, garbage are refused; expiry at `now`', () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'abc', role: 2, tv: 0, iat: now, exp: now + 60 };
    const hmac = (alg: string, data: string) => createHmac(alg, 's3cret').update(data).digest('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
    const noTv = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, tv: undefined })}`;
    for (const bad of [unsigned, `${hs512}.${hmac('sha512', hs512)}`, `${noTv}.${hmac('sha256', noTv)}`, 'a.b.c', '', 'x'.repeat(500)]) {
      assert.throws(() => verifyToken(bad, 's3cret'), (e: unknown) => e instanceof TokenError && !e.expired, bad.slice(0, 40));
    }
    const old = signToken({ sub: 'abc', role: 1, tv: 0 }, 's3cret', 60, now - 120);
    assert.throws(() => verifyToken(old, 's3cret'), (e: unknown) => e instanceof TokenError && e.expired);
    assert.equal(verifyToken(old, 's3cret', now - 100).sub, 'abc');
  });
});

describe('POST /api/auth/signin', () => {
  test('right credentials: token, user without secrets, institute of the student', async () => {
    const { res, body } = await signin(t.app, 'student@example.com');
    assert.equal(res.statusCode, 200);
    assert.equal(typeof body.token, 'string');
    const user = body.user as unknown as Record<string, unknown>;
    assert.equal(user.email, 'student@example.com');
    assert.equal(user.role, 0);
    assert.equal(user.name, 'Demo Student');
    assert.equal(user.user_uid, 'EPS-000003');
    assert.equal(user.created_by, t.seed!.ids!.institute);
    for (const k of Object.keys(user)) assert.doesNotMatch(k, /password|token/i);
    assert.doesNotMatch(res.body, /scrypt\$/);
    assert.deepEqual(body.institute, {
      _id: t.seed!.ids!.institute,
      name: 'Kathmandu Korean Academy',
      email: 'institute@example.com',
      phone: '9801234567',
      address: 'Putalisadak, Kathmandu',
      image: '',
      time_zone: 'Asia/Kathmandu',
    });
  });

  test('admin and student without institute get institute null', async () => {
    assert.equal((await signin(t.app, 'admin@example.com')).body.institute, null);
    assert.equal((await signin(t.app, 'newstudent@example.com')).body.institute, null);
  });

  test('wrong password and unknown email: 401 Invalid Credentials', async () => {
    const a = await signin(t.app, 'student@example.com', 'wrong-password');
    assert.equal(a.res.statusCode, 401);
    assert.deepEqual(a.body, { error: 'Invalid Credentials' });
    const b = await signin(t.app, 'nobody@example.com');
    assert.equal(b.res.statusCode, 401);
    assert.deepEqual(b.body, { error: 'Invalid Credentials' });
  });

  test('email is case-insensitive', async () => {
    const { res } = await signin(t.app, 'Student@Example.COM');
    assert.equal(res.statusCode, 200);
  });

  test('validation: 400 with a readable error', async () => {
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'not-an-email', password: 'x' } });
    assert.equal(r1.statusCode, 400);
    assert.match(r1.json().error, /email/);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'a@b.co' } });
    assert.equal(r2.statusCode, 400);
    assert.equal(r2.json().error, 'password is required');
    const r3 = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'a@b.co', password: '' } });
    assert.equal(r3.statusCode, 400);
  });

  test('disabled account: 403 and its token stops working', async () => {
    const token = await tokenFor(t.app, 'newstudent@example.com');
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, 'newstudent@example.com'));
    try {
      const { res, body } = await signin(t.app, 'newstudent@example.com');
      assert.equal(res.statusCode, 403);
      assert.deepEqual(body, { error: 'Your account is disabled. Contact your institute.' });
      const me = await t.app.inject({ url: `/api/users/getUserInfo/${t.seed!.ids!.newStudent}`, headers: bearer(token) });
      assert.equal(me.statusCode, 401);
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.email, 'newstudent@example.com'));
    }
  });
});

describe('token checks', () => {
  const url = () => `/api/users/getUserInfo/${t.seed!.ids!.student}`;

  test('no token / malformed header: 401 Unauthorized', async () => {
    const r = await t.app.inject({ url: url() });
    assert.equal(r.statusCode, 401);
    assert.deepEqual(r.json(), { error: 'Unauthorized' });
    const r2 = await t.app.inject({ url: url(), headers: { authorization: 'Basic abc' } });
    assert.equal(r2.statusCode, 401);
  });

  test('valid token works', async () => {
    const token = await tokenFor(t.app, 'student@example.com');
    const r = await t.app.inject({ url: url(), headers: bearer(token) });
    assert.equal(r.statusCode, 200);
  });

  test('expired token: 401 Token Expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = signToken({ sub: t.seed!.ids!.student, role: 0, tv: 0 }, t.config.jwtSecret!, 60, past);
    const r = await t.app.inject({ url: url(), headers: bearer(token) });
    assert.equal(r.statusCode, 401);
    assert.deepEqual(r.json(), { error: 'Token Expired' });
  });

  test('forged token (payload altered, or signed with another secret): 401', async () => {
    const token = await tokenFor(t.app, 'student@example.com');
    const [h, , s] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: t.seed!.ids!.admin, role: 2, tv: 0, iat: 1, exp: 9999999999 })).toString('base64url');
    const r1 = await t.app.inject({ url: url(), headers: bearer(`${h}.${forgedPayload}.${s}`) });
    assert.equal(r1.statusCode, 401);
    assert.deepEqual(r1.json(), { error: 'Unauthorized' });
    const sig = s!;
    const flipped = sig.slice(0, 5) + (sig[5] === 'A' ? 'B' : 'A') + sig.slice(6);
    const r2 = await t.app.inject({ url: url(), headers: bearer(`${h}.${token.split('.')[1]}.${flipped}`) });
    assert.equal(r2.statusCode, 401);
    const other = signToken({ sub: t.seed!.ids!.admin, role: 2, tv: 0 }, 'another-secret', 3600);
    assert.equal((await t.app.inject({ url: url(), headers: bearer(other) })).statusCode, 401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${forgedPayload}.`;
    assert.equal((await t.app.inject({ url: url(), headers: bearer(none) })).statusCode, 401);
  });

  test('token_version bumped (password change, logout everywhere): 401', async () => {
    const token = await tokenFor(t.app, 'student@example.com');
    await t.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, t.seed!.ids!.student));
    const r = await t.app.inject({ url: url(), headers: bearer(token) });
    assert.equal(r.statusCode, 401);
    const fresh = await tokenFor(t.app, 'student@example.com');
    assert.equal((await t.app.inject({ url: url(), headers: bearer(fresh) })).statusCode, 200);
  });

  test('deleted user: 401 and cannot sign in', async () => {
    const token = await tokenFor(t.app, 'newstudent@example.com');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, t.seed!.ids!.newStudent));
    try {
      assert.equal((await t.app.inject({ url: url(), headers: bearer(token) })).statusCode, 401);
      assert.equal((await signin(t.app, 'newstudent@example.com')).res.statusCode, 401);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, t.seed!.ids!.newStudent));
    }
  });
});
