/**
 * The guarded fetch of exam transfers: schemes, loopback/private addresses and the allow-list, redirects, size
 * limits, the byte budget and time limits. Only 127.0.0.1 is ever contacted: refused addresses get no traffic.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GuardedFetcher, isBlockedAddress, REASONS, TransferError, type GuardOptions } from '../src/transfer/guarded-fetch.ts';
import { json, localSite, type LocalSite } from './transfer-support.ts';

const options = (o: Partial<GuardOptions> = {}): GuardOptions => ({
  allowHosts: [], timeoutMs: 2000, totalTimeoutMs: 10_000, maxBytes: 1024 * 1024, ...o,
});

async function refused(p: Promise<unknown>, reason: string) {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof TransferError, `expected a TransferError, got ${String(err)}`);
    assert.equal(err.reason, reason);
    return true;
  });
}

describe('guarded fetch', () => {
  let site: LocalSite;
  let other: LocalSite;
  before(async () => {
    other = await localSite({ '/echo': (req, res) => res.end(req.headers.authorization ?? 'no token') });
    site = await localSite({
      '/ok': json({ hello: 'world' }),
      '/big': (_req, res) => res.writeHead(200, { 'content-length': String(3000) }).end(Buffer.alloc(3000)),
      '/stream': (_req, res) => {
        res.writeHead(200); // chunked: no content-length to trust
        for (let i = 0; i < 10; i++) res.write(Buffer.alloc(500));
        res.end();
      },
      '/slow': () => { /* never answers */ },
      '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end(),
      '/to-metadata': (_req, res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-ok': (_req, res) => res.writeHead(302, { location: '/ok' }).end(),
      '/to-other': (_req, res) => res.writeHead(302, { location: `${other.base}echo` }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/denied': json({ error: 'Unauthorized' }, 401),
      '/forbidden': json({ error: 'Forbidden' }, 403),
      '/broken': (_req, res) => res.writeHead(500).end('oops'),
      '/echo': (req, res) => res.end(req.headers.authorization ?? 'no token'),
    });
  });
  after(async () => {
    await site.close();
    await other.close();
  });

  test('loopback is refused without the allow-list, and nothing is sent', async () => {
    const before = site.seen.length;
    await refused(new GuardedFetcher(options()).get(`${site.base}ok`, { maxBytes: 1000 }), REASONS.address);
    await refused(new GuardedFetcher(options()).get(`http://localhost:${site.port}/ok`, { maxBytes: 1000 }), REASONS.address);
    // the allow-list is exact: another port of the same host is not on it
    await refused(new GuardedFetcher(options({ allowHosts: ['127.0.0.1:1'] })).get(`${site.base}ok`, { maxBytes: 1000 }), REASONS.address);
    assert.equal(site.seen.length, before);
  });

  test('an allow-listed host or host:port is reached', async () => {
    for (const allow of [`127.0.0.1:${site.port}`, '127.0.0.1']) {
      const res = await new GuardedFetcher(options({ allowHosts: [allow] })).get(`${site.base}ok`, { maxBytes: 1000 });
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.body.toString()), { hello: 'world' });
    }
    const viaName = await new GuardedFetcher(options({ allowHosts: [`localhost:${site.port}`] }))
      .getJson(`http://localhost:${site.port}/ok`, { maxBytes: 1000 });
    assert.deepEqual(viaName, { hello: 'world' });
  });

  test('private, link-local, CGNAT, metadata and unique-local addresses are refused', async () => {
    for (const url of [
      'http://10.0.0.1/', 'http://10.255.1.2:8080/api', 'http://172.16.5.4/', 'http://172.31.255.1/', 'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', 'http://0.0.0.0:8080/', 'http://[::1]/',
      'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://[::ffff:127.0.0.1]/', 'http://127.1.2.3/', 'http://2130706433/',
    ]) {
      await refused(new GuardedFetcher(options()).get(url, { maxBytes: 1000 }), REASONS.address);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111']) assert.equal(isBlockedAddress(ip), false, ip);
  });

  test('every IPv6 spelling of a private or special address is refused (IPv4-compatible, mapped, 6to4, Teredo, NAT64)', async () => {
    for (const ip of [
      '::127.0.0.1', '::7f00:1', '::10.0.0.1', '::a00:1', '::169.254.169.254', '::ffff:7f00:1', '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:127.0.0.1', '2002:7f00:1::', '2002:a00:1::1', '2002::1', '2001::1', '2001:0:4136:e378::1',
      '64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '100::1', 'fec0::1', 'ff02::1', '2001:db8::1', '::', '::1', 'fe80::1%eth0',
      '0.0.0.0', '255.255.255.255', '192.0.2.1', '198.18.0.1', '240.0.0.1', 'not-an-ip', '',
    ]) assert.equal(isBlockedAddress(ip), true, ip);
    for (const url of ['http://[::7f00:1]/', 'http://[::127.0.0.1]/', 'http://[2002:7f00:1::]/', 'http://[64:ff9b::7f00:1]/']) {
      await refused(new GuardedFetcher(options()).get(url, { maxBytes: 1000 }), REASONS.address);
    }
  });

  test('a name that resolves to a private address is refused, even when one of its answers is public', async () => {
    const lookup = async (host: string) => host === 'mixed.test'
      ? [{ address: '93.184.216.34', family: 4 }, { address: '192.168.0.10', family: 4 }]
      : [{ address: '10.1.2.3', family: 4 }];
    await refused(new GuardedFetcher(options({ lookup })).get('http://evil.test/', { maxBytes: 1000 }), REASONS.address);
    await refused(new GuardedFetcher(options({ lookup })).get('https://mixed.test/', { maxBytes: 1000 }), REASONS.address);
    const failing = async () => { throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' }); };
    await refused(new GuardedFetcher(options({ lookup: failing })).get('http://nowhere.test/', { maxBytes: 1000 }), REASONS.unreachable);
  });

  test('only http and https are allowed', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1:70/', 'data:text/plain,hi', 'javascript:alert(1)']) {
      await refused(new GuardedFetcher(options({ allowHosts: ['127.0.0.1'] })).get(url, { maxBytes: 1000 }), REASONS.scheme);
    }
    await refused(new GuardedFetcher(options()).get('not a url', { maxBytes: 1000 }), REASONS.badUrl);
    await refused(new GuardedFetcher(options()).get('http://user:pw@127.0.0.1/', { maxBytes: 1000 }), REASONS.badUrl);
  });

  test('a redirect is checked like the first address', async () => {
    const f = () => new GuardedFetcher(options({ allowHosts: [`127.0.0.1:${site.port}`] }));
    await refused(f().get(`${site.base}to-private`, { maxBytes: 1000 }), REASONS.address);
    await refused(f().get(`${site.base}to-metadata`, { maxBytes: 1000 }), REASONS.address);
    await refused(f().get(`${site.base}to-other`, { maxBytes: 1000 }), REASONS.address); // other port: not allow-listed
    await refused(f().get(`${site.base}loop`, { maxBytes: 1000 }), REASONS.redirects);
    const ok = await f().getJson(`${site.base}to-ok`, { maxBytes: 1000, token: 't0k' });
    assert.deepEqual(ok, { hello: 'world' });
    assert.equal(site.auth.at(-1), 'Bearer t0k'); // same origin: the token follows
  });

  test('the token is not sent to another origin a redirect points to', async () => {
    const f = new GuardedFetcher(options({ allowHosts: ['127.0.0.1'] }));
    const res = await f.get(`${site.base}to-other`, { maxBytes: 1000, token: 'secret' });
    assert.equal(res.body.toString(), 'no token');
    assert.equal(site.auth.at(-1), 'Bearer secret');
  });

  test('an oversized response is refused (declared or streamed), and the byte budget is shared', async () => {
    const f = () => new GuardedFetcher(options({ allowHosts: ['127.0.0.1'] }));
    await refused(f().get(`${site.base}big`, { maxBytes: 2000 }), REASONS.tooLarge);
    await refused(f().get(`${site.base}stream`, { maxBytes: 2000 }), REASONS.tooLarge);
    assert.equal((await f().get(`${site.base}stream`, { maxBytes: 5000 })).body.length, 5000);

    const budget = new GuardedFetcher(options({ allowHosts: ['127.0.0.1'], maxBytes: 7000 }));
    await budget.get(`${site.base}stream`, { maxBytes: 5000 });
    assert.equal(budget.bytesLeft, 2000);
    await refused(budget.get(`${site.base}big`, { maxBytes: 5000 }), REASONS.budget);
  });

  test('a request that takes too long is cut at its time limit, and so is the whole transfer', async () => {
    const started = Date.now();
    await refused(new GuardedFetcher(options({ allowHosts: ['127.0.0.1'], timeoutMs: 300 })).get(`${site.base}slow`, { maxBytes: 1000 }), REASONS.timeout);
    assert.ok(Date.now() - started < 2000);
    const total = new GuardedFetcher(options({ allowHosts: ['127.0.0.1'], timeoutMs: 5000, totalTimeoutMs: 300 }));
    await refused(total.get(`${site.base}slow`, { maxBytes: 1000 }), REASONS.timeout);
    await refused(total.get(`${site.base}ok`, { maxBytes: 1000 }), REASONS.timeout); // the deadline has passed
  });

  test('answers of the other site become clear reasons', async () => {
    const f = () => new GuardedFetcher(options({ allowHosts: ['127.0.0.1'] }));
    await refused(f().get(`${site.base}denied`, { maxBytes: 1000 }), REASONS.token);
    await refused(f().get(`${site.base}forbidden`, { maxBytes: 1000 }), REASONS.token);
    await refused(f().get(`${site.base}nothing-here`, { maxBytes: 1000 }), REASONS.notFound);
    await refused(f().get(`${site.base}broken`, { maxBytes: 1000 }), 'the other site answered 500');
    await refused(f().getJson(`${site.base}echo`, { maxBytes: 1000 }), `${REASONS.badData}: the answer is not JSON`);
  });
});
