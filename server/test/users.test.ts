import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/auth/password.ts';
import { newId } from '../src/ids.ts';
import { bearer, buildTestApp, tokenFor, type TestApp } from './helpers.ts';

let t: TestApp;
let ids: NonNullable<NonNullable<TestApp['seed']>['ids']>;
let tok: { admin: string; institute: string; student: string; newStudent: string; other: string; otherInst: string };
let otherInstitute: string;

before(async () => {
  t = await buildTestApp();
  ids = t.seed!.ids!;
  otherInstitute = newId();
  const passwordHash = await hashPassword('password123');
  await t.db.insert(users).values([
    { id: otherInstitute, email: 'other-inst@example.com', passwordHash, firstName: 'Other', lastName: 'Institute', role: 1, userUid: 'EPS-000100' },
    { id: newId(), email: 'other-student@example.com', passwordHash, firstName: 'Other', lastName: 'Student', role: 0, createdBy: otherInstitute, userUid: 'EPS-000101' },
  ]);
  tok = {
    admin: await tokenFor(t.app, 'admin@example.com'),
    institute: await tokenFor(t.app, 'institute@example.com'),
    student: await tokenFor(t.app, 'student@example.com'),
    newStudent: await tokenFor(t.app, 'newstudent@example.com'),
    other: await tokenFor(t.app, 'other-student@example.com'),
    otherInst: await tokenFor(t.app, 'other-inst@example.com'),
  };
});
after(async () => { await t?.close(); });

const info = (id: string, token: string) => t.app.inject({ url: `/api/users/getUserInfo/${id}`, headers: bearer(token) });
const inst = (id: string, token: string) => t.app.inject({ url: `/api/users/getInstituteInfo/${id}`, headers: bearer(token) });

describe('GET /api/users/getUserInfo/:userId', () => {
  test('self', async () => {
    const r = await info(ids.student, tok.student);
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { _id: ids.student, name: 'Demo Student', role: 0, image: '', user_uid: 'EPS-000003', email: 'student@example.com' });
  });
  test('student A cannot read student B: 403', async () => {
    const r = await info(ids.student, tok.newStudent);
    assert.equal(r.statusCode, 403);
    assert.deepEqual(r.json(), { error: 'Forbidden' });
  });
  test('admin can read anyone', async () => {
    assert.equal((await info(ids.student, tok.admin)).statusCode, 200);
    assert.equal((await info(ids.institute, tok.admin)).statusCode, 200);
  });
  test('the creating institute can; another institute cannot', async () => {
    assert.equal((await info(ids.student, tok.institute)).statusCode, 200);
    assert.equal((await info(ids.student, tok.otherInst)).statusCode, 403);
    assert.equal((await info(ids.newStudent, tok.institute)).statusCode, 403);
  });
  test('unknown user: 404 User Not Found', async () => {
    const r = await info(newId(), tok.admin);
    assert.equal(r.statusCode, 404);
    assert.deepEqual(r.json(), { error: 'User Not Found' });
  });
});

describe('GET /api/users/getInstituteInfo/:id', () => {
  const expected = () => ({
    _id: ids.institute, name: 'Kathmandu Korean Academy', email: 'institute@example.com',
    phone: '9801234567', address: 'Putalisadak, Kathmandu', image: '', time_zone: 'Asia/Kathmandu',
  });
  test('student of that institute, the institute itself, admin', async () => {
    for (const token of [tok.student, tok.institute, tok.admin]) {
      const r = await inst(ids.institute, token);
      assert.equal(r.statusCode, 200);
      assert.deepEqual(r.json(), expected());
    }
  });
  test('other students and institutes: 403', async () => {
    assert.equal((await inst(ids.institute, tok.newStudent)).statusCode, 403);
    assert.equal((await inst(ids.institute, tok.other)).statusCode, 403);
    assert.equal((await inst(ids.institute, tok.otherInst)).statusCode, 403);
  });
  test('not an institute: 404', async () => {
    assert.equal((await inst(ids.student, tok.admin)).statusCode, 404);
    assert.equal((await inst(newId(), tok.admin)).statusCode, 404);
  });
  test('no token: 401', async () => {
    assert.equal((await t.app.inject({ url: `/api/users/getInstituteInfo/${ids.institute}` })).statusCode, 401);
  });
});
