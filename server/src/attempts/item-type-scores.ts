/**
 * The score per item type (issue 38 section 4), the rule alone: how a set of results did on each kind of task
 * (shared-api/item-types), weakest first. Who sees which results: ./item-types.ts; how it reads: docs/item-analysis.md.
 */
import { ITEM_TYPES, defaultItemType } from 'shared-api/item-types';
import type { ItemTypeScore, QuestionType, ResultAnswer } from 'shared-api/types';

const ORDER = new Map(ITEM_TYPES.map((t, i) => [t.value, i]));
const SECTION = new Map<string, QuestionType>(ITEM_TYPES.map((t) => [t.value, t.section]));

/** What the rule reads of an answer of a result (its `type`: the question's section, as stored). */
export type ScoredAnswer = Pick<ResultAnswer, 'question' | 'questionNumber' | 'correct'> & { type: string };

/**
 * The score per item type over these results' answers. An answer's type is its question's now (`typeOf`, by question
 * id), or its number's in the EPS-TOPIK blueprint when the question is gone; an answer with neither is left out. Only
 * `correct === true` counts as right (unanswered and wrong alike are not). Weakest first: the lowest share right, then
 * (equal shares) the type with more questions, then the blueprint's order.
 */
export function itemTypeScores(answerSets: Iterable<readonly ScoredAnswer[]>, typeOf: ReadonlyMap<string, string>): ItemTypeScore[] {
  const byType = new Map<string, ItemTypeScore>();
  for (const answers of answerSets) {
    for (const a of answers) {
      const itemType = typeOf.get(a.question) || defaultItemType(a.questionNumber);
      if (!itemType) continue;
      let row = byType.get(itemType);
      if (!row) byType.set(itemType, (row = { itemType, section: SECTION.get(itemType) ?? (a.type === 'Listening' ? 'Listening' : 'Reading'), correct: 0, total: 0 }));
      row.total++;
      if (a.correct === true) row.correct++;
    }
  }
  const order = (t: string) => ORDER.get(t) ?? ITEM_TYPES.length;
  return [...byType.values()].sort((x, y) =>
    x.correct * y.total - y.correct * x.total
    || y.total - x.total
    || order(x.itemType) - order(y.itemType)
    || (x.itemType < y.itemType ? -1 : x.itemType > y.itemType ? 1 : 0));
}
