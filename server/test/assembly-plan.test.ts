/**
 * The assembly planner over a generated bank of 800 items with known statistics (fixed seeds, no clock): types per
 * slot, no repeats, the least seen first, section means within 0.05 of the target, deterministic by seed, and a short
 * bank reported slot by slot.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EPS_BLUEPRINT } from 'shared-api/item-types';
import { planForm, sectionOf, TARGET_TOLERANCE, type Candidate, type Plan } from '../src/authoring/assembly-plan.ts';
import { seeded } from '../src/random.ts';

/** 20 items per slot of the EPS blueprint (800): p spread over 0.05-0.95, a third seen by 1 to 5 students, a tenth unrated. */
function generatedBank(seed = 7): Candidate[] {
  const random = seeded(seed);
  const out: Candidate[] = [];
  EPS_BLUEPRINT.forEach((itemType, i) => {
    for (let k = 0; k < 20; k++) {
      const rated = random() >= 0.1;
      const seen = random() < 1 / 3 ? 1 + Math.floor(random() * 5) : 0;
      out.push({
        id: `item-${String(i + 1).padStart(2, '0')}-${String(k).padStart(2, '0')}`, section: sectionOf(i + 1), itemType,
        p: rated ? Math.round((0.05 + 0.9 * random()) * 1000) / 1000 : null, n: rated ? 10 + Math.floor(random() * 90) : 0, seen,
      });
    }
  });
  return out;
}

const BANK = generatedBank();
const chosen = (plan: Plan) => plan.slots.map((s) => s.item!);

describe('assembly planner', () => {
  test('fills every slot with an item of its type and section, never one item twice', () => {
    const plan = planForm(EPS_BLUEPRINT, BANK, { seed: 1 });
    assert.equal(BANK.length, 800);
    assert.equal(plan.slots.length, 40);
    assert.deepEqual(plan.unfilled, []);
    plan.slots.forEach((s, i) => {
      assert.equal(s.item!.itemType, EPS_BLUEPRINT[i], `slot ${i + 1}`);
      assert.equal(s.item!.section, i < 20 ? 'Reading' : 'Listening');
    });
    assert.equal(new Set(chosen(plan).map((c) => c.id)).size, 40);
  });

  for (const target of [null, 0.3, 0.6, 0.85]) {
    test(`the least seen first (never seen first), target ${target}`, () => {
      const plan = planForm(EPS_BLUEPRINT, BANK, { seed: 3, target });
      const picked = new Set(chosen(plan).map((c) => c.id));
      for (const type of new Set(EPS_BLUEPRINT)) {
        const mine = chosen(plan).filter((c) => c.itemType === type);
        const rest = BANK.filter((c) => c.itemType === type && !picked.has(c.id));
        assert.ok(Math.max(...mine.map((c) => c.seen)) <= Math.min(...rest.map((c) => c.seen)), type);
      }
      assert.ok(chosen(plan).every((c) => c.seen === 0), 'this bank has enough never-seen items of every type');
    });
  }

  for (const target of [0.3, 0.5, 0.6, 0.8]) {
    test(`each section's mean p within ${TARGET_TOLERANCE} of ${target}`, () => {
      const plan = planForm(EPS_BLUEPRINT, BANK, { seed: 11, target });
      for (const s of plan.sections) {
        assert.ok(Math.abs(s.meanP! - target) <= TARGET_TOLERANCE + 1e-12, `${s.section}: ${s.meanP}`);
        assert.equal(s.withinTarget, true);
        const ps = plan.slots.filter((x) => x.section === s.section && x.item!.p !== null).map((x) => x.item!.p!);
        assert.ok(Math.abs(s.meanP! - ps.reduce((a, b) => a + b, 0) / ps.length) < 1e-12, 'the mean of the rated items');
      }
    });
  }

  test('a target the bank cannot reach is reported, not met', () => {
    const plan = planForm(EPS_BLUEPRINT, BANK, { seed: 11, target: 0.99 });
    assert.ok(plan.sections.every((s) => s.withinTarget === false));
    assert.ok(plan.sections.every((s) => s.meanP! > 0.8), 'as near as the bank allows');
  });

  test('deterministic by seed, whatever the order of the bank', () => {
    const a = planForm(EPS_BLUEPRINT, BANK, { seed: 42, target: 0.6 });
    const b = planForm(EPS_BLUEPRINT, [...BANK].reverse(), { seed: 42, target: 0.6 });
    assert.deepEqual(a, b);
    const c = planForm(EPS_BLUEPRINT, BANK, { seed: 43, target: 0.6 });
    assert.notDeepEqual(chosen(a).map((x) => x.id), chosen(c).map((x) => x.id), 'another seed, another form');
  });

  test('how many forms the bank could yield', () => {
    const plan = planForm(EPS_BLUEPRINT, BANK, { seed: 1 });
    assert.equal(plan.forms.disjoint, 20, '20 items per slot: 20 forms without a shared item');
    // picture_word: 40 items for 2 slots -> C(40, 2) = 780; the product over the 14 types
    assert.ok(BigInt(plan.forms.distinct) % 780n === 0n);
  });

  test('a short bank is reported slot by slot', () => {
    const short = BANK.filter((c) => c.itemType !== 'topic' && !(c.itemType === 'story' && !['item-38-00', 'item-38-01'].includes(c.id)));
    const plan = planForm(EPS_BLUEPRINT, short, { seed: 5, target: 0.6 });
    assert.deepEqual(plan.unfilled.map((u) => [u.number, u.itemType]), [[15, 'topic'], [16, 'topic'], [40, 'story']]);
    assert.equal(plan.unfilled[0]!.reason, 'No item of this type in the bank');
    assert.equal(plan.unfilled[2]!.reason, 'Every item of this type is already used (2 in the bank, 3 needed)');
    assert.equal(plan.forms.disjoint, 0);
    assert.equal(plan.forms.distinct, '0');
    assert.equal(plan.slots.filter((s) => s.item).length, 37);
  });

  test('seen items only when the never-seen ones run out', () => {
    const few = BANK.filter((c) => c.itemType !== 'story' || c.seen > 0 || c.id === 'item-38-00' || c.id === 'item-39-00');
    const plan = planForm(EPS_BLUEPRINT, few, { seed: 2 });
    const story = plan.slots.filter((s) => s.itemType === 'story').map((s) => s.item!);
    const unseenStory = few.filter((c) => c.itemType === 'story' && c.seen === 0).length;
    assert.equal(story.filter((c) => c.seen === 0).length, Math.min(3, unseenStory));
    const minSeen = Math.min(...few.filter((c) => c.itemType === 'story' && c.seen > 0).map((c) => c.seen));
    assert.ok(story.filter((c) => c.seen > 0).every((c) => c.seen === minSeen));
  });
});
