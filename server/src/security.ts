/**
 * Security headers on every response. The Content-Security-Policy allows scripts only from this origin and from the
 * origins of the configured remotes (REMOTE_*_URL), so the shell can still load a remote deployed elsewhere.
 * Chakra (emotion) injects <style> elements at run time, hence 'unsafe-inline' for styles only. An HTML page of
 * our own with inline scripts (the shell's index.html) gets their sha256 added to script-src (web.ts), no more.
 */
import type { FastifyInstance } from 'fastify';
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

export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const remotes = remoteOrigins(config).join(' ');
  const src = (extra = '') => `'self'${remotes ? ` ${remotes}` : ''}${extra}`;
  return [
    `default-src 'self'`,
    `script-src ${src(scriptHashes.map((h) => ` '${h}'`).join(''))}`,
    `connect-src ${src()}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `media-src 'self' blob:`,
    `font-src 'self' data:`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (_request, reply, payload) => {
    // The API docs page sets its own, stricter policy for its static files.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    return payload;
  });
}
