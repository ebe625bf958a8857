import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { buildTestApp } from './helpers.ts';
import { loginFailures } from '../src/db/schema.ts';

describe('sign-in throttling', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  const signin = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });

  it('refuses an account with 429 after repeated failures, and not before', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await signin('student@example.com', 'wrong-password')).statusCode, 401);
    assert.equal((await signin('student@example.com', 'wrong-password')).statusCode, 401); // the 5th failure sets the lock
    const locked = await signin('student@example.com', 'password123');
    assert.equal(locked.statusCode, 429);
    assert.match(locked.json().error, /Too many failed sign-in attempts/);
    // Other accounts from the same address still sign in.
    assert.equal((await signin('admin@example.com', 'password123')).statusCode, 200);
  });

  it('the lock ends: once it has passed the real user signs in and the count is cleared', async () => {
    await t.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000) }).where(sql`${loginFailures.key} = 'email:student@example.com'`);
    assert.equal((await signin('student@example.com', 'password123')).statusCode, 200);
    const rows = await t.db.select().from(loginFailures).where(sql`${loginFailures.key} = 'email:student@example.com'`);
    assert.equal(rows.length, 0);
  });

  it('emails are throttled case-insensitively', async () => {
    for (let i = 0; i < 5; i++) await signin(i % 2 ? 'NEWSTUDENT@example.com' : 'newstudent@example.com', 'nope-nope', '10.0.0.2');
    assert.equal((await signin('newstudent@example.com', 'password123', '10.0.0.2')).statusCode, 429);
  });
});
