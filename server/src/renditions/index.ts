/**
 * Media renditions: beside every uploaded audio and image, the smaller file students get (./encode.ts), made in
 * worker threads (piscina) so the event loop that serves running exams never encodes. Every media file without a
 * rendition record is work: after an upload or a transfer (kick) and, once, at start (the backfill of media stored
 * before). A file is claimed in the database before it is encoded (media_renditions, 'pending'), so two servers on
 * one PostgreSQL never encode the same file; a claim left by a stopped process is taken over after CLAIM_STALE_MS.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { queryRows, type Db } from '../db/index.ts';
import { media, mediaRenditions } from '../db/schema.ts';
import { storeMedia } from '../media.ts';
import { packagesChanged } from '../attempts/package-generation.ts';
import type { RenditionInput, RenditionOutput } from './encode.ts';

/**
 * A claim older than this is another process's that stopped mid-work (PostgreSQL). PGlite has one process at a time
 * (the data directory's lock): there a claim made before this process started is abandoned.
 */
const CLAIM_STALE_MS = 10 * 60_000;
/** One file's encode at most (a 1 MB MP3 of 8 minutes takes about 40 s on one core). */
const TASK_TIMEOUT_MS = 5 * 60_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** made: encoded here; cached: taken from the cache directory; kept: students get the original; skipped: another process's */
export interface RenditionStats { made: number; cached: number; kept: number; skipped: number }

/** The encoder's own code: a cached rendition made by other code is not used. */
const ENCODER_VERSION = createHash('sha256')
  .update(fs.readFileSync(new URL('./encode.ts', import.meta.url)))
  .update(fs.readFileSync(new URL('./worker.mjs', import.meta.url)))
  .digest('hex').slice(0, 16);

/**
 * Finished renditions by the original's hash and the encoder's version, in a directory shared by data directories
 * (RENDITION_CACHE_DIR): an entry is a JSON file (the output without its bytes) and, for a rendition, its bytes beside
 * it; each written under a temporary name and renamed, so a reader sees a whole entry or none.
 */
class RenditionCache {
  constructor(private readonly dir: string) {}

  private file(hash: string, suffix: string): string { return path.join(this.dir, `${hash}-${ENCODER_VERSION}.${suffix}`); }

  async get(hash: string): Promise<RenditionOutput | undefined> {
    try {
      const meta = JSON.parse(await fs.promises.readFile(this.file(hash, 'json'), 'utf8')) as RenditionOutput;
      if ('kept' in meta) return meta;
      return { ...meta, data: new Uint8Array(await fs.promises.readFile(this.file(hash, 'bin'))) };
    } catch {
      return undefined;
    }
  }

  async put(hash: string, out: RenditionOutput): Promise<void> {
    const write = async (suffix: string, data: string | Uint8Array) => {
      const tmp = `${this.file(hash, suffix)}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await fs.promises.writeFile(tmp, data);
      await fs.promises.rename(tmp, this.file(hash, suffix));
    };
    await fs.promises.mkdir(this.dir, { recursive: true });
    if ('kept' in out) return write('json', JSON.stringify(out));
    // the bytes first: a reader that finds the JSON finds them
    await write('bin', out.data);
    await write('json', JSON.stringify({ ext: out.ext, mime: out.mime, note: out.note }));
  }
}

export class Renditions {
  private pool: Piscina<RenditionInput, RenditionOutput> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private readonly abort = new AbortController();
  private backfillDone = false;
  private readonly startedAt = new Date();
  readonly stats: RenditionStats = { made: 0, cached: 0, kept: 0, skipped: 0 };
  private readonly cache: RenditionCache | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly options: { threads: number; singleProcess: boolean; cacheDir?: string },
  ) {
    this.cache = options.cacheDir ? new RenditionCache(options.cacheDir) : undefined;
  }

  get enabled(): boolean { return this.options.threads > 0 && !this.closed; }

  /** Looks for media without a rendition record and makes their renditions, in the background. */
  kick(): void {
    if (!this.enabled) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass().catch((err: unknown) => {
          if (!this.closed) this.log.error({ err }, 'renditions: a pass failed');
        });
      } while (this.again && !this.closed);
    })().finally(() => { this.running = undefined; });
  }

  /** Resolves when no work is under way (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    await this.running?.catch(() => {});
    await this.pool?.destroy();
  }

  private workers(): Piscina<RenditionInput, RenditionOutput> {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: new URL('./worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.options.threads,
      idleTimeout: 30_000,
      // a hostile file must not take the process's memory with it: the worker dies, the task fails, the next starts
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    // a worker that dies outside a task (fails to start, runs out of memory): logged; its task, if any, fails (one
    // listener for the pool's life: it was added again for every file, MaxListenersExceededWarning after ten)
    this.pool.on('error', (err: unknown) => this.log.error({ err }, 'renditions: a worker failed'));
    return this.pool;
  }

  /** The media files that have no rendition record (or a stale claim) and are not themselves renditions. */
  private async todo(): Promise<string[]> {
    const rows = await queryRows<{ hash: string }>(this.db, sql`
      select m.hash from ${media} m
       where (m.mime like 'audio/%' or m.mime like 'image/%')
         and not exists (select 1 from ${mediaRenditions} r where r.original_hash = m.hash and r.status <> 'pending')
         and not exists (select 1 from ${mediaRenditions} r where r.rendition_hash = m.hash)
       order by m.created_at, m.hash`);
    return rows.map((r) => r.hash);
  }

  /** Takes a file for this process: true when no other process holds a live claim on it. */
  private async claim(hash: string): Promise<boolean> {
    const stale = this.options.singleProcess ? this.startedAt : new Date(Date.now() - CLAIM_STALE_MS);
    const rows = await queryRows(this.db, sql`
      insert into ${mediaRenditions} (original_hash, status, claimed_at) values (${hash}, 'pending', now())
      on conflict (original_hash) do update set claimed_at = now()
        where ${mediaRenditions.status} = 'pending' and ${mediaRenditions.claimedAt} <= ${stale.toISOString()}::timestamptz
      returning original_hash`);
    return rows.length === 1;
  }

  private async pass(): Promise<void> {
    const hashes = await this.todo();
    const backfill = !this.backfillDone;
    this.backfillDone = true;
    if (hashes.length === 0) return;
    if (backfill) this.log.info(`renditions: ${hashes.length} media file(s) without a rendition, making them in the background`);
    const before = { ...this.stats };
    const started = Date.now();
    let lastLog = started;
    let finished = 0;
    const limit = pLimit(this.options.threads);
    await Promise.all(hashes.map((hash) => limit(async () => {
      if (this.closed) return;
      await this.one(hash);
      finished++;
      if (backfill && (Date.now() - lastLog > 10_000 || finished === hashes.length)) {
        lastLog = Date.now();
        this.log.info(`renditions: backfill ${finished}/${hashes.length} (made ${this.stats.made - before.made}, from the cache ${
          this.stats.cached - before.cached}, kept the original ${this.stats.kept - before.kept}, done elsewhere ${
          this.stats.skipped - before.skipped}) in ${Math.round((lastLog - started) / 1000)} s`);
      }
    })));
  }

  private async one(hash: string): Promise<void> {
    if (!(await this.claim(hash))) {
      this.stats.skipped++;
      return;
    }
    const [row] = await this.db.select({ mime: media.mime, ext: media.ext, data: media.data }).from(media).where(eq(media.hash, hash)).limit(1);
    let out: RenditionOutput;
    let cached = false;
    if (!row) out = { kept: 'the media row is gone' };
    else {
      try {
        const fromCache = await this.cache?.get(hash);
        if (fromCache) {
          out = fromCache;
          cached = true;
        } else {
          const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(TASK_TIMEOUT_MS)]);
          out = await this.workers().run({ data: row.data, ext: row.ext, mime: row.mime }, { signal });
          // (a failed encode is not cached: the next process tries again)
          await this.cache?.put(hash, out).catch((err: unknown) => this.log.warn({ err }, 'renditions: the cache could not be written'));
        }
      } catch (err) {
        if (this.closed) {
          // stopped mid-work: give the claim back (the next start takes the file again)
          await this.db.delete(mediaRenditions).where(and(eq(mediaRenditions.originalHash, hash), eq(mediaRenditions.status, 'pending'))).catch(() => {});
          return;
        }
        out = { kept: `the encoder failed (${(err as Error).message.slice(0, 200)})` };
        this.log.warn({ media: hash, err }, 'renditions: the encoder failed; students get the original');
      }
    }
    if ('kept' in out) {
      await this.db.update(mediaRenditions).set({ status: 'kept', note: out.kept, doneAt: new Date() })
        .where(eq(mediaRenditions.originalHash, hash));
      packagesChanged();
      this.stats[cached ? 'cached' : 'kept']++;
      this.log.info({ media: hash, reason: out.kept }, 'renditions: students get the original');
      return;
    }
    const rendition = out;
    const url = await this.db.transaction(async (tx) => {
      const stored = await storeMedia(tx, Buffer.from(rendition.data), rendition.mime, rendition.ext, null);
      const renditionHash = /\/media\/([0-9a-f]{64})\./.exec(stored)![1]!;
      await tx.update(mediaRenditions).set({ status: 'done', renditionHash, note: rendition.note, doneAt: new Date() })
        .where(eq(mediaRenditions.originalHash, hash));
      return stored;
    });
    packagesChanged();
    this.stats[cached ? 'cached' : 'made']++;
    this.log.info({ media: hash, rendition: url, bytes: `${row!.data.length} -> ${rendition.data.length}`, note: rendition.note }, cached ? 'renditions: from the cache' : 'renditions: made');
  }
}

/** For each of `hashes` that has a rendition: the rendition's URL and size. */
export async function renditionsOf(db: Db, hashes: string[]): Promise<Map<string, { url: string; bytes: number }>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.select({ original: mediaRenditions.originalHash, hash: media.hash, ext: media.ext, size: media.size })
    .from(mediaRenditions)
    .innerJoin(media, eq(media.hash, mediaRenditions.renditionHash))
    .where(and(inArray(mediaRenditions.originalHash, hashes), eq(mediaRenditions.status, 'done')));
  return new Map(rows.map((r) => [r.original, { url: `/media/${r.hash}.${r.ext}`, bytes: r.size }]));
}
