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
import { pageRequest, type PageQuery, type Paged } from '../paging.ts';
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
 * A stored result as the figures read it: who, when, and which numbers its first answer got right (as responsesOf
 * scores them: the first answer per number, unanswered is wrong): bit n-1 of `reading` for Reading's 1-20, bit n-21
 * of `listening` for Listening's 21-40. A result is never changed once written (only deleted), so each database
 * handle keeps these by result id: a bank's thousands of results are read and decoded once, not on every search.
 */
interface ScoredResult { userId: string; createdAt: Date; reading: number; listening: number }

const ALL_NUMBERS: ReadonlySet<number> = new Set(Array.from({ length: LISTENING_RANGE[1] - READING_RANGE[0] + 1 }, (_, i) => READING_RANGE[0] + i));
/** Most results kept per database handle (about 200 bytes each); past it the cache starts again empty. */
export const SCORED_CACHE_MAX = 200_000;
const scoredCache = new WeakMap<object, Map<string, ScoredResult>>();

/** The bit of number `n` (1-40) in its section's mask. */
const bitOf = (n: number) => 1 << (n <= READING_RANGE[1] ? n - READING_RANGE[0] : n - LISTENING_RANGE[0]);
const isRight = (r: ScoredResult, n: number) => ((n <= READING_RANGE[1] ? r.reading : r.listening) & bitOf(n)) !== 0;
const bitCount = (v: number) => {
  let c = 0;
  for (let x = v; x; x &= x - 1) c++;
  return c;
};

/**
 * `ids` as one parameter (a JSON array) for `x in ...`: a bank's thousands of ids, not thousands of parameters (a
 * hashed sub-plan; `= any(array(...))` was twenty times slower on PGlite).
 */
const idList = (ids: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The scored results of these ids (those that still exist): the kept ones, the others read, scored and kept. */
async function scoredResults(db: Executor, ids: readonly string[]): Promise<Map<string, ScoredResult>> {
  let kept = scoredCache.get(db);
  if (!kept) scoredCache.set(db, (kept = new Map()));
  const missing = ids.filter((id) => !kept.has(id));
  const read = new Map<string, ScoredResult>();
  for (let i = 0; i < missing.length; i += 2000) {
    const rows = await db.select({ id: results.id, userId: results.userId, createdAt: results.createdAt, answers: results.answers })
      .from(results).where(sql`${results.id} in ${idList(missing.slice(i, i + 2000))}`);
    for (const r of rows) {
      const scored: ScoredResult = { userId: r.userId, createdAt: r.createdAt, reading: 0, listening: 0 };
      for (const [n, a] of responsesOf(r.answers as unknown as AnalysedAnswer[], ALL_NUMBERS)) {
        if (!a.correct) continue;
        if (n <= READING_RANGE[1]) scored.reading |= bitOf(n);
        else scored.listening |= bitOf(n);
      }
      read.set(r.id, scored);
    }
  }
  if (kept.size + read.size > SCORED_CACHE_MAX) kept.clear();
  const out = new Map<string, ScoredResult>();
  for (const id of ids) {
    const r = read.get(id) ?? kept.get(id);
    if (!r) continue;
    out.set(id, r);
    kept.set(id, r);
  }
  return out;
}

/**
 * The figures of each of `items` (identities): for every result in `resultsWhere` of an exam holding a copy, the
 * copy's number scored as the item analysis does (its first answer, unanswered is wrong) and the total of the exam's
 * other existing questions (for the corrected point-biserial). The one computation of an item's p and discrimination
 * across exams: the bank's list and the assembly (./assembly.ts) both read it. Two queries whatever the number of
 * items (the exams holding a copy with their numbers; their results in scope, by id), then the results not yet
 * scored (scoredResults).
 */
export async function itemUses(db: Executor, resultsWhere: SQL | undefined, items: readonly string[]): Promise<Map<string, ItemUse>> {
  const out = new Map<string, ItemUse>(items.map((i) => [i, noUse()]));
  if (items.length === 0) return out;
  const wanted = new Set(items);
  // every question of each exam holding a copy of an item: [number, identity]
  const held = await queryRows<{ exam_id: string; questions: [number, string][] }>(db, sql`
    select q.exam_id, json_agg(json_build_array(q.question_number, coalesce(q.item_id, q.id))) as questions
    from ${questions} q
    where q.exam_id in (select c.exam_id from ${questions} c where c.item_id in ${idList(items)} or (c.item_id is null and c.id in ${idList(items)}))
    group by q.exam_id`);
  if (held.length === 0) return out;
  // the results in scope of those exams, oldest first
  const ofExams = await db.select({ examId: results.examId, ids: sql<string[]>`json_agg(${results.id} order by ${results.createdAt}, ${results.id})` })
    .from(results).where(and(sql`${results.examId} in ${idList(held.map((e) => e.exam_id))}`, resultsWhere)).groupBy(results.examId);
  const resultIds = new Map(ofExams.map((e) => [e.examId, e.ids]));
  const scored = await scoredResults(db, ofExams.flatMap((e) => e.ids));

  const uses = new Map<string, { x: number[]; rest: number[]; students: Set<string>; last: Date | null }>();
  for (const e of held) {
    const rs = (resultIds.get(e.exam_id) ?? []).map((id) => scored.get(id)).filter((r) => r !== undefined);
    if (rs.length === 0) continue;
    const numbers = e.questions.map(([n]) => n).filter((n) => n >= READING_RANGE[0] && n <= LISTENING_RANGE[1]);
    let readingMask = 0;
    let listeningMask = 0;
    for (const n of numbers) {
      if (n <= READING_RANGE[1]) readingMask |= bitOf(n);
      else listeningMask |= bitOf(n);
    }
    // each result's total over the exam's existing numbers; its students; its latest result
    const totals = rs.map((r) => bitCount(r.reading & readingMask) + bitCount(r.listening & listeningMask));
    const students = [...new Set(rs.map((r) => r.userId))];
    const last = rs.reduce((a, r) => (r.createdAt > a ? r.createdAt : a), rs[0]!.createdAt);
    for (const [number, item] of e.questions) {
      if (!wanted.has(item) || !numbers.includes(number)) continue;
      const u = uses.get(item) ?? uses.set(item, { x: [], rest: [], students: new Set(), last: null }).get(item)!;
      for (let i = 0; i < rs.length; i++) {
        const x = isRight(rs[i]!, number) ? 1 : 0;
        u.x.push(x);
        u.rest.push(totals[i]! - x);
      }
      for (const s of students) u.students.add(s);
      if (!u.last || last > u.last) u.last = last;
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
  case when q.main_heading_image then '' else q.main_heading end, q.heading,
  case when q.description_image then '' else q.description end,
  case when q.option_type in ('text', 'listeningandtext') then concat_ws(' ', q.option1, q.option2, q.option3, q.option4) else '' end,
  q.answer_details)`;

/**
 * The items of the bank: per identity its representative question (the item's own first question while it is in the
 * bank, else its latest copy), filtered by what SQL can tell (section, type, search), newest edit first. Only the
 * columns these read are sorted (a bank's thousands of whole rows made the sort several times slower).
 */
export function representatives(scope: BankScope, q: Pick<BankQuery, 'section' | 'type' | 'search'>): SQL {
  const owner = scope.owner === null ? sql`` : sql`and e.user_id = ${scope.owner}`;
  const where: SQL[] = [sql`true`];
  if (q.section) where.push(sql`r.type = ${q.section}`);
  if (q.type) where.push(sql`r.item_type = ${q.type}`);
  const search = q.search?.trim();
  if (search) where.push(sql`strpos(lower(r.searched), lower(${search})) > 0`);
  return sql`select r.id, r.item, r.updated_at from (
      select distinct on (coalesce(q.item_id, q.id)) q.id, q.updated_at, q.type, q.item_type, coalesce(q.item_id, q.id) as item
        ${search ? sql`, ${SEARCHED} as searched` : sql``}
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
    // one pass: the page and, beside each row, the number of matching items (a page past the end asks for it alone)
    const found = await queryRows<{ id: string; item: string; total: number | string }>(db,
      sql`select b.id, b.item, count(*) over () as total from (${base}) b order by b.updated_at desc, b.item limit ${page.limit} offset ${page.offset}`);
    pageRows = found;
    total = found[0] ? Number(found[0].total) : page.offset === 0 ? 0
      : Number((await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${base}) c`))[0]?.n ?? 0);
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
