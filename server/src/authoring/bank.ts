/**
 * The question bank (docs/question-bank.md): every question of the exams an institute (or any, for the admin) owns,
 * one row per item (identity `coalesce(item_id, id)`), with figures gathered from every result that used a copy of
 * it; and "Add from bank", a copy of an item into a free number of an exam.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { LISTENING_RANGE, READING_RANGE } from 'shared-api/constants';
import { difficultyBand, type DifficultyBand } from 'shared-api/question-bank';
import type { BankItem, Question as QuestionJson, QuestionType } from 'shared-api/types';
import { ROLES, type AuthUser } from '../auth/index.ts';
import { queryRows, type Db, type Executor } from '../db/index.ts';
import { exams, questions, results, type Question as QuestionRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId } from '../ids.ts';
import { pageOf, pageRequest, type PageQuery, type Paged } from '../paging.ts';
import { authoredQuestionJson, createQuestion } from './exam-questions.ts';
import { responsesOf, type AnalysedAnswer } from './item-analysis.ts';
import { correctedPointBiserial, type PointBiserial } from './item-statistics.ts';
import { rowToFields } from './questions.ts';
import { analysisScope } from './results.ts';
import { storableDayStart, zoneOf } from '../zones/index.ts';

export const BANK_MSG = {
  itemNotFound: 'Item not found in your question bank',
  wrongSection: 'A Reading item takes a number from 1 to 20, a Listening item one from 21 to 40',
} as const;

/** Whose bank and whose results: an institute its own exams and students; an admin all, or one institute's with `institute`. */
export interface BankScope {
  /** the exams' owner; null: every owner (admin) */
  owner: string | null;
  /** which results count (docs/item-analysis.md, "Whose results"); undefined: all */
  results: SQL | undefined;
}

export async function bankScope(db: Db, me: AuthUser, institute?: string): Promise<BankScope> {
  const scope = await analysisScope(db, me, institute);
  return { owner: me.role === ROLES.admin ? scope.institute : me.id, results: scope.where };
}

/** One item's figures over every use of any copy of it in the scope's results. */
export interface ItemUse extends PointBiserial {
  n: number;
  correct: number;
  facility: number | null;
  /** distinct students among the counted results */
  students: number;
  lastUsed: Date | null;
}

const noUse = (): ItemUse => ({ ...correctedPointBiserial([], []), n: 0, correct: 0, facility: null, students: 0, lastUsed: null });

/** `coalesce(item_id, id)` is one of `items` (served by the item_id index and the primary key). */
const isCopyOf = (items: readonly string[]) => or(inArray(questions.itemId, [...items]), and(isNull(questions.itemId), inArray(questions.id, [...items])));

/**
 * The figures of each of `items` (identities): for every result in `resultsWhere` of an exam holding a copy, the
 * copy's number scored as the item analysis does (its first answer, unanswered is wrong) and the total of the exam's
 * other existing questions (for the corrected point-biserial). The one computation of an item's p and discrimination
 * across exams: the bank's list and the assembly (./assembly.ts) both read it.
 */
export async function itemUses(db: Executor, resultsWhere: SQL | undefined, items: readonly string[]): Promise<Map<string, ItemUse>> {
  const out = new Map<string, ItemUse>(items.map((i) => [i, noUse()]));
  if (items.length === 0) return out;
  const copies = await db.select({ id: questions.id, itemId: questions.itemId, examId: questions.examId, number: questions.questionNumber })
    .from(questions).where(isCopyOf(items));
  if (copies.length === 0) return out;
  const examIds = [...new Set(copies.map((c) => c.examId))];
  const numbersOf = new Map<string, Set<number>>();
  for (const q of await db.select({ examId: questions.examId, number: questions.questionNumber }).from(questions).where(inArray(questions.examId, examIds))) {
    if (q.number < READING_RANGE[0] || q.number > LISTENING_RANGE[1]) continue;
    (numbersOf.get(q.examId) ?? numbersOf.set(q.examId, new Set()).get(q.examId)!).add(q.number);
  }
  const copiesOf = new Map<string, { item: string; number: number }[]>();
  for (const c of copies) (copiesOf.get(c.examId) ?? copiesOf.set(c.examId, []).get(c.examId)!).push({ item: c.itemId ?? c.id, number: c.number });

  const uses = new Map<string, { x: number[]; rest: number[]; students: Set<string>; last: Date | null }>();
  const rs = await db.select({ examId: results.examId, userId: results.userId, createdAt: results.createdAt, answers: results.answers })
    .from(results).where(and(inArray(results.examId, examIds), resultsWhere)).orderBy(asc(results.createdAt), asc(results.id));
  for (const r of rs) {
    const numbers = numbersOf.get(r.examId) ?? new Set<number>();
    const responses = responsesOf(r.answers as unknown as AnalysedAnswer[], numbers);
    let total = 0;
    for (const n of numbers) if (responses.get(n)?.correct) total++;
    for (const c of copiesOf.get(r.examId) ?? []) {
      if (!numbers.has(c.number)) continue;
      const x = responses.get(c.number)?.correct ? 1 : 0;
      const u = uses.get(c.item) ?? uses.set(c.item, { x: [], rest: [], students: new Set(), last: null }).get(c.item)!;
      u.x.push(x);
      u.rest.push(total - x);
      u.students.add(r.userId);
      if (!u.last || r.createdAt > u.last) u.last = r.createdAt;
    }
  }
  for (const [item, u] of uses) {
    const correct = u.x.reduce((a, b) => a + b, 0);
    out.set(item, {
      ...correctedPointBiserial(u.x, u.rest), n: u.x.length, correct, facility: correct / u.x.length, students: u.students.size, lastUsed: u.last,
    });
  }
  return out;
}

export interface BankQuery extends PageQuery {
  section?: QuestionType;
  type?: string;
  difficulty?: DifficultyBand;
  /** YYYY-MM-DD: items not used on or after this day (from its start in the viewer's time zone), never-used included */
  notUsedSince?: string;
  institute?: string;
}

/** The text of a question the search reads: its texts, not its media paths. */
const SEARCHED = sql`concat_ws(' ',
  case when r.main_heading_image then '' else r.main_heading end, r.heading,
  case when r.description_image then '' else r.description end,
  case when r.option_type in ('text', 'listeningandtext') then concat_ws(' ', r.option1, r.option2, r.option3, r.option4) else '' end,
  r.answer_details)`;

/**
 * The items of the bank: per identity its representative question (the item's own first question while it is in the
 * bank, else its latest copy), filtered by what SQL can tell (section, type, search), newest edit first.
 */
export function representatives(scope: BankScope, q: Pick<BankQuery, 'section' | 'type' | 'search'>): SQL {
  const owner = scope.owner === null ? sql`` : sql`and e.user_id = ${scope.owner}`;
  const where: SQL[] = [sql`true`];
  if (q.section) where.push(sql`r.type = ${q.section}`);
  if (q.type) where.push(sql`r.item_type = ${q.type}`);
  const search = q.search?.trim();
  if (search) where.push(sql`strpos(lower(${SEARCHED}), lower(${search})) > 0`);
  return sql`select r.id, r.item, r.updated_at from (
      select distinct on (coalesce(q.item_id, q.id)) q.*, coalesce(q.item_id, q.id) as item
      from ${questions} q join ${exams} e on e.id = q.exam_id
      where e.deleted_at is null ${owner}
      order by coalesce(q.item_id, q.id), (q.item_id is null) desc, q.updated_at desc, q.id
    ) r where ${sql.join(where, sql` and `)}`;
}

/** One page of the bank, the total of matching items; figures over the scope's results. */
export async function bankPage(db: Db, me: AuthUser, query: BankQuery): Promise<Paged<BankItem>> {
  const scope = await bankScope(db, me, query.institute);
  const page = pageRequest(query);
  const base = representatives(scope, query);
  const ordered = sql`${base} order by updated_at desc, item`;
  let pageRows: { id: string; item: string }[];
  let total: number;
  let uses: Map<string, ItemUse>;
  if (query.difficulty || query.notUsedSince) {
    // these filters read the figures: every candidate's, then one page of those that pass
    const all = await queryRows<{ id: string; item: string }>(db, ordered);
    uses = await itemUses(db, scope.results, all.map((r) => r.item));
    const since = query.notUsedSince ? storableDayStart(await zoneOf(db, me), query.notUsedSince) : null;
    const kept = all.filter((r) => {
      const u = uses.get(r.item)!;
      if (query.difficulty && difficultyBand(u.facility) !== query.difficulty) return false;
      return !(since && u.lastUsed && u.lastUsed >= since);
    });
    total = kept.length;
    pageRows = kept.slice(page.offset, page.offset + page.limit);
  } else {
    const paged = await pageOf(page,
      () => queryRows<{ id: string; item: string }>(db, sql`${ordered} limit ${page.limit} offset ${page.offset}`),
      async () => Number((await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${base}) c`))[0]?.n ?? 0));
    pageRows = paged.rows;
    total = paged.total;
    uses = await itemUses(db, scope.results, pageRows.map((r) => r.item));
  }
  const rows = pageRows.length ? await db.select().from(questions).where(inArray(questions.id, pageRows.map((r) => r.id))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const examsOf = await bankExamsOf(db, scope, pageRows.map((r) => r.item));
  return {
    total,
    rows: pageRows.map((r) => {
      const u = uses.get(r.item) ?? noUse();
      return {
        _id: r.item,
        question: authoredQuestionJson(byId.get(r.id)!),
        n: u.n,
        facility: u.facility,
        pointBiserial: u.pointBiserial,
        pointBiserialReason: u.pointBiserialReason,
        band: difficultyBand(u.facility),
        exams: examsOf.get(r.item) ?? [],
        lastUsed: u.lastUsed?.toISOString() ?? null,
      };
    }),
  };
}

/** The bank's (non-deleted, the scope's owner's) exams holding a copy of each item, by title. */
async function bankExamsOf(db: Executor, scope: BankScope, items: readonly string[]): Promise<Map<string, { _id: string; title: string }[]>> {
  const out = new Map<string, { _id: string; title: string }[]>();
  if (items.length === 0) return out;
  const rows = await db.selectDistinct({ item: sql<string>`coalesce(${questions.itemId}, ${questions.id})`, id: exams.id, title: exams.title })
    .from(questions).innerJoin(exams, eq(exams.id, questions.examId))
    .where(and(isCopyOf(items), isNull(exams.deletedAt), scope.owner === null ? undefined : eq(exams.userId, scope.owner)))
    .orderBy(asc(exams.title), asc(exams.id));
  for (const r of rows) (out.get(r.item) ?? out.set(r.item, []).get(r.item)!).push({ _id: r.id, title: r.title });
  return out;
}

/** The item's representative question if `itemId` is in the bank of `owner` (null: any owner), else undefined. */
export async function bankItem(db: Executor, owner: string | null, itemId: string): Promise<QuestionRow | undefined> {
  if (!isId(itemId)) return undefined;
  const [row] = await db.select({ q: questions }).from(questions).innerJoin(exams, eq(exams.id, questions.examId))
    .where(and(isCopyOf([itemId]), isNull(exams.deletedAt), owner === null ? undefined : eq(exams.userId, owner)))
    .orderBy(sql`(${questions.itemId} is null) desc`, sql`${questions.updatedAt} desc`, asc(questions.id)).limit(1);
  return row?.q;
}

export interface CopyBody {
  examId: string;
  itemId: string;
  questionNumber: number;
}

/** The number range of a section. */
export const sectionRange = (t: QuestionType) => (t === 'Reading' ? READING_RANGE : LISTENING_RANGE);

/**
 * "Add from bank": a copy of the item, as a new question of the exam at `questionNumber`, naming the item it came
 * from. The exam must be one `me` may change, the item in `me`'s bank (an admin's: any), the number free and in the
 * item's section; the question's rules run as for any new question (media present, 20 per section).
 */
export async function copyFromBank(db: Db, me: AuthUser, body: CopyBody): Promise<QuestionJson> {
  const item = await bankItem(db, me.role === ROLES.admin ? null : me.id, body.itemId);
  if (!item) throw new HttpError(404, BANK_MSG.itemNotFound);
  const [lo, hi] = sectionRange(item.type as QuestionType);
  if (body.questionNumber < lo || body.questionNumber > hi) throw new HttpError(400, BANK_MSG.wrongSection);
  return createQuestion(db, me, body.examId, { ...rowToFields(item), question_number: body.questionNumber }, item.itemId ?? item.id);
}
