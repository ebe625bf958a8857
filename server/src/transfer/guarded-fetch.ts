/**
 * The only way the server reaches another deployment (exam transfer). Guards against server-side request forgery:
 * http/https only; the host is resolved once and every address must be public unless the host (or host:port) is on
 * TRANSFER_ALLOW_HOSTS; the connection goes to the checked address (no second DNS answer can swap it: rebinding);
 * redirects are re-checked like the first URL (at most 3, the token is dropped when the origin changes); a time limit
 * per request and for the whole transfer; a size limit per response and a byte budget for the whole transfer.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a transfer failed, in words shown to the admin after 'Error Transfering Exam: '. */
export class TransferError extends Error {
  constructor(public readonly reason: string) {
    super(reason);
    this.name = 'TransferError';
  }
}

export const REASONS = {
  scheme: 'only http and https addresses are allowed',
  badUrl: 'the website address is not valid',
  address: 'address not allowed',
  timeout: 'timed out',
  token: 'the other site refused the token',
  unreachable: 'unreachable',
  tooLarge: 'a response of the other site is too large',
  budget: 'the exam is too large to transfer',
  redirects: 'too many redirects',
  notFound: 'not found on the other site',
  badData: 'bad data',
} as const;

/** The IPv6 global unicast block (RFC 4291 2.4): every publicly routable IPv6 address is in it. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True when `ip` is an address a transfer must not reach (anything that is not an IP address too). The ranges come
 * from ipaddr.js (a maintained table: loopback, private, link-local, carrier-grade NAT, reserved, multicast, 6to4,
 * Teredo, NAT64, IPv4-mapped, ...): only its 'unicast' (public) range is reachable. Its IPv6 table does not name every
 * special form (an IPv4-compatible '::7f00:1' reads as unicast), so an IPv6 address must also be in 2000::/3, outside
 * of which nothing is publicly routed.
 */
export function isBlockedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip) || (net.isIP(ip) === 0)) return true;
  const addr = ipaddr.parse(ip);
  if (addr.range() !== 'unicast') return true;
  return addr.kind() === 'ipv6' && !addr.match(GLOBAL_UNICAST_V6);
}

export interface GuardOptions {
  /** host or host:port entries (lower case) reachable even when loopback/private */
  allowHosts: string[];
  /** one request's time limit (ms) */
  timeoutMs: number;
  /** the whole transfer's time limit (ms) */
  totalTimeoutMs: number;
  /** bytes the whole transfer may download */
  maxBytes: number;
  /** resolver (tests) */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchResult {
  status: number;
  contentType: string;
  body: Buffer;
}

const defaultLookup = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/** Parses and checks a URL's form (scheme, no credentials). */
export function parseTransferUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TransferError(REASONS.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TransferError(REASONS.scheme);
  if (url.username || url.password || !url.hostname) throw new TransferError(REASONS.badUrl);
  return url;
}

/**
 * One transfer's fetcher: every request shares the deadline and the byte budget.
 * `get(url, {maxBytes, token})` answers 2xx bodies; other statuses become TransferErrors with a clear reason.
 */
export class GuardedFetcher {
  private readonly deadline: number;
  private remaining: number;

  constructor(private readonly options: GuardOptions) {
    this.deadline = Date.now() + options.totalTimeoutMs;
    this.remaining = options.maxBytes;
  }

  get bytesLeft(): number { return this.remaining; }

  /** The address to connect to for `url`, after the allow-list and public-address checks. */
  async resolve(url: URL): Promise<{ address: string; family: number }> {
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = url.port || String(defaultPort(url.protocol));
    const allowed = this.options.allowHosts.includes(hostname) || this.options.allowHosts.includes(`${hostname}:${port}`)
      || this.options.allowHosts.includes(url.host.toLowerCase());
    let addresses: { address: string; family: number }[];
    if (net.isIP(hostname)) {
      addresses = [{ address: hostname, family: net.isIP(hostname) }];
    } else {
      try {
        addresses = await this.withDeadline((this.options.lookup ?? defaultLookup)(hostname));
      } catch (err) {
        if (err instanceof TransferError) throw err;
        throw new TransferError(REASONS.unreachable);
      }
    }
    if (addresses.length === 0) throw new TransferError(REASONS.unreachable);
    // Every answer must pass: a name that also resolves to a private address is refused as a whole.
    if (!allowed && addresses.some((a) => isBlockedAddress(a.address))) throw new TransferError(REASONS.address);
    return addresses[0]!;
  }

  private async withDeadline<T>(p: Promise<T>): Promise<T> {
    const left = this.deadline - Date.now();
    if (left <= 0) throw new TransferError(REASONS.timeout);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([p, new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TransferError(REASONS.timeout)), left);
      })]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** GET `raw` and return its body (2xx only). `maxBytes` is this response's own limit. */
  async get(raw: string, opts: { maxBytes: number; token?: string; accept?: string }): Promise<FetchResult> {
    let url = parseTransferUrl(raw);
    const origin = url.origin;
    for (let hop = 0; hop <= 3; hop++) {
      const target = await this.resolve(url);
      const token = url.origin === origin ? opts.token : undefined;
      const res = await this.request(url, target, { ...opts, token });
      if ('location' in res) {
        if (hop === 3) throw new TransferError(REASONS.redirects);
        url = parseTransferUrl(new URL(res.location, url).href);
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new TransferError(REASONS.token);
      if (res.status === 404) throw new TransferError(REASONS.notFound);
      if (res.status < 200 || res.status > 299) throw new TransferError(`the other site answered ${res.status}`);
      return res;
    }
    throw new TransferError(REASONS.redirects);
  }

  private request(
    url: URL,
    target: { address: string; family: number },
    opts: { maxBytes: number; token?: string; accept?: string },
  ): Promise<FetchResult | { location: string }> {
    const timeLeft = Math.min(this.options.timeoutMs, this.deadline - Date.now());
    if (timeLeft <= 0) return Promise.reject(new TransferError(REASONS.timeout));
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = {
      host: url.host,
      accept: opts.accept ?? '*/*',
      'accept-encoding': 'identity',
      'user-agent': 'eps-topik-exam-transfer',
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (err: TransferError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(err);
      };
      const options: https.RequestOptions = {
        method: 'GET',
        // The checked address itself: the name is not resolved a second time.
        host: target.address,
        family: target.family,
        port: url.port ? Number(url.port) : defaultPort(url.protocol),
        path: `${url.pathname}${url.search}`,
        headers,
        agent: false,
        ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
      };
      const req = (secure ? https : http).request(options, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          settled = true;
          clearTimeout(timer);
          resolve({ location: res.headers.location });
          return;
        }
        const limit = Math.min(opts.maxBytes, this.remaining);
        const tooLarge = () => new TransferError(opts.maxBytes <= this.remaining ? REASONS.tooLarge : REASONS.budget);
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limit) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) return fail(tooLarge());
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.remaining -= size;
          resolve({ status, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) });
        });
        res.on('error', () => fail(new TransferError(REASONS.unreachable)));
        res.on('close', () => { if (!res.complete) fail(new TransferError(REASONS.unreachable)); });
      });
      const timer = setTimeout(() => fail(new TransferError(REASONS.timeout)), timeLeft);
      req.on('error', () => fail(new TransferError(REASONS.unreachable)));
      req.end();
    });
  }

  /** GET a JSON document (at most `maxBytes`); an unparsable body is 'bad data'. */
  async getJson(raw: string, opts: { maxBytes: number; token?: string }): Promise<unknown> {
    const res = await this.get(raw, { ...opts, accept: 'application/json' });
    try {
      return JSON.parse(res.body.toString('utf8')) as unknown;
    } catch {
      throw new TransferError(`${REASONS.badData}: the answer is not JSON`);
    }
  }
}
