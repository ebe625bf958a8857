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
import { refreshBankFigures } from './bank-figures.ts';
import { pointBiserialOfSums, type PointBiserial } from './item-statistics.ts';
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
  /** whose results count (docs/item-analysis.md, "Whose results"): this institute's students'; null: all */
  institute: string | null;
  /** the same as a condition on results; undefined: all */
  results: SQL | undefined;
}

export async function bankScope(db: Db, me: AuthUser, institute?: string): Promise<BankScope> {
  const scope = await analysisScope(db, me, institute);
  return { owner: me.role === ROLES.admin ? scope.institute : me.id, institute: scope.institute, results: scope.where };
}

/** One item's figures over every use of any copy of it in the scope's results. */
export interface ItemUse extends PointBiserial {
  n: number;
  correct: number;
  facility: number | null;
  lastUsed: Date | null;
}

const noUse = (): ItemUse => ({ ...pointBiserialOfSums({ n: 0, correct: 0, restSum: 0, restSquares: 0, correctRestSum: 0 }), n: 0, correct: 0, facility: null, lastUsed: null });

/** `coalesce(item_id, id)` is one of `items` (served by the item_id index and the primary key). */
const isCopyOf = (items: readonly string[]) => or(inArray(questions.itemId, [...items]), and(isNull(questions.itemId), inArray(questions.id, [...items])));

/**
 * The questions holding a copy of the items that `items` (SQL: a query of one column `item`) yields, as rows (item,
 * exam_id, question_number): the copies through the item_id index, the items' own questions through the primary key.
 */
const copiesOf = (items: SQL) => sql`
  select c.item_id as item, c.exam_id, c.question_number from ${questions} c where c.item_id in (${items})
  union all
  select o.id, o.exam_id, o.question_number from ${questions} o where o.id in (${items}) and o.item_id is null`;

/** `ids` as a query of one column `item`. */
const itemsOf = (ids: readonly string[]) => sql`select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as item`;

/** The sums of each item's figures (bank_figures) that `items` (SQL: a query of one column `item`) yields, in `institute`'s scope (null: all). */
function figureSums(items: SQL, institute: string | null | undefined): SQL {
  const inScope = institute ? sql`and (f.institute_id = ${institute} or f.created_by = ${institute})` : sql``;
  return sql`
    select f.item, sum(f.uses)::float8 as n, sum(f.correct)::float8 as correct, sum(f.rest_sum)::float8 as rest_sum,
           sum(f.rest_squares)::float8 as rest_squares, sum(f.correct_rest_sum)::float8 as correct_rest_sum,
           (extract(epoch from max(f.last_used)) * 1000)::float8 as last_used
      from bank_figures f where f.item in (${items}) ${inScope}
     group by f.item`;
}

/** A row of figureSums (null columns for an item without uses, when left-joined); last_used in epoch milliseconds. */
interface FigureSums { n: number | null; correct: number | null; rest_sum: number | null; rest_squares: number | null; correct_rest_sum: number | null; last_used: number | null }

const facilityOf = (r: FigureSums) => (r.n ? r.correct! / r.n : null);

function itemUse(r: FigureSums): ItemUse {
  if (!r.n) return noUse();
  const sums = { n: r.n, correct: r.correct!, restSum: r.rest_sum!, restSquares: r.rest_squares!, correctRestSum: r.correct_rest_sum! };
  return { ...pointBiserialOfSums(sums), n: r.n, correct: r.correct!, facility: facilityOf(r), lastUsed: new Date(r.last_used!) };
}

/**
 * The figures of each of `items` (identities) over the results of `institute`'s students (null or undefined: every
 * result): for every such result of an exam holding a copy, the copy's number scored as the item analysis does (its
 * first answer, unanswered is wrong) with the total of the exam's other existing questions (for the corrected
 * point-biserial). The one computation of an item's p and discrimination across exams: the bank's list and the
 * assembly (./assembly.ts) both read it. The sums are kept per exam and number in the database (./bank-figures.ts):
 * after bringing queued exams up to date, one query whatever the number of items.
 */
export async function itemUses(db: Db, institute: string | null | undefined, items: readonly string[]): Promise<Map<string, ItemUse>> {
  const out = new Map<string, ItemUse>(items.map((i) => [i, noUse()]));
  if (items.length === 0) return out;
  await refreshBankFigures(db);
  for (const r of await queryRows<FigureSums & { item: string }>(db, figureSums(itemsOf(items), institute))) out.set(r.item, itemUse(r));
  return out;
}

/**
 * How many distinct students, among the results in `resultsWhere` (undefined: all), have a result of an exam holding
 * a copy of each of `items` at a number from 1 to 40 (the assembly's "seen").
 */
export async function itemStudents(db: Executor, resultsWhere: SQL | undefined, items: readonly string[]): Promise<Map<string, number>> {
  if (items.length === 0) return new Map();
  const rows = await queryRows<{ item: string; students: number | string }>(db, sql`
    select c.item, count(distinct ${results.userId}) as students
      from (${copiesOf(itemsOf(items))}) c join ${results} on ${results.examId} = c.exam_id
     where c.question_number between ${READING_RANGE[0]} and ${LISTENING_RANGE[1]} ${resultsWhere ? sql`and ${resultsWhere}` : sql``}
     group by c.item`);
  return new Map(rows.map((r) => [r.item, Number(r.students)]));
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
 * The items of the bank: per identity its representative question (the item's own question while it is in the bank,
 * else its latest copy), filtered by what SQL can tell (section, type, search), as rows (id, item, updated_at). The
 * items' own questions need no sort; only copies of items whose own question left the bank are sorted, per item.
 */
export function representatives(scope: BankScope, q: Pick<BankQuery, 'section' | 'type' | 'search'>): SQL {
  const where: SQL[] = [sql`true`];
  if (q.section) where.push(sql`r.type = ${q.section}`);
  if (q.type) where.push(sql`r.item_type = ${q.type}`);
  const search = q.search?.trim();
  // a search with no cased letter (Korean) matches the same without folding the texts' case
  if (search) where.push(search.toLowerCase() === search.toUpperCase() ? sql`strpos(r.searched, ${search}) > 0` : sql`strpos(lower(r.searched), lower(${search})) > 0`);
  const columns = sql`id, updated_at, type, item_type${search ? sql`, searched` : sql``}`;
  return sql`with bank as (
      select q.id, q.item_id, q.updated_at, q.type, q.item_type${search ? sql`, ${SEARCHED} as searched` : sql``}
        from ${questions} q join ${exams} e on e.id = q.exam_id
       where e.deleted_at is null ${scope.owner === null ? sql`` : sql`and e.user_id = ${scope.owner}`}
    )
    select r.id, r.item, r.updated_at from (
      select ${columns}, id as item from bank where item_id is null
      union all
      (select distinct on (item_id) ${columns}, item_id as item from bank c
        where item_id is not null and not exists (select 1 from bank o where o.id = c.item_id and o.item_id is null)
        order by item_id, updated_at desc, id)
    ) r where ${sql.join(where, sql` and `)}`;
}

/** A bank row and its figureSums, as the filters read them (JSON). */
type Listed = [id: string, item: string, n: number | null, correct: number | null, restSum: number | null, restSquares: number | null,
  correctRestSum: number | null, lastUsed: number | null];

/** The columns of figureSums beside a bank row. */
const FIGURE_COLUMNS = sql`f.n, f.correct, f.rest_sum, f.rest_squares, f.correct_rest_sum, f.last_used`;

/**
 * One page of the bank, the total of matching items; figures over the scope's results. The page (or, with a filter on
 * the figures, every candidate) and its figures come from one query.
 */
export async function bankPage(db: Db, me: AuthUser, query: BankQuery): Promise<Paged<BankItem>> {
  const scope = await bankScope(db, me, query.institute);
  const page = pageRequest(query);
  const base = representatives(scope, query);
  await refreshBankFigures(db);
  let pageRows: ({ id: string; item: string } & FigureSums)[];
  let total: number;
  if (query.difficulty || query.notUsedSince) {
    // these filters read the figures: every candidate's (as one JSON value: thousands of rows cost several times more
    // to read one by one), then one page of those that pass
    const [{ rows: list }] = await queryRows<{ rows: Listed[] }>(db, sql`
      with b as (${base})
      select coalesce(json_agg(json_build_array(b.id, b.item, ${FIGURE_COLUMNS}) order by b.updated_at desc, b.item), '[]') as rows
        from b left join (${figureSums(sql`select item from b`, scope.institute)}) f on f.item = b.item`) as [{ rows: Listed[] }];
    const all = list.map(([id, item, n, correct, restSum, restSquares, correctRestSum, lastUsed]) =>
      ({ id, item, n, correct, rest_sum: restSum, rest_squares: restSquares, correct_rest_sum: correctRestSum, last_used: lastUsed }));
    const since = query.notUsedSince ? storableDayStart(await zoneOf(db, me), query.notUsedSince).getTime() : null;
    const kept = all.filter((r) => {
      if (query.difficulty && difficultyBand(facilityOf(r)) !== query.difficulty) return false;
      return !(since !== null && r.last_used !== null && r.last_used >= since);
    });
    total = kept.length;
    pageRows = kept.slice(page.offset, page.offset + page.limit);
  } else {
    // one pass: the page with its figures and, beside each row, the number of matching items (a page past the end asks
    // for it alone)
    const found = await queryRows<{ id: string; item: string; total: number | string } & FigureSums>(db, sql`
      with p as (select b.id, b.item, b.updated_at, count(*) over () as total from (${base}) b order by b.updated_at desc, b.item
                  limit ${page.limit} offset ${page.offset})
      select p.id, p.item, p.total, ${FIGURE_COLUMNS} from p left join (${figureSums(sql`select item from p`, scope.institute)}) f on f.item = p.item
       order by p.updated_at desc, p.item`);
    pageRows = found;
    total = found[0] ? Number(found[0].total) : page.offset === 0 ? 0
      : Number((await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${base}) c`))[0]?.n ?? 0);
  }
  const rows = pageRows.length ? await db.select().from(questions).where(inArray(questions.id, pageRows.map((r) => r.id))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const examsOf = await bankExamsOf(db, scope, pageRows.map((r) => r.item));
  return {
    total,
    rows: pageRows.map((r) => ({ r, u: itemUse(r) })).map(({ r: { id, item }, u }) => ({
      _id: item,
      question: authoredQuestionJson(byId.get(id)!),
      n: u.n,
      facility: u.facility,
      pointBiserial: u.pointBiserial,
      pointBiserialReason: u.pointBiserialReason,
      band: difficultyBand(u.facility),
      exams: examsOf.get(item) ?? [],
      lastUsed: u.lastUsed?.toISOString() ?? null,
    })),
  };
}

/** The bank's (non-deleted, the scope's owner's) exams holding a copy of each item, by title. */
async function bankExamsOf(db: Executor, scope: BankScope, items: readonly string[]): Promise<Map<string, { _id: string; title: string }[]>> {
  const out = new Map<string, { _id: string; title: string }[]>();
  if (items.length === 0) return out;
  const rows = await queryRows<{ item: string; id: string; title: string }>(db, sql`
    select distinct c.item, e.id, e.title from (${copiesOf(itemsOf(items))}) c join ${exams} e on e.id = c.exam_id
     where e.deleted_at is null ${scope.owner === null ? sql`` : sql`and e.user_id = ${scope.owner}`}
     order by e.title, e.id`);
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
