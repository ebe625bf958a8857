/**
 * How the property tests run (fast-check): each property with a fresh seed, printed in the test's name and by
 * fast-check when it fails, and again with every seed that ever made it fail (a seed found red is added to
 * FAILED_SEEDS with its fix, so it is replayed in every run from then on). `PROPERTY_SEED=N` replays one seed instead of
 * a fresh one; `PROPERTY_RUNS=N` changes the number of scripts per seed (1,000 by default).
 */
import fc from 'fast-check';

/** Seeds that once failed, by property. */
export const FAILED_SEEDS = {
  /** a disposed answer queue's late success rewrote local storage and lost the next page's choice (issue 36) */
  answers: [506568803],
  plays: [] as number[],
  submission: [] as number[],
  /** student-app/src/first-paint/paint.test.tsx: the exam list's first paint against the app's render (a fixed seed first) */
  firstPaint: [
    /** a reason named like an Object method ("toString") painted that function's source */
    20261201,
  ],
  /** server/test/fuzz.test.ts: bad input to every route; control characters and extreme dates */
  fuzzRoutes: [] as number[],
  fuzzControls: [] as number[],
  /** server/test/fuzz.test.ts: broken exam packages to the import */
  fuzzPackages: [] as number[],
} satisfies Record<string, number[]>;

export const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);

/** jest's time for one seed's scripts (1,000 take 15-40 s on a busy 2-core machine) */
export const PROPERTY_TIMEOUT_MS = 240_000;

/** A fresh 32-bit seed, or PROPERTY_SEED. */
export function freshSeed(): number {
  const fixed = process.env.PROPERTY_SEED;
  return fixed !== undefined && fixed !== '' ? Number(fixed) : (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0;
}

/** The runs of one property: `[label, seed]`, the fresh seed first, then the seeds that once failed. */
export function seedsOf(property: keyof typeof FAILED_SEEDS): [string, number][] {
  const fresh = freshSeed();
  return [[`fresh seed ${fresh}`, fresh], ...FAILED_SEEDS[property].map((s): [string, number] => [`seed ${s}, which once failed`, s])];
}

/** fast-check's parameters for one run: the seed and the number of scripts. */
export const runsWith = (seed: number): fc.Parameters<unknown> => ({ seed, numRuns: PROPERTY_RUNS });
