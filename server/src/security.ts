/**
 * The Content-Security-Policy of every response (set by @fastify/helmet: plugins.ts). It allows scripts only from
 * this origin and from the origins of the configured remotes (REMOTE_*_URL), so the shell can still load a remote
 * deployed elsewhere.
 * Chakra (emotion) injects <style> elements at run time, hence 'unsafe-inline' for styles only. An HTML page of
 * our own with inline scripts (the shell's index.html) gets their sha256 added to script-src (web.ts), no more.
 */
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
