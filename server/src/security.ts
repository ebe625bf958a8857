/**
 * Security headers on every response (@fastify/helmet). The Content-Security-Policy allows scripts only from this origin and from the
 * origins of the configured remotes (REMOTE_*_URL), so the shell can still load a remote deployed elsewhere.
 * Chakra (emotion) injects <style> elements at run time, hence 'unsafe-inline' for styles only. An HTML page of
 * our own with inline scripts (the shell's index.html) gets their sha256 added to script-src (web.ts), no more.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';

export function remoteOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const u of [config.remoteStudentUrl, config.remoteInstituteUrl, config.remoteAdminUrl]) {
    try {
      const url = new URL(u);
      origins.add(url.origin);
    } catch {
      // relative URL: same origin
    }
  }
  return [...origins];
}

/** The policy's directives (helmet's form): the app's scripts from this origin and the remotes' origins. */
export function cspDirectives(config: Config, scriptHashes: string[] = []): Record<string, string[]> {
  const src = (...extra: string[]) => ["'self'", ...remoteOrigins(config), ...extra];
  return {
    'default-src': ["'self'"],
    'script-src': src(...scriptHashes.map((h) => `'${h}'`)),
    'connect-src': src(),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The header value of cspDirectives (an HTML page with inline scripts of its own gets their hashes: web.ts). */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  return Object.entries(cspDirectives(config, scriptHashes)).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}

/**
 * @fastify/helmet with the policy above and without what would break this app: no upgrade-insecure-requests and no
 * HSTS (an institute may serve plain HTTP on its own network: TLS is nginx's job, docs in README), no
 * Cross-Origin-Resource-Policy (remotes and media are loaded by shells on other origins). Permissions-Policy is not
 * one of helmet's headers: added here.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  });
}
