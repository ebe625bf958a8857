/**
 * The whole relational model. One schema serves PGlite (embedded) and PostgreSQL (DATABASE_URL). This file is the
 * source of the database: `npm run db:generate` turns a change here into the next migration in server/drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { QuestionFieldName } from 'shared-api/question-fields';
import type { QuestionFields } from 'shared-api/types';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  image: text('image').notNull().default(''),
  address: text('address').notNull().default(''),
  info: text('info').notNull().default(''),
  /** 1 Active, 0 Disabled */
  status: integer('status').notNull().default(1),
  /** 0 student, 1 institute, 2 admin */
  role: integer('role').notNull(),
  /** 0 cannot add exams, 1 can add exams (institutes only) */
  instituteRole: integer('institute_role').notNull().default(0),
  /** the enrolling institute (students) or creating admin */
  createdBy: text('created_by'),
  userUid: text('user_uid').notNull(),
  authType: text('auth_type').notNull().default('local'),
  /** bumped on password change, disabling or deletion: earlier tokens stop working */
  tokenVersion: integer('token_version').notNull().default(0),
  /** IANA time zone whose days the user's reports count in (institutes, admins; a student's is its institute's) */
  timeZone: text('time_zone').notNull().default('Asia/Kathmandu'),
  /** the interface's language the user chose (issue 25): 'en' or 'ne' */
  language: text('language').notNull().default('en'),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  // `.desc().nullsFirst()` is PostgreSQL's plain DESC, the order the paged lists read (src/paging.ts); drizzle-kit
  // writes a bare `.desc()` as DESC NULLS LAST, which those ORDER BYs could not use
  uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
  uniqueIndex('users_uid_uq').on(t.userUid),
  index('users_created_by_idx').on(t.createdBy, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('users_students_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.role} = 0 and ${t.deletedAt} is null`),
]);

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const exams = pgTable('exams', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** private | public | free_for_all */
  type: text('type').notNull().default('private'),
  isCbt: boolean('is_cbt').notNull().default(false),
  /** 1 available (published), 0 hidden */
  status: integer('status').notNull().default(0),
  categoryId: text('category_id'),
  /** reference exam id (CBT) */
  refExam: text('ref_exam').notNull().default(''),
  userId: text('user_id').notNull(),
  /** how many times a student may play each listening audio (main and options) in one attempt; null: no limit */
  playLimit: integer('play_limit'),
  publishedAt: ts('published_at'),
  deletedAt: ts('deleted_at'),
  /** what a student sees after submitting: score | marks | answers (shared-api constants REVIEW_POLICIES) */
  reviewPolicy: text('review_policy').notNull().default('answers'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('exams_user_idx').on(t.userId)]);

/**
 * Private exams an admin opened to an institute ("Who can see this exam?"). Composite primary keys carry the name
 * PostgreSQL gives them (<table>_pkey), which databases set up before drizzle-kit have.
 */
export const examInstituteAccess = pgTable('exam_institute_access', {
  examId: text('exam_id').notNull(),
  instituteId: text('institute_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'exam_institute_access_pkey', columns: [t.examId, t.instituteId] })]);

export const questions = pgTable('questions', {
  id: text('id').primaryKey(),
  examId: text('exam_id').notNull(),
  /** Reading | Listening */
  type: text('type').notNull(),
  questionNumber: integer('question_number').notNull(),
  mainHeading: text('main_heading').notNull().default(''),
  mainHeadingImage: boolean('main_heading_image').notNull().default(false),
  heading: text('heading').notNull().default(''),
  description: text('description').notNull().default(''),
  descriptionImage: boolean('description_image').notNull().default(false),
  descriptionBoxed: boolean('description_boxed').notNull().default(false),
  /** text | image | listening | listeningandtext | samelistening */
  optionType: text('option_type').notNull().default('text'),
  /**
   * the kind of task (shared-api/item-types ITEM_TYPES): its number's in the EPS-TOPIK blueprint unless an author chose
   * another; no default here, so that every insert names it (migration 0010 gave existing questions their number's)
   */
  itemType: text('item_type').notNull(),
  option1: text('option1').notNull().default(''),
  option2: text('option2').notNull().default(''),
  option3: text('option3').notNull().default(''),
  option4: text('option4').notNull().default(''),
  /** main audio path (Listening) */
  listening: text('listening').notNull().default(''),
  /** '1'..'4' */
  answer: text('answer').notNull(),
  answerDetails: text('answer_details').notNull().default(''),
  /** each image's alternative text as the author gave it ('' none: the screens say which image it is) */
  mainHeadingAlt: text('main_heading_alt').notNull().default(''),
  descriptionAlt: text('description_alt').notNull().default(''),
  option1Alt: text('option1_alt').notNull().default(''),
  option2Alt: text('option2_alt').notNull().default(''),
  option3Alt: text('option3_alt').notNull().default(''),
  option4Alt: text('option4_alt').notNull().default(''),
  /**
   * The question bank's item this question is a copy of (issue 38 section 2): null when the question is its own item
   * (written here, imported, or the first of its kind); a copy made from the bank ("Add from bank", an assembled exam)
   * names the item it came from, so an item's identity is `coalesce(item_id, id)` and its statistics gather every use.
   * Editing a copy never changes another exam: each copy is its own row.
   */
  itemId: text('item_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('questions_exam_number_uq').on(t.examId, t.questionNumber), index('questions_item_idx').on(t.itemId)]);

/** A question field's column: the field's name (shared-api/question-fields) in camelCase (./question-row.ts maps them). */
export type FieldColumn<F extends string> = F extends `${infer H}_${infer T}` ? `${H}${Capitalize<FieldColumn<T>>}` : F;
/** The columns that are no field of the question: its ids, the bank's item, the times. */
type OwnColumn = 'id' | 'examId' | 'itemId' | 'createdAt' | 'updatedAt';
type StoredAs<V> = V extends boolean ? boolean : V extends number ? number : string;
type Mismatch =
  | Exclude<keyof Question, FieldColumn<QuestionFieldName> | OwnColumn>
  | { [K in QuestionFieldName]: FieldColumn<K> extends keyof Question
    ? [Question[FieldColumn<K>], StoredAs<QuestionFields[K]>] extends [StoredAs<QuestionFields[K]>, Question[FieldColumn<K>]] ? never : K
    : K }[QuestionFieldName];
type None<T extends never> = T;
/**
 * Fails to compile, naming it, when a field of the question has no column (not null, of its type) or a column is no
 * field: the table's columns and the question's fields are the same list.
 */
export type QuestionColumnsMatchFields = None<Mismatch>;

/**
 * An institute's (or the admin's) own blueprints (issue 38 section 3): for each of the 40 numbers an item type; the
 * built-in EPS-TOPIK blueprint is shared-api/src/item-types.ts EPS_BLUEPRINT and has no row.
 */
export const blueprints = pgTable('blueprints', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  /** 40 item type keys, index 0 for number 1 (shared-api/item-types ITEM_TYPES) */
  slots: jsonb('slots').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('blueprints_user_idx').on(t.userId)]);

/** Uploaded media, content-addressed (sha256). Kept in the database so every API process sees them. */
export const media = pgTable('media', {
  hash: text('hash').primaryKey(),
  mime: text('mime').notNull(),
  ext: text('ext').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The rendition students get of a media file (src/renditions/): claimed by one server process ('pending', with the
 * claim's time), then 'done' (rendition_hash: a media row of its own) or 'kept' (no rendition: the original is what
 * students get; note says why).
 */
export const mediaRenditions = pgTable('media_renditions', {
  originalHash: text('original_hash').primaryKey(),
  status: text('status').notNull(),
  renditionHash: text('rendition_hash'),
  note: text('note').notNull().default(''),
  claimedAt: ts('claimed_at').notNull().defaultNow(),
  doneAt: ts('done_at'),
}, (t) => [
  index('media_renditions_rendition_idx').on(t.renditionHash),
  index('media_renditions_done_idx').on(t.doneAt).where(sql`${t.status} = 'done'`),
]);

/**
 * An attempt at an exam ("report" in the spec's calls). The server owns the clock: deadline_at is fixed at start.
 * status: running | submitted | expired (closed by the server from the autosaved answers).
 */
export const attempts = pgTable('attempts', {
  id: text('id').primaryKey(),
  examId: text('exam_id').notNull(),
  examTitle: text('exam_title').notNull(),
  userId: text('user_id').notNull(),
  instituteId: text('institute_id'),
  status: text('status').notNull().default('running'),
  startedAt: ts('started_at').notNull().defaultNow(),
  deadlineAt: ts('deadline_at').notNull(),
  submittedAt: ts('submitted_at'),
  resultId: text('result_id'),
  /** play counts per listening question: { [questionId]: { main: n, option1: n, ... } } */
  listeningStatus: jsonb('listening_status').notNull().default({}),
}, (t) => [
  index('attempts_user_idx').on(t.userId, t.examId),
  index('attempts_running_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 'running'`),
  uniqueIndex('attempts_running_uq').on(t.userId, t.examId).where(sql`${t.status} = 'running'`),
  index('attempts_started_idx').on(t.startedAt, t.id),
]);

/**
 * The listening plays of an attempt, one row per play id (the student's device names each play once): a request sent
 * again after a dropped connection finds its row and is not counted twice. The counts themselves are
 * attempts.listening_status, written in the same transaction.
 */
export const attemptPlays = pgTable('attempt_plays', {
  attemptId: text('attempt_id').notNull(),
  playId: text('play_id').notNull(),
  questionId: text('question_id').notNull(),
  /** main | option1..option4 */
  audio: text('audio').notNull(),
  playedAt: ts('played_at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'attempt_plays_pkey', columns: [t.attemptId, t.playId] })]);

/**
 * Each time a student left the running exam page (the page hidden, the window blurred, full screen left), sent by
 * the exam page like its answers; client_id makes a resend harmless. Information for the back office only.
 */
export const attemptLeaves = pgTable('attempt_leaves', {
  attemptId: text('attempt_id').notNull(),
  clientId: text('client_id').notNull(),
  /** hidden | blur | fullscreen */
  kind: text('kind').notNull(),
  startedAt: ts('started_at').notNull(),
  durationMs: integer('duration_ms').notNull(),
}, (t) => [primaryKey({ name: 'attempt_leaves_pkey', columns: [t.attemptId, t.clientId] })]);

/** Autosaved answers of an attempt, one row per question; answer '0' means unanswered. */
export const attemptAnswers = pgTable('attempt_answers', {
  attemptId: text('attempt_id').notNull(),
  questionId: text('question_id').notNull(),
  answer: text('answer').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'attempt_answers_pkey', columns: [t.attemptId, t.questionId] })]);

export interface ResultAnswer {
  question: string;
  questionNumber: number;
  type: string;
  answer: string;
  correct: boolean;
}

type AnswerTuple = [question: string, questionNumber: number, type: string, answer: string, correct: 0 | 1];
const TYPE_CODE: Record<string, string> = { Reading: 'R', Listening: 'L' };
const TYPE_OF_CODE: Record<string, string> = { R: 'Reading', L: 'Listening' };
const PLAIN = /^\w*$/;

/**
 * A result's answers as stored: a JSON array of [question, questionNumber, type code, answer, correct 0|1] tuples, as
 * text. 40 answers take about 1.7 kB, so a result row stays under PostgreSQL's TOAST threshold (no compression, no
 * second heap): as jsonb objects the same answers took 4-5 kB and writing them was the largest part of an exam-end
 * burst (bench/RESULTS.md). Decoding also accepts the jsonb objects' shape (rows written before migration 0003).
 */
export function encodeResultAnswers(answers: readonly ResultAnswer[]): string {
  // written for every submission of a burst: plain concatenation where no string needs escaping (ids, answers and
  // type codes are word characters), JSON.stringify for anything else
  let out = '[';
  for (let i = 0; i < answers.length; i++) {
    const a = answers[i]!;
    const type = TYPE_CODE[a.type] ?? a.type;
    const n = Number.isFinite(a.questionNumber) ? a.questionNumber : null;
    if (i) out += ',';
    out += PLAIN.test(a.question) && PLAIN.test(type) && PLAIN.test(a.answer)
      ? `["${a.question}",${n},"${type}","${a.answer}",${a.correct ? 1 : 0}]`
      : JSON.stringify([a.question, n, type, a.answer, a.correct ? 1 : 0]);
  }
  return `${out}]`;
}

export function decodeResultAnswers(stored: string | unknown[]): ResultAnswer[] {
  const list = typeof stored === 'string' ? (JSON.parse(stored) as unknown[]) : stored;
  if (!Array.isArray(list)) return [];
  return list.map((x) => {
    if (!Array.isArray(x)) return x as ResultAnswer;
    const [question, questionNumber, type, answer, correct] = x as AnswerTuple;
    return { question, questionNumber, type: TYPE_OF_CODE[type] ?? type, answer, correct: correct === 1 };
  });
}

const resultAnswers = customType<{ data: ResultAnswer[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: encodeResultAnswers,
  fromDriver: decodeResultAnswers,
});

/** A scored, finished attempt. Keeps the exam title so it stays readable after the exam is deleted. */
export const results = pgTable('results', {
  id: text('id').primaryKey(),
  attemptId: text('attempt_id').notNull(),
  examId: text('exam_id').notNull(),
  examTitle: text('exam_title').notNull(),
  userId: text('user_id').notNull(),
  instituteId: text('institute_id'),
  /** number of correct answers */
  score: integer('score').notNull(),
  totalQuestions: integer('total_questions').notNull(),
  attempted: integer('attempted').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** last: databases set up before drizzle-kit have it there (the old migration 0003 re-created it as text) */
  answers: resultAnswers('answers').notNull(),
  /**
   * EPS-TOPIK scale, computed when scored (scoreAnswers): 5 points per correct question; Reading (questions 1-20) and
   * Listening (21-40) out of 100 each, their sum out of 200. The migration that added them (scores_review_policy)
   * filled them in for older results from their answers.
   */
  totalScore: integer('total_score').notNull().default(0),
  readingScore: integer('reading_score').notNull().default(0),
  listeningScore: integer('listening_score').notNull().default(0),
}, (t) => [
  uniqueIndex('results_attempt_uq').on(t.attemptId),
  index('results_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('results_exam_idx').on(t.examId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('results_created_idx').on(t.createdAt),
  // a student's ranks (src/attempts/ranks.ts): the results of one exam under one institute, by score
  // (no institute is '' there: an equality the index serves, where `is not distinct from` is not)
  index('results_rank_idx').on(t.examId, sql`coalesce(${t.instituteId}, '')`, t.totalScore),
]);

/**
 * The question bank's figures, kept between requests (src/authoring/bank-figures.ts; docs/question-bank.md, "Figures").
 * Which numbers each result's first answer got right: bit n-1 of `reading` for Reading's n, bit n-21 of `listening`
 * for Listening's n (as the item analysis scores a result: ../authoring/item-analysis.ts responsesOf).
 */
export const resultMarks = pgTable('result_marks', {
  resultId: text('result_id').primaryKey(),
  reading: integer('reading').notNull(),
  listening: integer('listening').notNull(),
});

/**
 * Per exam and number (and the item there), the sums of its uses' figures over one group of results: those with this `institute_id` whose
 * student has this `created_by` ('' for none; the groups that make up each institute's scope, ../authoring/results.ts
 * studentsOf). `uses` results; `correct` of them right; over the totals of the exam's other existing questions (rest):
 * their sum, the sum of their squares, and their sum over the right uses; the latest result.
 */
export const bankFigures = pgTable('bank_figures', {
  examId: text('exam_id').notNull(),
  questionNumber: integer('question_number').notNull(),
  /** the identity (`coalesce(item_id, id)`) of the exam's question at this number */
  item: text('item').notNull(),
  instituteId: text('institute_id').notNull(),
  createdBy: text('created_by').notNull(),
  uses: integer('uses').notNull(),
  correct: integer('correct').notNull(),
  restSum: integer('rest_sum').notNull(),
  restSquares: integer('rest_squares').notNull(),
  correctRestSum: integer('correct_rest_sum').notNull(),
  lastUsed: ts('last_used').notNull(),
}, (t) => [
  primaryKey({ name: 'bank_figures_pkey', columns: [t.examId, t.questionNumber, t.instituteId, t.createdBy] }),
  index('bank_figures_item_idx').on(t.item),
]);

/**
 * The exams whose bank figures are behind, queued by triggers in the transaction of the change (migration
 * 0012_bank_figures): `recompute` false when only results were added, true when results were changed or deleted, the
 * exam's numbers changed or a student of its results changed institute. The next search brings them up to date.
 */
export const bankFiguresQueue = pgTable('bank_figures_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  examId: text('exam_id').notNull(),
  recompute: boolean('recompute').notNull(),
});

/** A student's exam access (one per student; saving replaces it). */
export const examAccess = pgTable('exam_access', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  /** SELECTEDEXAM | CREATOR-AND-PUBLIC-ALL | PUBLIC-ALL | TIMEFRAME | ALL-X-TIMES | ALL | FREE-ALL */
  type: text('type').notNull(),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  totalTimes: integer('total_times'),
  completedTimes: integer('completed_times').notNull().default(0),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('exam_access_user_uq').on(t.userId)]);

/** Rows of a SELECTEDEXAM access. */
export const examAccessExams = pgTable('exam_access_exams', {
  accessId: text('access_id').notNull(),
  examId: text('exam_id').notNull(),
  totalTimes: integer('total_times').notNull(),
  completedTimes: integer('completed_times').notNull().default(0),
}, (t) => [primaryKey({ name: 'exam_access_exams_pkey', columns: [t.accessId, t.examId] })]);

/**
 * A student's extra time (accommodations), set in the User Access tab: a percentage of the exam's duration or a
 * number of minutes, exactly one of them; no row means none. Applied when an attempt starts (its deadline).
 */
export const extraTime = pgTable('extra_time', {
  userId: text('user_id').primaryKey(),
  percent: integer('percent'),
  minutes: integer('minutes'),
  setBy: text('set_by').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [check('extra_time_one_check', sql`(${t.percent} is null) <> (${t.minutes} is null)`)]);

/** Sign-in failures, for throttling across processes. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  firstAt: ts('first_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

/** Shared settings (PostgreSQL mode: the generated JWT secret lives here so several processes share it). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A counter of changes to users, for the token check's cache of user rows (src/auth/index.ts): every statement that
 * changes users bumps it in the same transaction (the trigger users_auth_generation, in the hand-written migration
 * drizzle/0001_hand_written.sql), so a reader sees the new rows and the new value together or neither. One
 * row, id 1, inserted by that migration with the clock's microseconds (a database re-created under a running process
 * does not repeat an old value).
 */
export const authGeneration = pgTable('auth_generation', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'bigint' }).notNull(),
}, (t) => [check('auth_generation_id_check', sql`${t.id} = 1`)]);

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Exam = typeof exams.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type Attempt = typeof attempts.$inferSelect;
export type Result = typeof results.$inferSelect;
export type ExamAccess = typeof examAccess.$inferSelect;
export type ExamAccessExam = typeof examAccessExams.$inferSelect;
export type ExtraTime = typeof extraTime.$inferSelect;
export type AttemptLeave = typeof attemptLeaves.$inferSelect;
