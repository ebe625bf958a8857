/**
 * Password-guess throttling, tried as an attacker would: from other addresses, with forged X-Forwarded-For, in
 * parallel bursts, from many addresses at once, and through the password change with a stolen token.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { bearer, buildTestApp, DEMO_PASSWORD, tokenFor, type TestApp } from './helpers.ts';
import { loginFailures, users } from '../src/db/schema.ts';
import { loadConfig } from '../src/config.ts';
import { DEVICE_TOKEN_SECONDS, issueDeviceToken } from '../src/auth/device.ts';
import { ACCOUNT_CEILING, ADDRESS_CHECKS_AT_ONCE, ADDRESS_LIMIT, PAIR_LIMIT, pruneLoginFailures } from '../src/auth/throttle.ts';
import { clientAddress, forwardedAddress, normaliseForwardedFor } from '../src/client-address.ts';

const OWNER = 'student@example.com';
const LOCKED = /Too many failed sign-in attempts/;

type Headers = Record<string, string>;
const signinOn = (t: TestApp, email: string, password: string, remoteAddress = '127.0.0.1', headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress, headers });

const failureKeys = async (t: TestApp, pattern: string) =>
  (await t.db.select().from(loginFailures).where(like(loginFailures.key, pattern))).map((r) => r.key).sort();

/** Ends every lock and window, as if the time had passed. */
const timePasses = (t: TestApp) =>
  t.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000), firstAt: new Date(Date.now() - 16 * 60 * 1000) });

describe('sign-in throttling', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t?.close(); });
  const signin = (email: string, password: string, ip = '127.0.0.1', headers: Headers = {}) => signinOn(t, email, password, ip, headers);

  it('an (account, address) pair is refused with 429 after 5 failures, and not before; other accounts from that address still sign in', async () => {
    for (let i = 0; i < PAIR_LIMIT - 1; i++) assert.equal((await signin(OWNER, 'wrong-password', '127.0.0.2')).statusCode, 401);
    assert.equal((await signin(OWNER, 'wrong-password', '127.0.0.2')).statusCode, 401); // the 5th failure sets the lock
    const locked = await signin(OWNER, DEMO_PASSWORD, '127.0.0.2');
    assert.equal(locked.statusCode, 429);
    assert.match(locked.json().error, LOCKED);
    assert.equal((await signin('admin@example.com', DEMO_PASSWORD, '127.0.0.2')).statusCode, 200);
  });

  it('failures from another address never lock the owner: 30 wrong passwords from 127.0.0.2, the owner signs in from 127.0.0.1 throughout', async () => {
    await timePasses(t);
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) {
      seen.add((await signin(OWNER, `guess-${i}-wrong`, '127.0.0.2')).statusCode);
      if (i % 10 === 9) assert.equal((await signin(OWNER, DEMO_PASSWORD, '127.0.0.1')).statusCode, 200, `owner after ${i + 1} guesses`);
    }
    assert.deepEqual([...seen].sort(), [401, 429], 'the attacker was throttled');
    assert.equal((await signin(OWNER, DEMO_PASSWORD, '127.0.0.2')).statusCode, 429, 'the attacker stays locked');
  });

  it('a parallel burst gets no more than 5 password checks for one pair', async () => {
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => signin('institute@example.com', `burst-${i}-wrong`, '127.0.0.4')));
    const counts = codes.reduce<Record<number, number>>((m, r) => ({ ...m, [r.statusCode]: (m[r.statusCode] ?? 0) + 1 }), {});
    assert.deepEqual(counts, { 401: PAIR_LIMIT, 429: 20 - PAIR_LIMIT });
    assert.equal((await signin('institute@example.com', DEMO_PASSWORD, '127.0.0.4')).statusCode, 429);
  });

  it(`a parallel burst from one address at ${ADDRESS_LIMIT * 2} accounts gets no more than ${ADDRESS_LIMIT} checks (and the few in flight)`, async () => {
    const codes = await Promise.all(Array.from({ length: ADDRESS_LIMIT * 2 }, (_, i) => signin(`burst-${i}@example.com`, 'wrong-password', '127.0.0.40')));
    const checked = codes.filter((r) => r.statusCode === 401).length;
    assert.ok(checked >= ADDRESS_LIMIT && checked < ADDRESS_LIMIT + ADDRESS_CHECKS_AT_ONCE,
      `${checked} passwords checked (limit ${ADDRESS_LIMIT}, ${ADDRESS_CHECKS_AT_ONCE} at a time)`);
    assert.ok(codes.every((r) => r.statusCode === 401 || r.statusCode === 429));
    assert.equal((await signin(OWNER, DEMO_PASSWORD, '127.0.0.40')).statusCode, 429, 'the address is locked');
    assert.equal((await signin(OWNER, DEMO_PASSWORD, '127.0.0.41')).statusCode, 200, 'only that address');
  });

  it('the lock ends: the pair\'s next attempt is checked again (a failure doubles the lock), and a success clears the pair', async () => {
    const pairKey = `signin:127.0.0.2|${OWNER}`;
    const lockEnds = () => t.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(loginFailures.key, pairKey));
    await lockEnds();
    assert.equal((await signin(OWNER, 'wrong-password', '127.0.0.2')).statusCode, 401);
    const doubled = await signin(OWNER, DEMO_PASSWORD, '127.0.0.2');
    assert.equal(doubled.statusCode, 429);
    assert.match(doubled.json().error, /wait 60 seconds/);
    await lockEnds();
    assert.equal((await signin(OWNER, DEMO_PASSWORD, '127.0.0.2')).statusCode, 200);
    assert.deepEqual(await failureKeys(t, pairKey), []);
    assert.equal((await signin(OWNER, 'wrong-password', '127.0.0.2')).statusCode, 401, 'counting starts afresh');
  });

  it('emails are throttled case-insensitively', async () => {
    for (let i = 0; i < PAIR_LIMIT; i++) await signin(i % 2 ? 'NEWSTUDENT@example.com' : 'newstudent@example.com', 'nope-nope', '127.0.0.5');
    assert.equal((await signin('newstudent@example.com', DEMO_PASSWORD, '127.0.0.5')).statusCode, 429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: rotating it from one socket address still reaches the per-address limit', async () => {
    await timePasses(t);
    const forged = Array.from({ length: ADDRESS_LIMIT }, (_, i) => `127.0.${10 + i}.${i + 1}`);
    for (const [i, xff] of forged.entries()) {
      const r = await signin(`nobody${i}@example.com`, 'wrong-password', '127.0.0.6', { 'x-forwarded-for': xff });
      assert.equal(r.statusCode, 401, `failure ${i + 1}`);
    }
    const r = await signin('admin@example.com', DEMO_PASSWORD, '127.0.0.6', { 'x-forwarded-for': '127.0.99.99' });
    assert.equal(r.statusCode, 429, 'the address is locked, whatever the header says');
    assert.match(r.json().error, LOCKED);
    const keys = await failureKeys(t, 'ip:%');
    assert.deepEqual(forged.filter((a) => keys.includes(`ip:${a}`)), [], 'no forged address was counted');
    assert.equal((await signin('admin@example.com', DEMO_PASSWORD, '127.0.0.7')).statusCode, 200, 'other addresses are not touched');
  });

  it('distributed attack: past 20 failures of an account, addresses that failed for it are refused; addresses that did not (the owner) are not', async () => {
    await timePasses(t);
    const attacker = (i: number) => `127.0.1.${i + 1}`;
    for (let i = 0; i < ACCOUNT_CEILING; i++) assert.equal((await signin(OWNER, `spray-${i}-wrong`, attacker(i))).statusCode, 401);
    const refused = await signin(OWNER, DEMO_PASSWORD, attacker(0));
    assert.equal(refused.statusCode, 429, 'an address that failed before is refused, even with the right password');
    assert.match(refused.json().error, LOCKED);
    assert.equal((await signin(OWNER, 'fresh-address-wrong', '127.0.1.200')).statusCode, 401, 'a new address gets one guess');
    assert.equal((await signin(OWNER, 'second-guess-wrong', '127.0.1.200')).statusCode, 429, '... and no second');
    assert.equal((await signin(OWNER, DEMO_PASSWORD, '127.0.0.1')).statusCode, 200, 'the owner signs in');
    assert.equal((await signin('admin@example.com', DEMO_PASSWORD, attacker(0))).statusCode, 200, 'only that account is concerned');
  });

  it('rows whose window and lock are over are pruned (by the expiry sweeper); counting and locked rows stay', async () => {
    const now = new Date();
    const ago = (min: number) => new Date(now.getTime() - min * 60_000);
    await t.db.insert(loginFailures).values([
      { key: 'prune:old', count: 3, firstAt: ago(20) },
      { key: 'prune:old-lock-over', count: 9, firstAt: ago(40), lockedUntil: ago(5) },
      { key: 'prune:old-still-locked', count: 9, firstAt: ago(20), lockedUntil: new Date(now.getTime() + 60_000) },
      { key: 'prune:recent', count: 2, firstAt: ago(5) },
    ]);
    await pruneLoginFailures(t.db, now);
    const left = (await t.db.select().from(loginFailures).where(like(loginFailures.key, 'prune:%'))).map((r) => r.key).sort();
    assert.deepEqual(left, ['prune:old-still-locked', 'prune:recent']);
  });

  it('X-Forwarded-For entries are cut to their address: ports, brackets and quotes go; anything else stays as it is', () => {
    const cases: [string, string][] = [
      ['198.18.0.30:40000', '198.18.0.30'], ['198.18.0.30', '198.18.0.30'], ['[203.0.113.7]', '203.0.113.7'],
      ['[203.0.113.7]:8080', '203.0.113.7'], ['[2001:db8::1]:443', '2001:db8::1'], ['[2001:db8::1]', '2001:db8::1'],
      ['2001:db8::1', '2001:db8::1'], ['"198.18.0.30:1"', '198.18.0.30'], ['  10.0.0.1:65535 ', '10.0.0.1'],
      ['unknown', 'unknown'], ['_hidden', '_hidden'], ['1.2.3.4:notaport', '1.2.3.4:notaport'],
    ];
    for (const [entry, address] of cases) assert.equal(forwardedAddress(entry), address, entry);
    assert.equal(normaliseForwardedFor('198.18.0.30:40000, [2001:db8::1]:443,10.0.0.1'), '198.18.0.30, 2001:db8::1, 10.0.0.1');
    assert.equal(normaliseForwardedFor(['1.1.1.1:1', '2.2.2.2:2']), '1.1.1.1, 2.2.2.2');
    assert.equal(clientAddress('198.18.0.30:40000'), '198.18.0.30');
    assert.equal(clientAddress('[2001:db8:1:2::1]:443'), '2001:db8:1:2::/64');
  });

  it('an IPv4-mapped address is the IPv4 address; IPv6 addresses count by /64', () => {
    assert.equal(clientAddress('::ffff:127.0.0.2'), '127.0.0.2');
    assert.equal(clientAddress('127.0.0.2'), '127.0.0.2');
    assert.equal(clientAddress('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('2001:DB8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientAddress('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(clientAddress('::ffff:7f00:2'), '127.0.0.2');
    assert.equal(clientAddress('2001:db8:1:2::'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('::1'), '0:0:0:0::/64');
    assert.equal(clientAddress(undefined), 'unknown');
  });
});

/** POST from a chosen 127.x source address to a listening server. */
function postFrom(port: number, localAddress: string, urlPath: string, body: unknown, headers: Headers = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, localAddress, method: 'POST', path: urlPath, agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers },
    }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
    req.on('error', reject);
    req.end(data);
  });
}

describe('a classroom behind one address: devices that have signed in before (auth/device.ts)', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t?.close(); });
  const CLASSROOM = '127.0.0.60';
  const signin = (email: string, password: string, device?: unknown, ip = CLASSROOM) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password, ...(device === undefined ? {} : { device }) }, remoteAddress: ip });
  /** A sign-in on the student's own phone yesterday, elsewhere: the device token it was given. */
  const phoneOf = async (email: string) => {
    const r = await signin(email, DEMO_PASSWORD, undefined, '127.0.0.61');
    assert.equal(r.statusCode, 200, r.body);
    const device = r.json().device as string;
    assert.match(device, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    return device;
  };
  /** The first morning: mistyped passwords from the whole class lock the classroom's address. */
  const lockTheClassroom = async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++) await signin(`pupil-${i}@example.com`, 'mistyped-1');
    assert.equal((await signin('admin@example.com', DEMO_PASSWORD)).statusCode, 429, 'the address is locked');
  };

  it('the address is locked for new devices, not for a phone that signed in to its account before', async () => {
    const phone = await phoneOf(OWNER);
    await lockTheClassroom();
    const fresh = await signin(OWNER, DEMO_PASSWORD);
    assert.equal(fresh.statusCode, 429, 'without the device token: the classroom\'s lock');
    assert.match(fresh.json().error, LOCKED);
    const trusted = await signin(OWNER, DEMO_PASSWORD, phone);
    assert.equal(trusted.statusCode, 200, trusted.body);
    assert.equal(trusted.json().user.email, OWNER);
    // the case of the typed email does not matter
    assert.equal((await signin('Student@Example.COM', DEMO_PASSWORD, phone)).statusCode, 200);
  });

  it('a device token counts only for its own account, and only when it verifies; anything else is an untrusted device, never a 5xx', async () => {
    const phone = await phoneOf('newstudent@example.com');
    await lockTheClassroom();
    const [h, p, sig] = phone.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, em: OWNER })).toString('base64url')}.${sig}`;
    const session = (await signin(OWNER, DEMO_PASSWORD, undefined, '127.0.0.62')).json().token as string;
    const now = Math.floor(Date.now() / 1000);
    const expired = issueDeviceToken(OWNER, t.app.config.jwtSecret!, now - DEVICE_TOKEN_SECONDS - 1);
    const otherDeployment = issueDeviceToken(OWNER, 'another deployment\'s secret');
    for (const device of [phone, forged, session, expired, otherDeployment, `${phone}x`, 'not-a-token', '', 'a.b.c']) {
      const r = await signin(OWNER, DEMO_PASSWORD, device);
      assert.equal(r.statusCode, 429, `${JSON.stringify(device).slice(0, 40)}: ${r.body}`);
    }
    for (const device of [[phone], ['x'], { dev: 'x' }, 'x'.repeat(1025), 'a\u0000b']) {
      const r = await signin(OWNER, DEMO_PASSWORD, device, '127.0.0.63');
      assert.equal(r.statusCode, 400, `${JSON.stringify(device).slice(0, 40)}: ${r.body}`);
      assert.equal(typeof r.json().error, 'string');
    }
  });

  it('a device token is not a session token: as a bearer it is refused', async () => {
    const phone = await phoneOf(OWNER);
    const user = (await signin(OWNER, DEMO_PASSWORD, undefined, '127.0.0.64')).json().user as { _id: string };
    const r = await t.app.inject({ method: 'GET', url: `/api/users/getUserInfo/${user._id}`, headers: bearer(phone) });
    assert.equal(r.statusCode, 401);
  });

  it('a stolen device token buys no more guesses: its 5th failure locks that device, and its failures do not count for the address', async () => {
    await timePasses(t);
    const phone = await phoneOf('institute@example.com');
    const address = async () => (await t.db.select().from(loginFailures).where(eq(loginFailures.key, `ip:${CLASSROOM}`)))[0]?.count ?? 0;
    const before = await address();
    for (let i = 0; i < PAIR_LIMIT; i++) assert.equal((await signin('institute@example.com', `guess-${i}-wrong`, phone)).statusCode, 401);
    const locked = await signin('institute@example.com', DEMO_PASSWORD, phone);
    assert.equal(locked.statusCode, 429);
    assert.match(locked.json().error, LOCKED);
    assert.equal(await address(), before, 'the address counted none of them');
    assert.equal((await signin('institute@example.com', DEMO_PASSWORD)).statusCode, 200, 'the same account from the classroom without that device');
  });
});

describe('client address over real sockets (default: no proxy trusted)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(async () => { await t?.close(); });

  it('30 wrong passwords from 127.0.0.2 claiming (X-Forwarded-For) to be the owner\'s 127.0.0.1: the owner signs in from 127.0.0.1', async () => {
    const codes = new Set<number>();
    for (let i = 0; i < 30; i++) {
      codes.add(await postFrom(port, '127.0.0.2', '/api/auth/signin', { email: OWNER, password: `forged-${i}-wrong` }, { 'x-forwarded-for': '127.0.0.1' }));
    }
    assert.deepEqual([...codes].sort(), [401, 429]);
    assert.equal(await postFrom(port, '127.0.0.1', '/api/auth/signin', { email: OWNER, password: DEMO_PASSWORD }), 200);
    assert.deepEqual(await failureKeys(t, 'signin:%'), [`signin:127.0.0.2|${OWNER}`], 'counted against the socket address');
  });
});

describe('TRUST_PROXY', () => {
  it('config: IPs and CIDR ranges are accepted; true, hop counts and malformed entries are refused', () => {
    assert.deepEqual(loadConfig({}).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: ' ' }).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['true', '1', '2', 'nginx', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1', '127.0.0.1,*']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /Invalid TRUST_PROXY/, bad);
    }
  });

  describe('with TRUST_PROXY=127.0.0.1 (nginx on the same machine)', () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } }); });
    after(async () => { await t?.close(); });
    const viaProxy = (client: string, password: string, email = OWNER) => signinOn(t, email, password, '127.0.0.1', { 'x-forwarded-for': client });

    it('X-Forwarded-For from the proxy is believed: an attacker behind it locks only their own pair', async () => {
      for (let i = 0; i < PAIR_LIMIT; i++) assert.equal((await viaProxy('127.0.0.2', `wrong-${i}-password`)).statusCode, 401);
      assert.equal((await viaProxy('127.0.0.2', DEMO_PASSWORD)).statusCode, 429);
      assert.equal((await viaProxy('127.0.0.3', DEMO_PASSWORD)).statusCode, 200, 'the owner behind the same proxy');
      assert.deepEqual(await failureKeys(t, 'ip:%'), ['ip:127.0.0.2']);
    });

    it('the client cannot choose its address through the proxy: only the address the proxy adds counts', async () => {
      // nginx with $proxy_add_x_forwarded_for appends the real address to whatever the client sent
      for (let i = 0; i < PAIR_LIMIT; i++) await viaProxy('127.0.0.3, 127.0.0.8', `wrong-${i}-password`);
      assert.equal((await viaProxy('127.0.0.8', DEMO_PASSWORD)).statusCode, 429);
      assert.equal((await viaProxy('127.0.0.3', DEMO_PASSWORD)).statusCode, 200, 'the forged address is untouched');
    });

    it('each spelling of one client\'s address is that address: a port per request, brackets, a port on the proxy\'s own entry', async () => {
      // a proxy that writes the client's port gives each request a new port: the pair must still lock after 5
      const spellings = ['198.18.0.30:40000', '198.18.0.30:40001', ' 198.18.0.30:61000', '"198.18.0.30"', '198.18.0.30'];
      for (const [i, xff] of spellings.entries()) {
        const r = await signinOn(t, OWNER, `wrong-${i}-password`, '127.0.0.1', { 'x-forwarded-for': xff });
        assert.equal(r.statusCode, i < PAIR_LIMIT ? 401 : 429, xff);
      }
      assert.equal((await signinOn(t, OWNER, DEMO_PASSWORD, '127.0.0.1', { 'x-forwarded-for': '198.18.0.30:52000' })).statusCode, 429);
      assert.deepEqual(await failureKeys(t, 'ip:198.%'), ['ip:198.18.0.30']);
      // IPv6 in brackets, with and without a port, is one /64
      for (const [i, xff] of ['[2001:db8:7:7::1]:443', '[2001:db8:7:7::2]', '2001:db8:7:7::3', '[2001:DB8:7:7::4]:1', '[2001:db8:7:7::5]:2'].entries()) {
        const r = await signinOn(t, OWNER, `wrong-v6-${i}-password`, '127.0.0.1', { 'x-forwarded-for': xff });
        assert.equal(r.statusCode, 401, xff);
      }
      assert.equal((await signinOn(t, OWNER, DEMO_PASSWORD, '127.0.0.1', { 'x-forwarded-for': '[2001:db8:7:7::9]:8080' })).statusCode, 429);
      assert.deepEqual(await failureKeys(t, 'ip:2001:%'), ['ip:2001:db8:7:7::/64']);
      // the trusted proxy's own entry written with a port is still the proxy's: the client before it counts
      assert.equal((await signinOn(t, OWNER, 'wrong-behind-2-proxies', '127.0.0.1', { 'x-forwarded-for': '198.18.0.31, 127.0.0.1:3000' })).statusCode, 401);
      assert.deepEqual(await failureKeys(t, 'ip:198.18.0.31'), ['ip:198.18.0.31']);
      assert.deepEqual(await failureKeys(t, 'ip:127.0.0.1%'), [], 'never the proxy\'s address');
    });

    it('X-Forwarded-For from any other socket is not believed', async () => {
      for (let i = 0; i < PAIR_LIMIT; i++) await signinOn(t, OWNER, `wrong-${i}-password`, '127.0.0.9', { 'x-forwarded-for': '127.0.0.3' });
      assert.equal((await signinOn(t, OWNER, DEMO_PASSWORD, '127.0.0.9')).statusCode, 429);
      assert.equal((await viaProxy('127.0.0.3', DEMO_PASSWORD)).statusCode, 200);
      assert.deepEqual(await failureKeys(t, `signin:127.0.0.9|%`), [`signin:127.0.0.9|${OWNER}`]);
    });
  });
});

describe('password change throttling (PUT users/changePassword)', () => {
  let t: TestApp;
  let id: string;
  let token: string;
  before(async () => {
    t = await buildTestApp();
    id = t.seed!.ids!.student;
    token = await tokenFor(t.app, OWNER);
  });
  after(async () => { await t?.close(); });
  const change = (current: string, remoteAddress: string, newPassword = 'new-password-1') => t.app.inject({
    method: 'PUT', url: `/api/users/changePassword/${id}`, remoteAddress, headers: bearer(token),
    payload: { email: OWNER, password: current, newPassword, confirmPassword: newPassword },
  });

  it('a stolen token cannot guess the password: after 5 wrong current passwords, 429 even for the right one', async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, id));
    for (let i = 0; i < PAIR_LIMIT; i++) {
      const r = await change(`guess-${i}-wrong`, '127.0.0.2');
      assert.deepEqual([r.statusCode, r.json()], [400, { error: 'Current password is incorrect' }]);
    }
    const r = await change(DEMO_PASSWORD, '127.0.0.2');
    assert.equal(r.statusCode, 429);
    assert.match(r.json().error, /^Too many wrong current passwords\. Please wait 30 seconds and try again\.$/);
    const [address] = await t.db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:127.0.0.2'));
    assert.equal(address?.count, PAIR_LIMIT, 'each wrong current password counted for the address too');
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    assert.deepEqual([row!.passwordHash, row!.tokenVersion], [before!.passwordHash, before!.tokenVersion], 'nothing changed');
  });

  it('the owner\'s sign-in is not locked by it, even from the same address', async () => {
    assert.equal((await signinOn(t, OWNER, DEMO_PASSWORD, '127.0.0.2')).statusCode, 200);
  });

  it('once the lock has passed, a success clears the count', async () => {
    await t.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000) }).where(like(loginFailures.key, 'password:%'));
    const r = await change(DEMO_PASSWORD, '127.0.0.2');
    assert.equal(r.statusCode, 200, r.body);
    token = r.json().token as string;
    assert.deepEqual(await failureKeys(t, 'password:%'), []);
    assert.equal((await change('still-wrong-1', '127.0.0.2')).statusCode, 400, 'counting starts afresh');
  });
});
