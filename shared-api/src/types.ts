/** Entity shapes exchanged with the REST API (spec section 3). Ids are strings named `_id`. */
import { words } from './wording';
import type { FieldsFor, OPTION_TYPES, QUESTION_TYPES, QuestionFieldName, QuestionFieldValues } from './question-fields';

export type Role = 0 | 1 | 2;
export const ROLE = { student: 0, institute: 1, admin: 2 } as const;
/** A role's name, read in the current language. */
export const ROLE_LABEL: Readonly<Record<Role, string>> = words({ 0: /*i18n*/ 'Student', 1: /*i18n*/ 'Institute', 2: /*i18n*/ 'Admin' });

export interface User {
  _id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** "first last", for display */
  name: string;
  phone: string;
  image: string;
  address: string;
  /** 1 Active, 0 Disabled */
  status: 0 | 1;
  info: string;
  role: Role;
  /** 0 cannot add exams, 1 can add exams */
  institute_role: 0 | 1;
  /** id of the enrolling institute, or null */
  created_by: string | null;
  user_uid: string;
  auth_type: string;
  /** IANA time zone whose days the user's dates are in (a student's: its institute's, see sessionTimeZone) */
  time_zone: string;
  /** the interface's language the user chose (shared-api/src/i18n.ts) */
  language: 'en' | 'ne';
  createdAt: string;
}

/** The institute of a signed-in student. */
export interface AuthInstitute {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  image: string;
  /** IANA time zone of the institute: its students' days */
  time_zone: string;
}

export interface SigninResponse {
  user: User;
  token: string;
  /** the student's institute (null for admins, institutes and students with no institute) */
  institute: AuthInstitute | null;
  /** this browser's device token for the account: sent with its next sign-in (shared-api device-tokens.ts) */
  device?: string;
}

export interface UserInfo {
  _id: string;
  name: string;
  role: Role;
  image: string;
  user_uid: string;
  email: string;
}

export type ExamType = 'private' | 'public' | 'free_for_all';

export interface Category {
  _id: string;
  title: string;
}

export interface Exam {
  _id: string;
  title: string;
  type: ExamType;
  is_cbt: boolean;
  /** 1 available (published), 0 hidden */
  status: 0 | 1;
  category: Category | null;
  /** reference exam id (CBT) */
  exam: string;
  user: { _id: string; name: string };
  question_count: number;
  createdAt: string;
  /** plays allowed of each listening audio in an attempt; null: no limit */
  play_limit: number | null;
  /** what a student sees after submitting (constants REVIEW_POLICIES) */
  review_policy: ReviewPolicy;
}

/** constants REVIEW_POLICIES: score | marks | answers */
export type ReviewPolicy = 'score' | 'marks' | 'answers';

export type QuestionType = (typeof QUESTION_TYPES)[number];
export type OptionType = (typeof OPTION_TYPES)[number];

/**
 * The fields of a question as authored (everything but its ids), as ./question-fields.ts lists them: the rules
 * (schemas/question.ts), the server's columns and the question form are typed against it.
 */
export type QuestionFields = QuestionFieldValues;

/** The fields holding an image's alternative text (QuestionFields). */
export type AltTextKey = Extract<QuestionFieldName, `${string}_alt`>;

/**
 * A question as served: a student's running attempt carries no answer key (absent, not empty), and the back office's
 * questions carry what only staff read (their item type).
 */
export interface Question extends Omit<QuestionFields, FieldsFor<'result' | 'staff'> | AltTextKey>,
  Partial<Pick<QuestionFields, FieldsFor<'result' | 'staff'> | AltTextKey>> {
  _id: string;
  exam: string;
}

export interface ResultAnswer {
  question: string;
  questionNumber: number;
  type: QuestionType;
  /** '1'..'4', or '0' unanswered */
  answer: string;
  /** absent for a student when the exam's review policy is "Score only" */
  correct?: boolean;
}

/** A result's figures on the EPS-TOPIK scale (5 points per correct question), computed by the server when it scores. */
export interface ResultScores {
  /** out of MAX_SCORE (200): readingScore + listeningScore */
  totalScore: number;
  /** questions READING_RANGE, out of SECTION_MAX_SCORE (100) */
  readingScore: number;
  /** questions LISTENING_RANGE, out of SECTION_MAX_SCORE (100) */
  listeningScore: number;
}

export interface Result extends ResultScores {
  _id: string;
  /** number of correct answers (the spec's score) */
  score: number;
  total_questions: number;
  attempted: number;
  /** exam title (kept after the exam is deleted) */
  exam: string;
  exam_id: string;
  user: { _id: string; email: string; firstname: string; lastname: string };
  createdAt: string;
  answers: ResultAnswer[];
  /** back office only: how often and how long the student left the exam page (information, never a penalty) */
  leaves?: LeaveSummary;
}

/** Records of leaving the running exam page, summed: how many, and for how long in all (ms). */
export interface LeaveSummary {
  count: number;
  ms: number;
}

/** A student's extra time as the server applies it at Get Started (none: both null, extraSeconds 0). */
export interface ExtraTime {
  percent: number | null;
  minutes: number | null;
  /** the exam's own length, and what this student gets on top of it */
  durationSeconds: number;
  extraSeconds: number;
}

export type ExtraTimeKind = 'none' | 'percent' | 'minutes';
export interface ExtraTimeInput {
  user: string;
  kind: ExtraTimeKind;
  /** the percentage (25, 50, 100) or the minutes (1-300); none: absent */
  value?: number | null;
}

/** One time the student left the running exam page; id is the device's, so a resend is harmless. */
export interface LeaveRecord {
  id: string;
  kind: 'hidden' | 'blur' | 'fullscreen';
  /** ISO time on the server's clock (as the device reckons it) */
  startedAt: string;
  durationMs: number;
}

export type AccessType =
  | 'SELECTEDEXAM'
  | 'CREATOR-AND-PUBLIC-ALL'
  | 'PUBLIC-ALL'
  | 'TIMEFRAME'
  | 'ALL-X-TIMES'
  | 'ALL'
  | 'FREE-ALL';

export interface ExamAccessExam {
  exam: { _id: string; title: string };
  total_times: number;
  completed_times: number;
}

export interface ExamAccess {
  _id: string;
  type: AccessType;
  startTime: string | null;
  endTime: string | null;
  total_times: number | null;
  completed_times: number;
  exams: ExamAccessExam[];
  user: string;
  /** the time zone whose days startTime and endTime are (the student's institute's): show them in it */
  timeZone: string;
}

export interface UploadedFile {
  field_name: string;
  url: string;
}

export interface ReportRow {
  _id: string;
  name: string;
  total: number;
  /** mean ResultScores of the period's finished attempts (one decimal), or null without any */
  averageScore: number | null;
  averageReading: number | null;
  averageListening: number | null;
}

/** reports/getReport's body: `reports` is one page of institutes (see PageArgs). */
export interface Report {
  startDate: string;
  endDate: string;
  reports: ReportRow[];
}

/** The report as the api slice gives it: the period and one page of its rows. */
export interface ReportPage extends PageOf<ReportRow> {
  startDate: string;
  endDate: string;
}

export interface ApiError {
  error: string;
}

/**
 * A page of a list the server pages (the back office's results, users, institutes and report): `page` is 1-based,
 * `limit` 1..100 (the server's default 50), `search` a case-insensitive substring of the list's search field.
 */
export interface PageArgs {
  page: number;
  limit: number;
  search?: string;
}

/** One page of rows and the number of rows matching (the server's X-Total-Count header). */
export interface PageOf<T> {
  rows: T[];
  total: number;
}

/** Question Summary: one of the numbers 1..40, and how the results answered it (item analysis). */
export interface QuestionSummaryRow {
  question_number: number;
  exists: boolean;
  _id: string | null;
  type: QuestionType | null;
  option_type: OptionType | null;
  /** results that answered this question (not '0') */
  answered: number;
  correct: number;
  /** correct / results, 0..1, or null without results */
  correctRate: number | null;
  /** the wrong option ('1'..'4') chosen most often, or null */
  mostChosenWrong: string | null;
  /** how many results chose each option */
  choices: Record<'1' | '2' | '3' | '4', number>;
  // item analysis (docs/item-analysis.md): null where a figure is undefined, with the reason beside it
  /** results that left it unanswered (counted as wrong) */
  unanswered: number;
  /** facility p: share of the results that answered correctly (unanswered = wrong); null without results */
  facility: number | null;
  /** corrected point-biserial: correlation of this question (0/1) with the total of the other questions */
  pointBiserial: number | null;
  pointBiserialReason: string | null;
  /** upper-lower 27% index: p in the upper group minus p in the lower group */
  discrimination: number | null;
  discriminationReason: string | null;
  /** options 1-4 and unanswered: share among the upper group, the lower group and all results */
  distractors: DistractorRow[];
  flags: ItemFlag[];
}

export type DistractorOption = '1' | '2' | '3' | '4' | 'unanswered';

export interface DistractorRow {
  option: DistractorOption;
  /** the question's correct answer */
  key: boolean;
  /** results that chose it */
  count: number;
  /** shares 0..1; upper and lower null when the groups cannot be formed (under 2 results) */
  upper: number | null;
  lower: number | null;
  all: number | null;
}

export type ItemFlagCode = 'hard' | 'easy' | 'low-discrimination' | 'negative-discrimination' | 'weak-distractor';

export interface ItemFlag {
  code: ItemFlagCode;
  /** what the badge says */
  text: string;
}

/** Figures of the whole exam or one section over the results of the analysis (totals = number correct). */
export interface ScoreSummary {
  /** 'Exam', 'Reading' (1-20) or 'Listening' (21-40) */
  label: string;
  /** existing questions the figures rest on */
  questions: number;
  /** results the figures rest on */
  results: number;
  mean: number | null;
  /** population standard deviation (divides by n), the one KR-20 uses */
  sd: number | null;
  kr20: number | null;
  kr20Reason: string | null;
}

/** The Question Summary with item analysis: GET questions/analysis/{examId}/{userId}[?institute=]. */
export interface ItemAnalysis {
  /** results the figures rest on */
  results: number;
  /** the institute whose students' results were analysed (admins may choose one), or null for all the caller may see */
  institute: string | null;
  /** 'No results yet', or the under-30 warning; null from 30 results */
  note: string | null;
  /** size of the upper and of the lower group: ceil(27% of the results), null under 2 results */
  groupSize: number | null;
  exam: ScoreSummary;
  sections: ScoreSummary[];
  questions: QuestionSummaryRow[];
}

/** A report row of the day's results: an attempt with its result, student and exam. */
export interface DayResult {
  _id: string;
  result: Result | null;
  exam: { _id: string; title: string };
  user: { _id: string; email: string; firstname: string; lastname: string };
  institute: { _id: string; name: string } | null;
  status: string;
  createdAt: string;
}

/** An exam of another deployment's exam list (what the transfer page and the copy need). */
export type RemoteExam = Pick<Exam, '_id' | 'title' | 'type' | 'is_cbt' | 'status' | 'category' | 'exam' | 'question_count' | 'play_limit' | 'review_policy'>;

// The student's exam (shared-api/src/endpoints/exam-lists.ts, student-exam.ts and the server's attempts module).

export interface ListedExam extends Exam {
  /** attempts left, or null for no limit */
  remaining: number | null;
  /** why it cannot be started (Other Exams List) */
  reason: string | null;
  /** the student's running attempt of this exam (it is resumed, not started), or null */
  running?: RunningAttemptInfo | null;
  /** what taking it downloads: its package's bytes (ExamDownload.bytes) */
  downloadBytes: number;
}

/** GET exams/download/:examId/:userId: everything a student's device needs to take the exam, without answers. */
export interface ExamDownload {
  examId: string;
  /** as the running exam sends them (no answer fields), media URLs pointing at the renditions students get */
  questions: Question[];
  /** every media file the questions reference, once, with its size */
  files: { url: string; bytes: number }[];
  /** plays allowed of each listening audio; null: no limit */
  playLimit: number | null;
  /** the files plus this JSON itself */
  bytes: number;
}

export interface RunningAttemptInfo {
  deadlineAt: string;
  /** seconds to the deadline when the server made the list (the device's clock may be wrong) */
  secondsLeft: number;
  /** why a new attempt could not be started now (the access changed since this one started), or null */
  reason: string | null;
}

/** An attempt ("report" in the spec's calls). The server owns the clock. */
export interface Attempt {
  _id: string;
  exam: string;
  examTitle: string;
  status: 'running' | 'submitted' | 'expired';
  startedAt: string;
  deadlineAt: string;
  /** the server's clock when this was sent, to correct the device's clock */
  serverNow: string;
  resultId: string | null;
}

export interface StartAttemptResponse extends Attempt {
  /** true when a running attempt of this exam was resumed instead of a new one created */
  resumed: boolean;
}

export type AudioKey = 'main' | 'option1' | 'option2' | 'option3' | 'option4';
export type ListeningStatus = Record<string, Partial<Record<AudioKey, number>>>;

export interface RunningExam {
  attempt: Attempt;
  /** without answer and answer_details */
  questions: Question[];
  /** saved answers by question id ('0' unanswered) */
  answers: Record<string, string>;
  /** plays of each listening audio so far (every device of the student, as the server counted them) */
  listeningStatus: ListeningStatus;
  /** plays allowed of each listening audio; null: no limit */
  playLimit: number | null;
}

/** One listening play as the exam page sends it (PUT attempts/:attemptId/listening/:userId). */
export interface ListeningPlay {
  question: string;
  audio: AudioKey;
  /** named once by the device: the same play sent again is not counted twice */
  playId: string;
}

export interface SubmitResponse extends ResultScores {
  resultId: string;
  score: number;
  totalQuestions: number;
  attempted: number;
  correct: number;
  /** correct / total x 100, two decimals */
  percentage: string;
  name: string;
  user_uid: string;
}

/** What a result detail reveals to its reader. */
export interface ResultReview {
  /** the exam's policy */
  policy: ReviewPolicy;
  /** what this response carries: answers' `correct` flags from 'marks' on, questions' answer keys only with 'answers' */
  shows: ReviewPolicy;
  /** the student can still start another attempt of the exam (correct answers are withheld until then) */
  canRetake: boolean;
}

export interface ResultDetail {
  result: Result;
  /** answer and answer_details only when review.shows is 'answers' (always for institutes and admins) */
  questions: Question[];
  review: ResultReview;
  /** this result's score per item type, weakest first; null when review.shows is 'score' (no marks, no counts) */
  itemTypes: ItemTypeScore[] | null;
}

/**
 * How a set of results did on one item type (shared-api/item-types ITEM_TYPES): of the `total` questions of that type
 * in them (each result counts its own), `correct` were answered right. The server's rule and order:
 * server/src/attempts/item-types.ts (docs/item-analysis.md).
 */
export interface ItemTypeScore {
  itemType: string;
  section: QuestionType;
  correct: number;
  total: number;
}

/** The score per item type across results a viewer may see (a student's, or an exam's), weakest first. */
export interface ItemTypeBreakdown {
  types: ItemTypeScore[];
  /** the results counted */
  results: number;
  /** a student's own results left out: their exams show the score only (review policy 'score') */
  hidden: number;
}

/**
 * Where one of a student's results stands among the attempts of that exam by students of the same institute (or, for
 * a student of no institute, of no institute): competition ranking on the score out of 200 (ties share the best place,
 * "1224"), and the percentile rank (attempts scoring less plus half of those scoring the same, of all, x 100). The
 * server's rule: server/src/attempts/ranks.ts.
 */
export interface ResultRank {
  resultId: string;
  exam_id: string;
  /** 1 = best */
  rank: number;
  /** attempts in the group */
  of: number;
  /** 0-100, one decimal */
  percentile: number;
  /** 'institute': the attempts under the same institute; 'none': those of students of no institute */
  scope: 'institute' | 'none';
}

/**
 * One item of a question bank (GET questions/bank, docs/question-bank.md): an item's identity is its first question's
 * id (`coalesce(item_id, id)`); its figures gather every result, in the caller's scope, of every exam holding a copy.
 */
export interface BankItem {
  /** the item's identity */
  _id: string;
  /** the item's question (its first question, or its latest copy when that is gone), as the back office reads it */
  question: Question;
  /** results counted (each use of a copy in a result) */
  n: number;
  /** facility p, null without results */
  facility: number | null;
  /** corrected point-biserial over every use, null with the reason */
  pointBiserial: number | null;
  pointBiserialReason: string | null;
  /** 'easy' | 'medium' | 'hard' | 'unrated' (shared-api/question-bank) */
  band: string;
  /** the bank's exams holding a copy */
  exams: { _id: string; title: string }[];
  /** the latest counted result's time (ISO), null when never used */
  lastUsed: string | null;
}
