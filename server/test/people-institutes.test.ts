import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { newId } from '../src/ids.ts';
import { bearer, signin, tokenFor } from './helpers.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;
before(async () => { w = await peopleWorld(); });
after(async () => { await w?.t.close(); });

const instituteBody = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Chitwan Hangul Centre', email, phone: '9845000000', address: 'Bharatpur',
  password: 'password123', confirm_password: 'password123', institute_role: 0, ...extra,
});

describe('institutes (admin)', () => {
  test('create: name becomes first_name, role institute, created by the admin; it can sign in', async () => {
    const r = await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, instituteBody('chitwan@example.com'));
    assert.equal(r.statusCode, 201, r.body);
    const u = r.json();
    assert.equal(u.first_name, 'Chitwan Hangul Centre');
    assert.equal(u.last_name, '');
    assert.equal(u.role, 1);
    assert.equal(u.institute_role, 0);
    assert.equal(u.created_by, w.ids.admin);
    assert.equal((await signin(w.t.app, 'chitwan@example.com')).res.statusCode, 200);
  });
  test('bad input and duplicate emails are refused', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'Ab' }, 400, 'Name should be more than 3 characters.'],
      [{ email: 'nope' }, 400, ' Invalid Email.'],
      [{ phone: '984500000' }, 400, 'Phone should be exactly 10 digits.'],
      [{ password: 'short', confirm_password: 'short' }, 400, 'Password should be more than 8 characters.'],
      [{ confirm_password: 'password124' }, 400, 'Confirm Password doesnot match'],
      [{ email: 'Institute@EXAMPLE.com' }, 409, 'Email already exists'],
    ];
    for (const [extra, status, error] of cases) {
      const r = await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, instituteBody('bad-inst@example.com', extra));
      assert.deepEqual([r.statusCode, r.json()], [status, { error }], JSON.stringify(extra));
    }
    const r = await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, instituteBody('bad-inst@example.com', { institute_role: 7 }));
    assert.equal(r.statusCode, 400);
  });
  test('institutes and students cannot create institutes', async () => {
    assert.equal((await w.call('POST', `users/createInstitute/${w.ids.institute}`, w.tok.institute, instituteBody('x1@example.com'))).statusCode, 403);
    assert.equal((await w.call('POST', `users/createInstitute/${w.ids.student}`, w.tok.student, instituteBody('x2@example.com'))).statusCode, 403);
  });
  test('list with student counts', async () => {
    const r = await w.call('GET', `users/getAllInstitutes/${w.ids.admin}`, w.tok.admin);
    assert.equal(r.statusCode, 200);
    const a = (r.json() as { _id: string; students: number; role: number }[]).find((i) => i._id === w.ids.institute);
    assert.equal(a?.students, 1);
    assert.ok((r.json() as { role: number }[]).every((i) => i.role === 1));
  });
  test('update: fields, optional password (revokes), disabling (revokes)', async () => {
    const id = (await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, instituteBody('upd-inst@example.com'))).json()._id;
    const tok = await tokenFor(w.t.app, 'upd-inst@example.com');
    const upd = (extra: Record<string, unknown>) => w.call('PUT', `users/updateInstitute/${w.ids.admin}`, w.tok.admin,
      { _id: id, name: 'Butwal Korean School', email: 'upd-inst@example.com', phone: '9845000001', address: 'Butwal', institute_role: 1, status: 1, ...extra });
    let r = await upd({});
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().name, 'Butwal Korean School');
    assert.equal(r.json().institute_role, 1);
    const ping = (token: string) => w.t.app.inject({ url: `/api/users/getUserInfo/${id}`, headers: bearer(token) });
    assert.equal((await ping(tok)).statusCode, 200, 'no password change: the token still works');
    r = await upd({ phone: '123' });
    assert.equal(r.statusCode, 400);
    r = await upd({ email: 'INST-B@example.com' });
    assert.deepEqual([r.statusCode, r.json()], [409, { error: 'Email already exists' }]);
    r = await upd({ password: 'short' });
    assert.equal(r.statusCode, 400);
    r = await upd({ password: 'newpassword1', confirm_password: 'newpassword1' });
    assert.equal(r.statusCode, 200);
    assert.equal((await ping(tok)).statusCode, 401);
    const tok2 = await tokenFor(w.t.app, 'upd-inst@example.com').catch(() => '');
    assert.equal(tok2, '', 'the old password no longer works');
    const { body } = await signin(w.t.app, 'upd-inst@example.com', 'newpassword1');
    r = await upd({ status: 0 });
    assert.equal(r.json().status, 0);
    assert.equal((await ping(body.token)).statusCode, 401);
    assert.equal((await signin(w.t.app, 'upd-inst@example.com', 'newpassword1')).res.statusCode, 403);
  });
  test('update of a student id or an unknown id: 404', async () => {
    const body = { name: 'Whatever Name', email: 'student@example.com', phone: '9845000001', address: '', institute_role: 1, status: 1 };
    assert.equal((await w.call('PUT', `users/updateInstitute/${w.ids.admin}`, w.tok.admin, { ...body, _id: w.ids.student })).statusCode, 404);
    assert.equal((await w.call('PUT', `users/updateInstitute/${w.ids.admin}`, w.tok.admin, { ...body, _id: newId() })).statusCode, 404);
  });
  test('delete an institute: soft, its students move to "no institute"', async () => {
    const id = (await w.call('POST', `users/createInstitute/${w.ids.admin}`, w.tok.admin, instituteBody('gone-inst@example.com'))).json()._id;
    const itok = await tokenFor(w.t.app, 'gone-inst@example.com');
    const sid = (await w.call('POST', `users/createUser/${id}`, itok, {
      firstname: 'Orphan', lastname: 'Student', email: 'orphan@example.com', password: 'password123', confirmPassword: 'password123',
    })).json()._id;
    const r = await w.call('PUT', `users/delete/${w.ids.admin}`, w.tok.admin, { _id: id });
    assert.equal(r.statusCode, 200);
    assert.ok((await w.row(id))!.deletedAt);
    assert.equal((await signin(w.t.app, 'gone-inst@example.com')).res.statusCode, 401);
    assert.equal((await w.row(sid))!.createdBy, null);
    const none = (await w.call('GET', `users/noInstitute/${w.ids.admin}`, w.tok.admin)).json() as { _id: string }[];
    assert.ok(none.some((u) => u._id === sid));
  });
});

describe('CSV import: POST users/import/:userId', () => {
  const imp = (csv: string, me = w.ids.instB, token = w.tok.instB) => w.call('POST', `users/import/${me}`, token, { csv });
  const count = async (like: string) => Number((await w.t.db.execute(sql`select count(*) as n from users where email like ${like}`) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);

  test('mixed rows: valid ones created, errors reported per row, generated passwords returned once', async () => {
    const csv = [
      'email,firstname,lastname,phone,password',
      'csv1@example.com,Hari,Bahadur,9800000011,password123',
      'csv2@example.com,"Gita, Kumari",Rai,,',
      'not-an-email,Ram,Shrestha,,password123',
      'csv3@example.com,Al,Shrestha,,password123',
      'csv4@example.com,Kiran,Shrestha,98000,password123',
      'csv5@example.com,Kiran,Shrestha,,short',
      'STUDENT@example.com,Demo,Again,,password123',
      'CSV1@example.com,Hari,Twice,,password123',
      '',
    ].join('\r\n');
    const r = await imp(csv);
    assert.equal(r.statusCode, 200, r.body);
    const out = r.json() as { created: { email: string; password?: string; created_by: string; first_name: string }[]; errors: { row: number; email: string; error: string }[] };
    assert.deepEqual(out.created.map((u) => u.email), ['csv1@example.com', 'csv2@example.com']);
    assert.equal(out.created[0]!.password, undefined, 'a given password is never echoed');
    assert.match(out.created[1]!.password ?? '', /^\S{10}$/);
    assert.equal(out.created[1]!.first_name, 'Gita, Kumari');
    assert.ok(out.created.every((u) => u.created_by === w.ids.instB));
    assert.deepEqual(out.errors, [
      { row: 4, email: 'not-an-email', error: ' Invalid Email.' },
      { row: 5, email: 'csv3@example.com', error: 'First Name should be more than 3 characters.' },
      { row: 6, email: 'csv4@example.com', error: 'Phone should be exactly 10 digits.' },
      { row: 7, email: 'csv5@example.com', error: 'Password should be more than 8 characters.' },
      { row: 8, email: 'STUDENT@example.com', error: 'Email already exists' },
      { row: 9, email: 'CSV1@example.com', error: 'Email appears twice in the file' },
    ]);
    assert.equal((await signin(w.t.app, 'csv1@example.com', 'password123')).res.statusCode, 200);
    assert.equal((await signin(w.t.app, 'csv2@example.com', out.created[1]!.password)).res.statusCode, 200);
    assert.equal(await count('csv%@example.com'), 2);
  });
  test('nothing half-created when the transaction fails', async () => {
    // a trigger makes the database refuse the third row: the first two must not remain
    await w.t.db.execute(sql.raw(`
      create or replace function people_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.email = 'tx-boom@example.com' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`));
    await w.t.db.execute(sql.raw('create trigger people_test_refuse before insert on users for each row execute function people_test_refuse()'));
    try {
      const r = await imp('email,firstname,lastname\ntx-ok1@example.com,Anil,Karki\ntx-ok2@example.com,Sunil,Karki\ntx-boom@example.com,Boom,Karki\n');
      assert.equal(r.statusCode, 500);
      assert.deepEqual(r.json(), { error: 'Internal Server Error' });
      assert.equal(await count('tx-%@example.com'), 0);
    } finally {
      await w.t.db.execute(sql.raw('drop trigger people_test_refuse on users'));
    }
    const again = await imp('email,firstname,lastname\ntx-ok1@example.com,Anil,Karki\n');
    assert.equal(again.json().created.length, 1);
  });
  test('admin import: own students by default; header checked; limits', async () => {
    let r = await imp('email,firstname,lastname\nadm-csv@example.com,Bikash,Lama\n', w.ids.admin, w.tok.admin);
    assert.equal(r.json().created[0].created_by, w.ids.admin);
    r = await imp('mail,name\nx@example.com,X\n');
    assert.equal(r.statusCode, 400);
    r = await imp('email,firstname,lastname\n');
    assert.equal(r.statusCode, 400);
    const many = ['email,firstname,lastname', ...Array.from({ length: 1001 }, (_, i) => `many${i}@example.com,Many,Rows`)].join('\n');
    r = await imp(many);
    assert.deepEqual([r.statusCode, r.json()], [400, { error: 'CSV cannot have more than 1000 rows' }]);
    r = await imp(`email,firstname,lastname\n${'x'.repeat(1024 * 1024 + 10)}`);
    assert.equal(r.statusCode, 400);
    assert.equal(await count('many%@example.com'), 0);
  });
  test('students cannot import', async () => {
    const r = await imp('email,firstname,lastname\nstu-csv@example.com,Stu,Dent\n', w.ids.student, w.tok.student);
    assert.equal(r.statusCode, 403);
  });
});
