/**
 * Content-addressed media (audio, images) stored in the `media` table and served at /media/<sha256>.<ext>
 * with immutable caching, ETag and HTTP Range (browsers seek audio).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from './db/index.ts';
import { media } from './db/schema.ts';

export const MEDIA_NAME_RE = /^([0-9a-f]{64})\.([a-z0-9]{1,5})$/;

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

/** A small LRU of media bytes by hash (safe: media are immutable). */
export class MediaCache {
  private map = new Map<string, CachedMedia>();
  private bytes = 0;
  constructor(private readonly maxBytes = 16 * 1024 * 1024, private readonly maxItemBytes = 2 * 1024 * 1024) {}

  get(hash: string): CachedMedia | undefined {
    const v = this.map.get(hash);
    if (v) {
      this.map.delete(hash);
      this.map.set(hash, v);
    }
    return v;
  }

  set(hash: string, value: CachedMedia): void {
    if (value.data.length > this.maxItemBytes || this.map.has(hash)) return;
    this.map.set(hash, value);
    this.bytes += value.data.length;
    while (this.bytes > this.maxBytes) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.bytes -= this.map.get(oldest.value)!.data.length;
      this.map.delete(oldest.value);
    }
  }

  get size(): number { return this.map.size; }
  get totalBytes(): number { return this.bytes; }
}

/** Parses a single `bytes=` range. Returns null when absent/unsupported (serve whole), 'unsatisfiable' for 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null; // several ranges or another unit: answer with the whole body
  const [, a, b] = m as unknown as [string, string, string];
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const cache = new MediaCache();

  app.get('/media/:file', async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const m = MEDIA_NAME_RE.exec(request.params.file);
    if (!m) return reply.code(404).send({ error: 'Not Found' });
    const hash = m[1]!;
    let item = cache.get(hash);
    if (!item) {
      const [row] = await app.db.select({ mime: media.mime, data: media.data }).from(media).where(eq(media.hash, hash)).limit(1);
      if (!row) return reply.code(404).send({ error: 'Not Found' });
      item = { mime: row.mime, data: row.data };
      cache.set(hash, item);
    }
    const etag = `"${hash}"`;
    const size = item.data.length;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('ETag', etag);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Content-Type', item.mime);
    reply.header('X-Content-Type-Options', 'nosniff');
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
