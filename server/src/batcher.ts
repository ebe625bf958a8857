/**
 * A group-commit queue: callers `add` items and get a promise; items that arrive while a batch is running wait and
 * are handed to `run` together, `maxBatch` at a time, with up to `concurrency` batches at once. Each item is settled
 * with its own outcome. Used for the exam's hot writes (attempts/batcher.ts) and for the user lookup of every
 * authenticated request (auth/index.ts). It holds only requests in flight in this process.
 */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions {
  /** most items written by one transaction */
  maxBatch: number;
  /** batches written at the same time (1 on PGlite: it has one connection) */
  concurrency: number;
  /** called after each batch (performance.now() times: the oldest item's arrival, the batch's start and end) */
  onBatch?: (info: BatchInfo) => void;
}

export interface BatchInfo { size: number; queuedAt: number; startedAt: number; endedAt: number }

/** BATCH_LOG=1: one line per batch on stderr, `[batch] <what> <size> items <ms> ms queued@<t> start@<t> end@<t>`. */
export function batchLogger(what: string): ((info: BatchInfo) => void) | undefined {
  if (!process.env.BATCH_LOG) return undefined;
  return (b) => process.stderr.write(`[batch] ${what} ${b.size} items ${(b.endedAt - b.startedAt).toFixed(1)} ms `
    + `queued@${b.queuedAt.toFixed(1)} start@${b.startedAt.toFixed(1)} end@${b.endedAt.toFixed(1)}\n`);
}

export interface BatcherStats {
  batches: number;
  items: number;
  largest: number;
  /** batches that failed whole and were split to find the items that fail on their own */
  splits: number;
}

/**
 * A queue drained by batches. `run` receives up to maxBatch items (in arrival order) and returns one outcome per item,
 * in the same order. When it throws for a batch of several items, one item may be the cause (input the database
 * refuses, say): the batch is split in halves and each half run again, down to single items, so an item can fail
 * only itself and every other item still gets its own outcome. An error that every run repeats (the database is
 * down) costs at most about 2 x the batch's size of further runs, each of them quick to fail.
 */
export class Batcher<I, O> {
  private queue: { item: I; at: number; resolve: (v: O) => void; reject: (e: unknown) => void }[] = [];
  private running = 0;
  private scheduled = false;
  private lastActive = -Infinity;
  readonly stats: BatcherStats = { batches: 0, items: 0, largest: 0, splits: 0 };

  constructor(private readonly run: (items: I[]) => Promise<Settled<O>[]>, private readonly opts: BatcherOptions) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, at: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting (not yet in a batch). */
  get pending(): number { return this.queue.length; }

  /** Milliseconds since this batcher last had work (queued or running); 0 while it has some. */
  quietFor(now = performance.now()): number {
    return this.running > 0 || this.queue.length > 0 ? 0 : now - this.lastActive;
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.opts.concurrency || this.queue.length === 0) return;
    this.scheduled = true;
    // setImmediate: requests whose bytes are already read (same poll phase) join this batch
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  /** `run`, and when a batch of several items throws, its halves run again on their own (see the class comment). */
  private async runIsolated(items: I[]): Promise<Settled<O>[]> {
    try {
      return await this.run(items);
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      this.stats.splits++;
      const half = Math.ceil(items.length / 2);
      const first = await this.runIsolated(items.slice(0, half));
      const second = await this.runIsolated(items.slice(half));
      return [...first, ...second];
    }
  }

  private drain(): void {
    while (this.running < this.opts.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.running++;
      this.stats.batches++;
      this.stats.items += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      const t0 = performance.now();
      void this.runIsolated(batch.map((b) => b.item))
        .then((outcomes) => {
          batch.forEach((b, i) => {
            const o = outcomes[i];
            if (!o) b.reject(new Error('batch returned no outcome for an item'));
            else if (o.ok) b.resolve(o.value);
            else b.reject(o.error);
          });
        }, (err: unknown) => {
          for (const b of batch) b.reject(err);
        })
        .finally(() => {
          this.opts.onBatch?.({ size: batch.length, queuedAt: batch[0]!.at, startedAt: t0, endedAt: performance.now() });
          this.running--;
          this.lastActive = performance.now();
          this.schedule();
        });
    }
  }
}
// BATCH_LOG: the monotonic clock (µs) at performance.now() = 0, once, so that a CPU profile's sample times (same clock)
// can be matched with the batch lines (bench/burst-profile.mjs)
if (process.env.BATCH_LOG) process.stderr.write(`[batch-origin] ${(process.hrtime.bigint() / 1000n) - BigInt(Math.round(performance.now() * 1000))}\n`);
