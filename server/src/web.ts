/**
 * Serves the built front end: the shell at /, the remotes at /remotes/{student,institute,admin}/,
 * /remotes.json (deploy-time remote URLs and contact data) and the SPA fallback (used by app.ts's 404 handler).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import { contentSecurityPolicy } from './security.ts';

const HASHED_RE = /\.[0-9a-f]{8,}\./i;
const NO_CACHE_FILES = new Set(['index.html', 'remoteEntry.js', 'first-paint.js', 'mf-manifest.json', 'remotes.json', 'sw.js']);

/** Cache-Control for a built file. */
export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (NO_CACHE_FILES.has(base) || base.endsWith('.html')) return 'no-cache';
  if (HASHED_RE.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** 'br' or 'gzip' when the Accept-Encoding header allows it (q=0 refuses), brotli first. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const raw = Array.isArray(header) ? header.join(',') : header ?? '';
  const accepted = new Set<string>();
  for (const part of raw.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** 'sha256-…' of each inline <script> of a page (one with a src attribute is not inline). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1]!) || !m[2]) continue;
    hashes.push(`sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of a built HTML page: the app's policy plus its own inline scripts, read from the
 * file (kept per file until it changes, so a redeployed shell is picked up without a restart).
 */
function htmlPolicy(config: Config) {
  const cache = new Map<string, { mtimeMs: number; policy: string }>();
  return (file: string): string => {
    const plain = file.replace(/\.(br|gz)$/, '');
    try {
      const { mtimeMs } = fs.statSync(plain);
      const hit = cache.get(plain);
      if (hit && hit.mtimeMs === mtimeMs) return hit.policy;
      const policy = contentSecurityPolicy(config, inlineScriptHashes(fs.readFileSync(plain, 'utf8')));
      cache.set(plain, { mtimeMs, policy });
      return policy;
    } catch {
      return contentSecurityPolicy(config);
    }
  };
}

export function remotesJson(config: Config) {
  return {
    remotes: {
      student_app: config.remoteStudentUrl,
      institute_app: config.remoteInstituteUrl,
      admin_app: config.remoteAdminUrl,
    },
    contact: { phone: config.contactPhone, social: config.socialUrl },
  };
}

export interface WebInfo {
  /** absolute path of shell/dist/index.html when it exists */
  spaIndex: string | undefined;
  sendIndex(reply: FastifyReply): Promise<FastifyReply>;
}

export async function registerWeb(app: FastifyInstance, config: Config): Promise<WebInfo> {
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    reply.header('Access-Control-Allow-Origin', '*');
    return remotesJson(config);
  });

  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  const policyOf = htmlPolicy(config);
  const remotes: Array<{ dir: string; prefix: string }> = [
    { dir: path.join(config.webRoot, 'student-app', 'dist'), prefix: '/remotes/student/' },
    { dir: path.join(config.webRoot, 'institute-app', 'dist'), prefix: '/remotes/institute/' },
    { dir: path.join(config.webRoot, 'admin-app', 'dist'), prefix: '/remotes/admin/' },
  ];

  let decorated = false;
  for (const r of remotes) {
    if (!fs.existsSync(r.dir)) continue;
    await app.register(fastifyStatic, {
      root: r.dir,
      prefix: r.prefix,
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply: FastifyReply, filePath: string) {
        reply.header('Cache-Control', cacheControlFor(filePath));
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
    decorated = true;
  }

  let spaIndex: string | undefined;
  if (fs.existsSync(shellDist)) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply: FastifyReply, filePath: string) {
        reply.header('Cache-Control', cacheControlFor(filePath));
        if (/\.html(\.br|\.gz)?$/.test(filePath)) reply.header('Content-Security-Policy', policyOf(filePath));
      },
    });
    decorated = true;
    const index = path.join(shellDist, 'index.html');
    if (fs.existsSync(index)) spaIndex = index;
  }

  return {
    spaIndex,
    async sendIndex(reply: FastifyReply) {
      if (!spaIndex) return reply.code(404).send({ error: 'Not Found' });
      // Every SPA route is this page: send the precompressed copy when the browser accepts it.
      const encoding = pickEncoding(reply.request.headers['accept-encoding']);
      let html: Buffer | undefined;
      if (encoding) {
        try {
          html = await fs.promises.readFile(`${spaIndex}.${encoding === 'br' ? 'br' : 'gz'}`);
          reply.header('Content-Encoding', encoding);
        } catch {
          html = undefined;
        }
      }
      html ??= await fs.promises.readFile(spaIndex);
      return reply.code(200)
        .header('Content-Security-Policy', policyOf(spaIndex))
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  };
}
