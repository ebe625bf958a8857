/**
 * The interface's language kept per user (issue 25): chosen on the login page (sent with the sign-in) or on the Profile
 * page (PUT users/:id { language }), 'en' or 'ne' only; anything else is a 400 that changes nothing.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, buildTestApp, dbFingerprint, signin, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => { t = await buildTestApp(); });
after(async () => { await t?.close(); });

const signinWith = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload });

test('a new user speaks English; the language chosen on the login page is kept as the user\'s', async () => {
  const first = await signin(t.app, 'student@example.com');
  assert.equal((first.body.user as { language?: string }).language, 'en');
  const chosen = await signinWith({ email: 'student@example.com', password: 'password123', language: 'ne' });
  assert.equal(chosen.statusCode, 200, chosen.body);
  assert.equal(chosen.json().user.language, 'ne');
  // a later sign-in without a choice (a new device) gets it back
  const later = await signin(t.app, 'student@example.com');
  assert.equal((later.body.user as { language?: string }).language, 'ne');
});

test('a wrong password with a language changes nothing', async () => {
  const before = await dbFingerprint(t.db);
  const r = await signinWith({ email: 'institute@example.com', password: 'wrong-password', language: 'ne' });
  assert.equal(r.statusCode, 401);
  assert.equal(await dbFingerprint(t.db), before);
});

test('only en and ne: anything else is a 400 that changes nothing', async () => {
  const { body } = await signin(t.app, 'institute@example.com');
  const id = body.user._id;
  const before = await dbFingerprint(t.db);
  for (const language of ['fr', 'NE', '', ' ne', ['ne', 'en'], ['ne'], 1, null, { ne: 1 }, 'ne\u0000']) {
    const a = await signinWith({ email: 'institute@example.com', password: 'password123', language });
    assert.equal(a.statusCode, 400, `signin ${JSON.stringify(language)}: ${a.body}`);
    assert.equal(typeof a.json().error, 'string');
    const b = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(body.token), payload: { language } });
    assert.equal(b.statusCode, 400, `profile ${JSON.stringify(language)}: ${b.body}`);
    assert.equal(typeof b.json().error, 'string');
  }
  // refused before the password check: no throttle counter either
  assert.equal(await dbFingerprint(t.db), before);
});

test('Profile: the language alone changes only the language; only one\'s own', async () => {
  const inst = await signin(t.app, 'institute@example.com');
  const id = inst.body.user._id;
  const r = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(inst.body.token), payload: { language: 'ne' } });
  assert.equal(r.statusCode, 200, r.body);
  const user = r.json();
  assert.equal(user.language, 'ne');
  assert.equal(user.first_name, (inst.body.user as unknown as { first_name: string }).first_name);
  // with the rest of the profile too
  const both = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(inst.body.token), payload: { firstname: 'Inst', lastname: 'One', language: 'en' } });
  assert.equal(both.statusCode, 200, both.body);
  assert.equal(both.json().language, 'en');
  // someone else's: refused
  const stu = await signin(t.app, 'newstudent@example.com');
  const other = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(stu.body.token), payload: { language: 'ne' } });
  assert.ok(other.statusCode === 403 || other.statusCode === 401, other.body);
});
