/**
 * Test support for the exam page's senders (answers, listening plays): a server behind a link that a classroom breaks,
 * and the random steps that break it, for fast-check properties run under jest's fake timers. The server goes down
 * (unreachable or failing), the browser goes offline and back, time passes, and the page's queue is replaced while a
 * request is on its way: by a reload (the request then lands or is lost) or by the screens re-mounting in the same
 * page (a change of language: the old request answers later, as the new queue runs).
 */
import fc from 'fast-check';

export type LinkStep =
  | { kind: 'server'; up: boolean; unreachable: boolean }
  | { kind: 'browser'; online: boolean }
  | { kind: 'wait'; ms: number }
  | { kind: 'reload'; inFlightLands: boolean }
  | { kind: 'remount' };

/** A device's own steps (weight 5) mixed with the link's. */
export function withLinkSteps<T>(device: fc.Arbitrary<T>): fc.Arbitrary<T | LinkStep> {
  return fc.oneof(
    { weight: 5, arbitrary: device as fc.Arbitrary<T | LinkStep> },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('server' as const), up: fc.boolean(), unreachable: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('browser' as const), online: fc.boolean() }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5_000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), inFlightLands: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remount' as const) }) },
  );
}

export function isLinkStep(step: { kind: string }): step is LinkStep {
  return ['server', 'browser', 'wait', 'reload', 'remount'].includes(step.kind);
}

/** The page's side of the link: its queue's 'online' listener, and replacing the queue (a reload or a re-mount). */
export interface PageHandle {
  online: () => void;
  offline?: () => void;
  dispose: () => void;
  /** opens the new page's queue and starts its flush */
  reopen: () => void;
}

export class FlakyLink {
  up = true;
  unreachable = true;
  online = true;
  private readonly inFlight = new Set<(lands: boolean) => void>();

  constructor(private readonly latencyMs: number) {}

  /**
   * A request: after the link's latency the server replies with `reply()` (which may throw the server's refusal), or
   * the request fails (`{ status: 0 }` unreachable or offline, `{ status: 500 }` a failing server).
   */
  request<T>(reply: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const answer = () => {
        try { resolve(reply()); } catch (err) { reject(err); }
      };
      const settle = (lands: boolean) => {
        this.inFlight.delete(settle);
        clearTimeout(timer);
        if (lands) answer();
        else reject({ status: 0 });
      };
      this.inFlight.add(settle);
      const timer = setTimeout(() => {
        if (!this.inFlight.delete(settle)) return;
        if (!this.up || !this.online) reject({ status: !this.online || this.unreachable ? 0 : 500 });
        else answer();
      }, this.latencyMs);
    });
  }

  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Runs one of the link's steps against the page. */
  async step(step: LinkStep, page: PageHandle): Promise<void> {
    switch (step.kind) {
      case 'server':
        this.up = step.up;
        this.unreachable = step.unreachable;
        break;
      case 'browser':
        this.online = step.online;
        if (step.online) page.online(); // the page's 'online' listener
        else page.offline?.();
        break;
      case 'wait':
        await jest.advanceTimersByTimeAsync(step.ms);
        break;
      case 'reload':
        // the old page is gone: each request on its way landed (the server got it first) or was lost
        page.dispose();
        for (const settle of [...this.inFlight]) settle(step.inFlightLands);
        await jest.advanceTimersByTimeAsync(0);
        page.reopen();
        break;
      case 'remount':
        // the old queue's request goes on and answers later, while the new queue runs
        page.dispose();
        page.reopen();
        break;
    }
  }

  /** The link back for good: time passes (5 s at a time, at most `rounds` times) until nothing waits. */
  async restore(page: PageHandle, waiting: () => boolean, rounds: number): Promise<void> {
    this.up = true;
    this.online = true;
    page.online();
    for (let i = 0; i < rounds && (waiting() || this.busy); i++) await jest.advanceTimersByTimeAsync(5_000);
  }
}
