/**
 * Content-addressed media (audio, images) stored in the `media` table and served at /media/<sha256>.<ext>
 * with immutable caching, ETag and HTTP Range (browsers seek audio).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import rangeParser from 'range-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from './db/index.ts';
import { media } from './db/schema.ts';
import { MEDIA_NAME_RE } from 'shared-api/media-url';

export const MIME_BY_EXT: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export function mimeForExt(ext: string): string | undefined {
  return MIME_BY_EXT[ext.toLowerCase().replace(/^\./, '')];
}

/**
 * Stores bytes (if not already stored) and returns their URL `/media/<sha256>.<ext>`.
 * When identical bytes were stored earlier under another extension, that earlier URL is returned.
 */
export async function storeMedia(
  db: Executor,
  buffer: Buffer,
  mime: string,
  ext: string,
  userId: string | null,
): Promise<string> {
  const cleanExt = ext.toLowerCase().replace(/^\./, '');
  if (!/^[a-z0-9]{1,5}$/.test(cleanExt)) throw new Error(`Invalid media extension: ${ext}`);
  const hash = createHash('sha256').update(buffer).digest('hex');
  await db.insert(media)
    .values({ hash, mime, ext: cleanExt, size: buffer.length, data: buffer, createdBy: userId })
    .onConflictDoNothing();
  const [row] = await db.select({ ext: media.ext }).from(media).where(eq(media.hash, hash)).limit(1);
  return `/media/${hash}.${row?.ext ?? cleanExt}`;
}

interface CachedMedia { mime: string; data: Buffer }

/** Media bytes by hash, least recently used out first (lru-cache; safe: media are immutable). */
export class MediaCache {
  private readonly lru: LRUCache<string, CachedMedia>;
  constructor(maxBytes = 16 * 1024 * 1024, maxItemBytes = 2 * 1024 * 1024) {
    this.lru = new LRUCache({ maxSize: maxBytes, maxEntrySize: maxItemBytes, sizeCalculation: (v) => Math.max(1, v.data.length) });
  }

  get(hash: string): CachedMedia | undefined { return this.lru.get(hash); }
  set(hash: string, value: CachedMedia): void { this.lru.set(hash, value); }
  get size(): number { return this.lru.size; }
  get totalBytes(): number { return this.lru.calculatedSize; }
}

/**
 * The one `bytes=` range of a Range header (range-parser). null: absent, malformed, another unit or several ranges
 * (answer with the whole body); 'unsatisfiable': 416.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  // range-parser 1.x refuses a suffix longer than the body, which RFC 9110 (14.1.1) serves whole ('bytes=-50' of 10
  // bytes: all 10). Version 2 fixes it but needs Node 22.
  const ranges = rangeParser(size, header.replace(/^bytes=-(\d+)$/, (m, n: string) => (Number(n) > size && size > 0 ? `bytes=-${size}` : m)));
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

/**
 * The policy of a media file, instead of the pages' (helmet is off for this route: it built the pages' header anew
 * for every file, about a tenth of the server's time when a class downloads an exam at once). Nothing in a file may
 * run or load anything, even an SVG opened on its own: sandboxed, no sources.
 */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const cache = new MediaCache();
  // A class opening the exam asks for each file hundreds of times in the same second, before the first answer is
  // cached: concurrent misses of one file share one query (on PostgreSQL each miss decoded the whole bytea again).
  const loading = new Map<string, Promise<CachedMedia | undefined>>();
  const load = (hash: string): Promise<CachedMedia | undefined> => {
    let pending = loading.get(hash);
    if (!pending) {
      pending = app.db
        .select({ mime: media.mime, data: media.data })
        .from(media)
        .where(eq(media.hash, hash))
        .limit(1)
        .then(([row]) => {
          if (!row) return undefined;
          const item = { mime: row.mime, data: row.data };
          cache.set(hash, item);
          return item;
        })
        .finally(() => loading.delete(hash));
      loading.set(hash, pending);
    }
    return pending;
  };

  app.get('/media/:file', { helmet: false }, async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    reply.header('Content-Security-Policy', MEDIA_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    const m = MEDIA_NAME_RE.exec(request.params.file);
    if (!m) return reply.code(404).send({ error: 'Not Found' });
    const hash = m[1]!;
    const item = cache.get(hash) ?? (await load(hash));
    if (!item) return reply.code(404).send({ error: 'Not Found' });
    const etag = `"${hash}"`;
    const size = item.data.length;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('ETag', etag);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Content-Type', item.mime);
    reply.header('Access-Control-Allow-Origin', '*');

    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      return reply.code(304).send();
    }
    const ifRange = request.headers['if-range'];
    const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${size}`);
      reply.header('Content-Type', 'application/json; charset=utf-8');
      return reply.code(416).send({ error: 'Range Not Satisfiable' });
    }
    if (range) {
      reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('Content-Length', String(range.end - range.start + 1));
      return reply.code(206).send(item.data.subarray(range.start, range.end + 1));
    }
    reply.header('Content-Length', String(size));
    return reply.code(200).send(item.data);
  });
}
