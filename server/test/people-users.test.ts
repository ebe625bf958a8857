import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '../src/ids.ts';
import { bearer, signin, tokenFor } from './helpers.ts';
import { newStudentBody, peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;
before(async () => { w = await peopleWorld(); });
after(async () => { await w?.t.close(); });

const whoAmI = (token: string, id: string) => w.t.app.inject({ url: `/api/users/getUserInfo/${id}`, headers: bearer(token) });

describe('own profile: PUT users/:userId', () => {
  test('updates the name, phone and address, never the email', async () => {
    const tok = await tokenFor(w.t.app, 'newstudent@example.com');
    const r = await w.call('PUT', `users/${w.ids.newStudent}`, tok, { firstname: 'Newer', lastname: 'Learner', phone: '9801111111', address: 'Lalitpur', email: 'hijack@example.com' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().name, 'Newer Learner');
    const row = await w.row(w.ids.newStudent);
    assert.equal(row!.firstName, 'Newer');
    assert.equal(row!.phone, '9801111111');
    assert.equal(row!.address, 'Lalitpur');
    assert.equal(row!.email, 'newstudent@example.com');
  });
  test('short first name and a 9-digit phone are refused with the checker messages', async () => {
    let r = await w.call('PUT', `users/${w.ids.newStudent}`, w.tok.newStudent, { firstname: 'Al', lastname: 'Learner' });
    assert.equal(r.statusCode, 400);
    assert.deepEqual(r.json(), { error: 'First Name should be more than 3 characters.' });
    r = await w.call('PUT', `users/${w.ids.newStudent}`, w.tok.newStudent, { firstname: 'Alice', lastname: 'Learner', phone: '980111111' });
    assert.equal(r.statusCode, 400);
    assert.deepEqual(r.json(), { error: 'Phone should be exactly 10 digits.' });
  });
  test("someone else's id in the path: 403, nothing changed", async () => {
    const r = await w.call('PUT', `users/${w.ids.student}`, w.tok.studentB, { firstname: 'Hacked', lastname: 'Name' });
    assert.equal(r.statusCode, 403);
    assert.equal((await w.row(w.ids.student))!.firstName, 'Demo');
  });
});

describe('change own password: PUT users/changePassword/:userId', () => {
  test('needs the current password; revokes old tokens and returns a working new one', async () => {
    const r0 = await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('pw-change@example.com'));
    const id = r0.json()._id as string;
    const old = await tokenFor(w.t.app, 'pw-change@example.com');
    const path = `users/changePassword/${id}`;
    let r = await w.call('PUT', path, old, { email: 'pw-change@example.com', password: 'wrong-password', newPassword: 'newpassword1', confirmPassword: 'newpassword1' });
    assert.equal(r.statusCode, 400);
    assert.deepEqual(r.json(), { error: 'Current password is incorrect' });
    r = await w.call('PUT', path, old, { email: 'pw-change@example.com', password: 'password123', newPassword: 'short', confirmPassword: 'short' });
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'New Password should be more than 8 characters.' }]);
    r = await w.call('PUT', path, old, { email: 'pw-change@example.com', password: 'password123', newPassword: 'newpassword1', confirmPassword: 'newpassword2' });
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'Confirm Password doesnot match' }]);
    assert.equal((await whoAmI(old, id)).statusCode, 200, 'refused attempts change nothing');

    r = await w.call('PUT', path, old, { email: 'pw-change@example.com', password: 'password123', newPassword: 'newpassword1', confirmPassword: 'newpassword1' });
    assert.equal(r.statusCode, 200, r.body);
    const fresh = r.json().token as string;
    assert.equal((await whoAmI(old, id)).statusCode, 401, 'the old token is revoked');
    assert.equal((await whoAmI(fresh, id)).statusCode, 200, 'the new token continues the session');
    assert.equal((await signin(w.t.app, 'pw-change@example.com', 'password123')).res.statusCode, 401);
    assert.equal((await signin(w.t.app, 'pw-change@example.com', 'newpassword1')).res.statusCode, 200);
  });
  test('not for Google accounts', async () => {
    const r0 = await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('google@example.com'));
    const id = r0.json()._id as string;
    const tok = await tokenFor(w.t.app, 'google@example.com');
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await w.t.db.update(users).set({ authType: 'google' }).where(eq(users.id, id));
    const r = await w.call('PUT', `users/changePassword/${id}`, tok, { email: 'google@example.com', password: 'password123', newPassword: 'newpassword1', confirmPassword: 'newpassword1' });
    assert.equal(r.statusCode, 400);
  });
});

describe('profile picture: PUT users/changePicture/:userId', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
  const upload = (id: string, token: string, bytes: Buffer, filename: string, field = 'image') => {
    const boundary = '----people-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return w.t.app.inject({
      method: 'PUT', url: `/api/users/changePicture/${id}`, payload,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  test('a png is stored, served and set as the image', async () => {
    const r = await upload(w.ids.institute, w.tok.institute, PNG, 'me.png');
    assert.equal(r.statusCode, 200, r.body);
    const url = r.json().image as string;
    assert.match(url, /^\/media\/[0-9a-f]{64}\.png$/);
    assert.equal((await w.row(w.ids.institute))!.image, url);
    const m = await w.t.app.inject({ url });
    assert.equal(m.statusCode, 200);
    assert.equal(m.headers['content-type'], 'image/png');
  });
  test('a jpeg is accepted (admin)', async () => {
    const r = await upload(w.ids.admin, w.tok.admin, JPEG, 'me.jpg');
    assert.equal(r.statusCode, 200, r.body);
    assert.match(r.json().image, /\.jpg$/);
  });
  test('text named .png is refused by its content', async () => {
    const before = (await w.row(w.ids.instB))!.image;
    const r = await upload(w.ids.instB, w.tok.instB, Buffer.from('hello, I am not a picture'), 'fake.png');
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'Image only supports type of png, jpeg' }]);
    assert.equal((await w.row(w.ids.instB))!.image, before);
  });
  test('800 KB is refused; 716800 bytes is accepted', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(800 * 1024)]);
    let r = await upload(w.ids.instB, w.tok.instB, big, 'big.png');
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'Image cannot exceed 700KB' }]);
    r = await upload(w.ids.instB, w.tok.instB, Buffer.concat([PNG, Buffer.alloc(716800 - PNG.length)]), 'max.png');
    assert.equal(r.statusCode, 200, r.body);
  });
  test('students get no picture: 403', async () => {
    const r = await upload(w.ids.student, w.tok.student, PNG, 'me.png');
    assert.equal(r.statusCode, 403);
    assert.equal((await w.row(w.ids.student))!.image, '');
  });
  test('no file: 400', async () => {
    const r = await w.call('PUT', `users/changePicture/${w.ids.instB}`, w.tok.instB, { image: 'x' });
    assert.equal(r.statusCode, 400);
  });
});

describe('creating students: POST users/createUser/:userId', () => {
  test('an institute enrols its own student; an admin its own or into an institute', async () => {
    let r = await w.call('POST', `users/createUser/${w.ids.institute}`, w.tok.institute, newStudentBody('enrol-a@example.com'));
    assert.equal(r.statusCode, 201, r.body);
    assert.equal(r.json().created_by, w.ids.institute);
    assert.equal(r.json().role, 0);
    assert.match(r.json().user_uid, /^EPS-\d{6}$/);
    r = await w.call('POST', `users/createUser/${w.ids.admin}`, w.tok.admin, newStudentBody('enrol-admin@example.com'));
    assert.equal(r.json().created_by, w.ids.admin);
    r = await w.call('POST', `users/createUser/${w.ids.admin}`, w.tok.admin, newStudentBody('enrol-into-b@example.com', { institute: w.ids.instB }));
    assert.equal(r.json().created_by, w.ids.instB);
    assert.equal((await signin(w.t.app, 'enrol-into-b@example.com')).res.statusCode, 200);
  });
  test('duplicate email in another case: 409 Email already exists', async () => {
    const r = await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('STUDENT@Example.com'));
    assert.deepEqual([r.statusCode, r.json()], [409, { error: 'Email already exists' }]);
  });
  test('bad input: each refused with the checker message, nothing created', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: '' }, 'First Name cannot be empty.'],
      [{ firstname: 'Ab' }, 'First Name should be more than 3 characters.'],
      [{ lastname: 'Ab' }, 'Last Name should be more than 3 characters.'],
      [{ email: 'not-an-email' }, ' Invalid Email.'],
      [{ password: 'short', confirmPassword: 'short' }, 'Password should be more than 8 characters.'],
      [{ confirmPassword: 'password124' }, 'Confirm Password doesnot match'],
      [{ phone: '980000000' }, 'Phone should be exactly 10 digits.'],
    ];
    for (const [extra, error] of cases) {
      const r = await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('bad-input@example.com', extra));
      assert.deepEqual([r.statusCode, r.json()], [400, { error }], JSON.stringify(extra));
    }
    const missing = await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, {});
    assert.equal(missing.statusCode, 400);
    assert.equal((await signin(w.t.app, 'bad-input@example.com')).res.statusCode, 401);
  });
  test('students cannot create users', async () => {
    const r = await w.call('POST', `users/createUser/${w.ids.student}`, w.tok.student, newStudentBody('by-student@example.com'));
    assert.equal(r.statusCode, 403);
  });
});

describe('lists', () => {
  const emails = (r: { json(): unknown }) => (r.json() as { email: string }[]).map((u) => u.email);
  test('an institute lists only its students', async () => {
    const r = await w.call('GET', `users/institute/${w.ids.instB}`, w.tok.instB);
    assert.equal(r.statusCode, 200);
    assert.ok(emails(r).includes('student-b@example.com'));
    assert.ok(!emails(r).includes('student@example.com'));
  });
  test('admin: all students, its own, and those with no institute', async () => {
    const all = emails(await w.call('GET', `users/getAllUsers/${w.ids.admin}`, w.tok.admin));
    assert.ok(all.includes('student@example.com') && all.includes('student-b@example.com') && all.includes('newstudent@example.com'));
    assert.ok(!all.includes('institute@example.com') && !all.includes('admin@example.com'));
    await w.call('POST', `users/createUser/${w.ids.admin}`, w.tok.admin, newStudentBody('yours@example.com'));
    const yours = emails(await w.call('GET', `users/getSelfCreatedUsers/${w.ids.admin}`, w.tok.admin));
    assert.ok(yours.includes('yours@example.com'));
    assert.ok(!yours.includes('student@example.com') && !yours.includes('inst-b@example.com'));
    const none = emails(await w.call('GET', `users/noInstitute/${w.ids.admin}`, w.tok.admin));
    assert.ok(none.includes('newstudent@example.com'));
    assert.ok(!none.includes('student@example.com') && !none.includes('yours@example.com'));
  });
  test('students of one institute: the admin or that institute, not another', async () => {
    assert.ok(emails(await w.call('GET', `users/ofInstitute/${w.ids.institute}/${w.ids.admin}`, w.tok.admin)).includes('student@example.com'));
    assert.ok(emails(await w.call('GET', `users/ofInstitute/${w.ids.institute}/${w.ids.institute}`, w.tok.institute)).includes('student@example.com'));
    const r = await w.call('GET', `users/ofInstitute/${w.ids.institute}/${w.ids.instB}`, w.tok.instB);
    assert.equal(r.statusCode, 404);
  });
  test('students are refused on admin and institute lists', async () => {
    for (const p of ['users/institute', 'users/getAllUsers', 'users/getSelfCreatedUsers', 'users/noInstitute', 'users/getAllInstitutes']) {
      assert.equal((await w.call('GET', `${p}/${w.ids.student}`, w.tok.student)).statusCode, 403, p);
    }
    assert.equal((await w.call('GET', `users/getAllUsers/${w.ids.institute}`, w.tok.institute)).statusCode, 403);
  });
  test('one user: admin, its institute, itself; others 404', async () => {
    const get = (id: string, me: string, token: string) => w.call('GET', `users/get/${id}/${me}`, token);
    assert.equal((await get(w.ids.student, w.ids.admin, w.tok.admin)).statusCode, 200);
    assert.equal((await get(w.ids.student, w.ids.institute, w.tok.institute)).statusCode, 200);
    assert.equal((await get(w.ids.student, w.ids.student, w.tok.student)).json().email, 'student@example.com');
    assert.deepEqual((await get(w.ids.student, w.ids.instB, w.tok.instB)).json(), { error: 'User Not Found' });
    assert.equal((await get(w.ids.student, w.ids.studentB, w.tok.studentB)).statusCode, 404);
    assert.equal((await get(newId(), w.ids.admin, w.tok.admin)).statusCode, 404);
  });
});

describe('changing students', () => {
  test("update: the institute's own student; phone exactly 10; email unique", async () => {
    const id = (await w.call('POST', `users/createUser/${w.ids.institute}`, w.tok.institute, newStudentBody('upd@example.com'))).json()._id;
    const upd = (extra: Record<string, unknown>) => w.call('PUT', `users/update/${w.ids.institute}`, w.tok.institute,
      { _id: id, firstname: 'Ramesh', lastname: 'Thapa', email: 'upd@example.com', phone: '9822222222', status: 1, ...extra });
    let r = await upd({});
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().name, 'Ramesh Thapa');
    r = await upd({ phone: '982222222' });
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'Phone should be exactly 10 digits.' }]);
    r = await upd({ email: 'Student-B@example.com' });
    assert.deepEqual([r.statusCode, r.json()], [409, { error: 'Email already exists' }]);
    r = await upd({ status: 5 });
    assert.equal(r.statusCode, 400);
    assert.equal((await w.row(id))!.phone, '9822222222');
  });
  test('disabling revokes tokens and blocks sign-in', async () => {
    const id = (await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('disable-me@example.com'))).json()._id;
    const tok = await tokenFor(w.t.app, 'disable-me@example.com');
    const r = await w.call('PUT', `users/update/${w.ids.instB}`, w.tok.instB,
      { _id: id, firstname: 'Sita', lastname: 'Sharma', email: 'disable-me@example.com', phone: '', status: 0 });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().status, 0);
    assert.equal((await whoAmI(tok, id)).statusCode, 401);
    assert.equal((await signin(w.t.app, 'disable-me@example.com')).res.statusCode, 403);
  });
  test('set a password (admin or own institute): revokes tokens', async () => {
    const id = (await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('setpw@example.com'))).json()._id;
    const tok = await tokenFor(w.t.app, 'setpw@example.com');
    let r = await w.call('PUT', `users/updateUserPassword/${w.ids.instB}`, w.tok.instB, { user: id, email: 'setpw@example.com', newPassword: 'newpassword1', confirmPassword: 'newpassword9' });
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'Confirm Password doesnot match' }]);
    r = await w.call('PUT', `users/updateUserPassword/${w.ids.instB}`, w.tok.instB, { user: id, email: 'setpw@example.com', newPassword: 'newpassword1', confirmPassword: 'newpassword1' });
    assert.deepEqual([r.statusCode, r.json()], [200, { _id: id }]);
    assert.equal((await whoAmI(tok, id)).statusCode, 401);
    assert.equal((await signin(w.t.app, 'setpw@example.com', 'newpassword1')).res.statusCode, 200);
    r = await w.call('PUT', `users/updateUserPassword/${w.ids.admin}`, w.tok.admin, { user: id, email: 'setpw@example.com', newPassword: 'adminpass12', confirmPassword: 'adminpass12' });
    assert.equal(r.statusCode, 200);
  });
  test('delete: soft, revokes tokens, frees the email, keeps the row', async () => {
    const id = (await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('delete-me@example.com'))).json()._id;
    const tok = await tokenFor(w.t.app, 'delete-me@example.com');
    const r = await w.call('PUT', `users/delete/${w.ids.instB}`, w.tok.instB, { _id: id });
    assert.deepEqual([r.statusCode, r.json()], [200, { _id: id }]);
    const row = await w.row(id);
    assert.ok(row && row.deletedAt, 'the row stays, marked deleted');
    assert.equal((await whoAmI(tok, id)).statusCode, 401);
    assert.equal((await signin(w.t.app, 'delete-me@example.com')).res.statusCode, 401);
    assert.equal((await w.call('GET', `users/get/${id}/${w.ids.instB}`, w.tok.instB)).statusCode, 404);
    assert.ok(!(await w.call('GET', `users/institute/${w.ids.instB}`, w.tok.instB)).json().some((u: { _id: string }) => u._id === id));
    const again = await w.call('POST', `users/createUser/${w.ids.instB}`, w.tok.instB, newStudentBody('delete-me@example.com'));
    assert.equal(again.statusCode, 201, 'a deleted user no longer holds the email');
  });
  test('an admin cannot delete itself; a student cannot delete', async () => {
    assert.equal((await w.call('PUT', `users/delete/${w.ids.admin}`, w.tok.admin, { _id: w.ids.admin })).statusCode, 400);
    assert.equal((await w.call('PUT', `users/delete/${w.ids.student}`, w.tok.student, { _id: w.ids.newStudent })).statusCode, 403);
    assert.equal((await w.row(w.ids.newStudent))!.deletedAt, null);
  });
});

describe("institute B against institute A's student: refused, nothing changed", () => {
  test('read, update, set password, delete', async () => {
    const A = w.ids.student;
    const before = await w.row(A);
    const asB = (method: 'GET' | 'PUT', path: string, payload?: unknown) => w.call(method, `${path}/${w.ids.instB}`, w.tok.instB, payload);
    const attempts = [
      await asB('GET', `users/get/${A}`),
      await asB('PUT', 'users/update', { _id: A, firstname: 'Taken', lastname: 'Over', email: 'taken@example.com', phone: '9800000000', status: 0 }),
      await asB('PUT', 'users/updateUserPassword', { user: A, email: 'student@example.com', newPassword: 'hijacked1', confirmPassword: 'hijacked1' }),
      await asB('PUT', 'users/delete', { _id: A }),
      await asB('PUT', 'users/delete', { _id: w.ids.institute }),
      await asB('GET', `results/of/${A}`),
    ];
    for (const r of attempts) assert.deepEqual([r.statusCode, r.json()], [404, { error: 'User Not Found' }]);
    assert.deepEqual(await w.row(A), before);
    assert.equal((await signin(w.t.app, 'student@example.com')).res.statusCode, 200);
  });
  test('a student cannot change anyone through back-office routes', async () => {
    const r = await w.call('PUT', `users/update/${w.ids.studentB}`, w.tok.studentB, { _id: w.ids.studentB, firstname: 'Self', lastname: 'Promoted', email: 'student-b@example.com', status: 1 });
    assert.equal(r.statusCode, 403);
  });
});

describe('addUserToInstitute (admin)', () => {
  test('enrols a student with no institute; refuses one already enrolled', async () => {
    const id = (await w.call('POST', `users/createUser/${w.ids.admin}`, w.tok.admin, newStudentBody('lonely@example.com'))).json()._id;
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await w.t.db.update(users).set({ createdBy: null }).where(eq(users.id, id));
    let r = await w.call('PUT', `users/addUserToInstitute/${w.ids.admin}`, w.tok.admin, { user: id, institute: w.ids.instB });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().created_by, w.ids.instB);
    r = await w.call('PUT', `users/addUserToInstitute/${w.ids.admin}`, w.tok.admin, { user: id, institute: w.ids.institute });
    assert.equal(r.statusCode, 400);
    assert.equal((await w.row(id))!.createdBy, w.ids.instB);
    r = await w.call('PUT', `users/addUserToInstitute/${w.ids.admin}`, w.tok.admin, { user: w.ids.newStudent, institute: newId() });
    assert.equal(r.statusCode, 404);
    r = await w.call('PUT', `users/addUserToInstitute/${w.ids.instB}`, w.tok.instB, { user: w.ids.newStudent, institute: w.ids.instB });
    assert.equal(r.statusCode, 403);
    assert.equal((await w.row(w.ids.newStudent))!.createdBy, null);
  });
});
