/**
 * The client's address, spelled one way for every limit (sign-in throttling: auth/throttle.ts; the per-client request
 * budget: request-budget.ts).
 * - X-Forwarded-For as proxies write it: some cloud load balancers add the client's port (198.18.0.30:40000), and IPv6
 *   comes in brackets ([2001:db8::1]:443, [2001:db8::1]). Fastify's proxy-addr takes such an entry for an address of its
 *   own, so each port of one client was a new client to every limit, and a trusted proxy written with a port was not
 *   recognised. `normaliseForwardedFor` cuts each entry to its address before the trusted proxies are walked (an
 *   onRequest hook of app.ts, the first of all).
 * - `clientAddress`: the unit of address one client controls.
 */
import ipaddr from 'ipaddr.js';

/** One X-Forwarded-For entry as its address: quotes, brackets and a port removed; anything else as it is. */
export function forwardedAddress(entry: string): string {
  const e = entry.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(e);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(e);
  if (v4WithPort) return v4WithPort[1]!;
  return e;
}

/** The X-Forwarded-For header with each entry cut to its address (a header sent twice is read as one list). */
export function normaliseForwardedFor(value: string | string[]): string {
  return [value].flat().join(',').split(',').map(forwardedAddress).join(', ');
}

/** The unit of address one client controls: IPv4 as is (also when IPv4-mapped), IPv6 cut to its /64 (ipaddr.js). */
export function clientAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const addr = (forwardedAddress(ip).split('%')[0] ?? '').toLowerCase();
  if (!ipaddr.isValid(addr)) return addr;
  const parsed = ipaddr.process(addr);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((n) => n.toString(16)).join(':')}::/64`;
}
