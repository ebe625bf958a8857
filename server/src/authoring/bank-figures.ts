/**
 * The question bank's figures kept in the database between requests (docs/question-bank.md, "Figures"): each
 * result's marks (which numbers its first answer got right, `result_marks`) and, per exam and number, the sums its
 * uses' figures are made of (`bank_figures`, per group of results: ../db/schema.ts). Triggers queue an exam in the
 * transaction of any change its figures rest on (drizzle/0012_bank_figures.sql: its results added, changed or deleted,
 * its numbers changed, a student of its results moved); a search first brings the queued exams up to date
 * (refreshBankFigures), then reads the sums (./bank.ts itemUses). Writing a result costs one queued row per statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { LISTENING_RANGE, READING_RANGE } from 'shared-api/constants';
import { jsonb, queryRows, type Db, type Executor } from '../db/index.ts';
import { results } from '../db/schema.ts';
import { responsesOf, type AnalysedAnswer } from './item-analysis.ts';

/**
 * The advisory lock a refresh holds, and so do the triggers that delete or change results (a refresh never marks a
 * result that is being changed): one refresh at a time across every process on one database.
 */
const BANK_FIGURES_LOCK = 3_812_026_001;

const ALL_NUMBERS: ReadonlySet<number> = new Set(Array.from({ length: LISTENING_RANGE[1] - READING_RANGE[0] + 1 }, (_, i) => READING_RANGE[0] + i));

/** A result's marks: bit n-1 of `reading` for Reading's n right, bit n-21 of `listening` for Listening's n. */
function marksOf(answers: readonly AnalysedAnswer[]): { reading: number; listening: number } {
  let reading = 0;
  let listening = 0;
  for (const [n, a] of responsesOf(answers as AnalysedAnswer[], ALL_NUMBERS)) {
    if (!a.correct) continue;
    if (n <= READING_RANGE[1]) reading |= 1 << (n - READING_RANGE[0]);
    else listening |= 1 << (n - LISTENING_RANGE[0]);
  }
  return { reading, listening };
}

/** `ids` as one parameter (a JSON array) for `x in ...`: thousands of ids, not thousands of parameters. */
const idList = (ids: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Whether number `n` (1-40) is right in these marks. */
const isRight = (m: { reading: number; listening: number }, n: number) =>
  ((n <= READING_RANGE[1] ? m.reading >> (n - READING_RANGE[0]) : m.listening >> (n - LISTENING_RANGE[0])) & 1) === 1;

/** A row of bank_figures as written (`last_used` in epoch microseconds). */
interface FigureRow {
  exam_id: string; question_number: number; item: string; institute_id: string; created_by: string;
  uses: number; correct: number; rest_sum: number; rest_squares: number; correct_rest_sum: number; last_used: number;
}

/**
 * Adds to bank_figures the uses of the marked results in `which` (a condition on results `r`): per exam, number and
 * group, each result's right or wrong at the number and its total over the exam's other existing numbers (1-40).
 */
async function addUses(tx: Executor, which: SQL): Promise<void> {
  const marked = await queryRows<{ exam_id: string; institute_id: string; created_by: string; at: number; reading: number; listening: number }>(tx, sql`
    select r.exam_id, coalesce(r.institute_id, '') as institute_id, coalesce(u.created_by, '') as created_by,
           (extract(epoch from r.created_at) * 1000000)::float8 as at, m.reading, m.listening
      from results r join result_marks m on m.result_id = r.id left join users u on u.id = r.user_id
     where ${which}`);
  if (marked.length === 0) return;
  const held = await queryRows<{ exam_id: string; question_number: number; item: string }>(tx, sql`
    select exam_id, question_number, coalesce(item_id, id) as item from questions
     where exam_id in ${idList([...new Set(marked.map((r) => r.exam_id))])} and question_number between ${READING_RANGE[0]} and ${LISTENING_RANGE[1]}`);
  const numbersOf = new Map<string, { number: number; item: string }[]>();
  for (const q of held) (numbersOf.get(q.exam_id) ?? numbersOf.set(q.exam_id, []).get(q.exam_id)!).push({ number: q.question_number, item: q.item });
  const sums = new Map<string, FigureRow>();
  for (const r of marked) {
    const numbers = numbersOf.get(r.exam_id) ?? [];
    const right = numbers.map(({ number }) => (isRight(r, number) ? 1 : 0));
    const total = right.reduce<number>((a, b) => a + b, 0);
    numbers.forEach(({ number, item }, i) => {
      const key = `${r.exam_id} ${number} ${r.institute_id} ${r.created_by}`;
      const f = sums.get(key) ?? sums.set(key, {
        exam_id: r.exam_id, question_number: number, item, institute_id: r.institute_id, created_by: r.created_by,
        uses: 0, correct: 0, rest_sum: 0, rest_squares: 0, correct_rest_sum: 0, last_used: r.at,
      }).get(key)!;
      const x = right[i]!;
      const rest = total - x;
      f.uses++;
      f.correct += x;
      f.rest_sum += rest;
      f.rest_squares += rest * rest;
      f.correct_rest_sum += x * rest;
      f.last_used = Math.max(f.last_used, r.at);
    });
  }
  if (sums.size === 0) return;
  await tx.execute(sql`
    insert into bank_figures as f (exam_id, question_number, item, institute_id, created_by, uses, correct, rest_sum, rest_squares,
                                   correct_rest_sum, last_used)
    select exam_id, question_number, item, institute_id, created_by, uses, correct, rest_sum, rest_squares, correct_rest_sum,
           'epoch'::timestamptz + last_used * interval '1 microsecond'
      from jsonb_to_recordset(${jsonb([...sums.values()])}) as v(exam_id text, question_number int, item text, institute_id text,
           created_by text, uses int, correct int, rest_sum int, rest_squares int, correct_rest_sum int, last_used float8)
    on conflict (exam_id, question_number, institute_id, created_by) do update set item = excluded.item,
      uses = f.uses + excluded.uses, correct = f.correct + excluded.correct, rest_sum = f.rest_sum + excluded.rest_sum,
      rest_squares = f.rest_squares + excluded.rest_squares, correct_rest_sum = f.correct_rest_sum + excluded.correct_rest_sum,
      last_used = greatest(f.last_used, excluded.last_used)`);
}

/**
 * Brings the queued exams' figures up to date, in one transaction under BANK_FIGURES_LOCK: takes the queue, marks
 * their results not marked yet, computes again the figures of the exams queued for it and adds the newly marked
 * results to the others'. Nothing queued (the usual search): one small read.
 */
export async function refreshBankFigures(db: Db): Promise<void> {
  const [queued] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from bank_figures_queue) as any`);
  if (!queued?.any) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BANK_FIGURES_LOCK})`);
    const taken = await queryRows<{ exam_id: string; recompute: boolean }>(tx, sql`delete from bank_figures_queue returning exam_id, recompute`);
    if (taken.length === 0) return;
    const examIds = [...new Set(taken.map((t) => t.exam_id))];
    const whole = [...new Set(taken.filter((t) => t.recompute).map((t) => t.exam_id))];
    const unmarked = await tx.select({ id: results.id, examId: results.examId, answers: results.answers }).from(results)
      .where(sql`${results.examId} in ${idList(examIds)} and not exists (select 1 from result_marks m where m.result_id = ${results.id})`);
    if (unmarked.length) {
      const rows = unmarked.map((r) => ({ id: r.id, ...marksOf(r.answers) }));
      await tx.execute(sql`insert into result_marks (result_id, reading, listening)
        select id, reading, listening from jsonb_to_recordset(${jsonb(rows)}) as v(id text, reading int, listening int)`);
    }
    if (whole.length) {
      await tx.execute(sql`delete from bank_figures where exam_id in ${idList(whole)}`);
      await addUses(tx, sql`r.exam_id in ${idList(whole)}`);
    }
    const recomputed = new Set(whole);
    const added = unmarked.filter((r) => !recomputed.has(r.examId)).map((r) => r.id);
    if (added.length) await addUses(tx, sql`r.id in ${idList(added)}`);
  });
}
