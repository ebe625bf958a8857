/**
 * The assembly planner (docs/question-bank.md, "Assembly"): pure. For each of a blueprint's slots an item of the
 * slot's type and section, no item twice, the least seen first (never seen first), then each section's mean p moved
 * towards the target by swaps that never pick a more seen item; deterministic given the seed.
 */
import { READING_RANGE } from 'shared-api/constants';
import type { QuestionType } from 'shared-api/types';
import { seeded } from '../random.ts';

/** How close a section's mean p must come to the target. */
export const TARGET_TOLERANCE = 0.05;

export interface Candidate {
  /** the item's identity */
  id: string;
  section: QuestionType;
  itemType: string;
  /** facility over every use; null: no result yet */
  p: number | null;
  n: number;
  /** distinct students (of the institute) who have seen it */
  seen: number;
}

export interface PlannedSlot {
  number: number;
  itemType: string;
  section: QuestionType;
  item: Candidate | null;
  /** why the slot is empty */
  reason: string | null;
}

export interface SectionPlan {
  section: QuestionType;
  /** mean p of the section's chosen items with a p; null when none has one */
  meanP: number | null;
  /** null without a target or a mean */
  withinTarget: boolean | null;
}

export interface Plan {
  seed: number;
  target: number | null;
  slots: PlannedSlot[];
  sections: SectionPlan[];
  /** forms the bank could yield with no item in two of them (the scarcest type decides), and in all (any overlap) */
  forms: { disjoint: number; distinct: string };
  unfilled: { number: number; itemType: string; reason: string }[];
}


export const sectionOf = (n: number): QuestionType => (n >= READING_RANGE[0] && n <= READING_RANGE[1] ? 'Reading' : 'Listening');
const SECTIONS: QuestionType[] = ['Reading', 'Listening'];

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

const meanOf = (items: (Candidate | null)[]): number | null => {
  const ps = items.filter((c): c is Candidate => c !== null && c.p !== null).map((c) => c.p!);
  return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : null;
};

/**
 * The plan of one form. `slots[i]` is the item type of number i + 1; `candidates` the bank's items (any order).
 */
export function planForm(slots: readonly string[], candidates: readonly Candidate[], options: { seed: number; target?: number | null }): Plan {
  const random = seeded(options.seed);
  const target = options.target ?? null;
  // one shuffled order per seed breaks every tie (candidates sorted by id first: the input's order does not matter)
  const order = new Map([...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c) => [c, random()] as const));
  const pool = new Map<string, Candidate[]>();
  for (const c of [...order.keys()].sort((a, b) => a.seen - b.seen || order.get(a)! - order.get(b)!)) {
    const key = `${c.section}|${c.itemType}`;
    (pool.get(key) ?? pool.set(key, []).get(key)!).push(c);
  }
  const used = new Set<string>();
  const planned: PlannedSlot[] = slots.map((itemType, i) => {
    const number = i + 1;
    const section = sectionOf(number);
    const all = pool.get(`${section}|${itemType}`) ?? [];
    const item = all.find((c) => !used.has(c.id)) ?? null;
    if (item) used.add(item.id);
    const needed = slots.filter((t, j) => t === itemType && sectionOf(j + 1) === section).length;
    return {
      number, itemType, section, item,
      reason: item ? null : all.length === 0
        ? 'No item of this type in the bank'
        : `Every item of this type is already used (${all.length} in the bank, ${needed} needed)`,
    };
  });

  if (target !== null) {
    for (const section of SECTIONS) {
      const mine = planned.filter((s) => s.section === section && s.item);
      for (let round = 0; round < 400; round++) {
        const mean = meanOf(mine.map((s) => s.item));
        if (mean === null || Math.abs(mean - target) <= TARGET_TOLERANCE) break;
        let best: { slot: PlannedSlot; item: Candidate; gap: number } | null = null;
        for (const slot of mine) {
          const current = slot.item!;
          for (const c of pool.get(`${section}|${slot.itemType}`) ?? []) {
            // never trade exposure for difficulty: only items seen no more than the one they replace
            if (used.has(c.id) || c.seen > current.seen || c.p === null) continue;
            const gap = Math.abs(meanOf(mine.map((s) => (s === slot ? c : s.item)))! - target);
            if (!best || gap < best.gap - 1e-12) best = { slot, item: c, gap };
          }
        }
        if (!best || best.gap >= Math.abs(mean - target) - 1e-12) break;
        used.delete(best.slot.item!.id);
        used.add(best.item.id);
        best.slot.item = best.item;
      }
    }
  }

  // forms: per (section, type), the bank's items and the blueprint's slots
  const need = new Map<string, number>();
  slots.forEach((t, i) => { const k = `${sectionOf(i + 1)}|${t}`; need.set(k, (need.get(k) ?? 0) + 1); });
  let disjoint = Infinity;
  let distinct = 1n;
  for (const [k, n] of need) {
    const have = pool.get(k)?.length ?? 0;
    disjoint = Math.min(disjoint, Math.floor(have / n));
    distinct *= binomial(have, n);
  }
  return {
    seed: options.seed,
    target,
    slots: planned,
    sections: SECTIONS.map((section) => {
      const meanP = meanOf(planned.filter((s) => s.section === section).map((s) => s.item));
      return { section, meanP, withinTarget: target === null || meanP === null ? null : Math.abs(meanP - target) <= TARGET_TOLERANCE + 1e-12 };
    }),
    forms: { disjoint: Number.isFinite(disjoint) ? disjoint : 0, distinct: distinct.toString() },
    unfilled: planned.filter((s) => !s.item).map((s) => ({ number: s.number, itemType: s.itemType, reason: s.reason! })),
  };
}
