/** Entity shapes exchanged with the REST API (spec section 3). Ids are strings named `_id`. */

export type Role = 0 | 1 | 2;
export const ROLE = { student: 0, institute: 1, admin: 2 } as const;
export const ROLE_LABEL: Record<Role, string> = { 0: 'Student', 1: 'Institute', 2: 'Admin' };

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
}

export interface SigninResponse {
  user: User;
  token: string;
  /** the student's institute (null for admins, institutes and students with no institute) */
  institute: AuthInstitute | null;
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
}

export type QuestionType = 'Reading' | 'Listening';
export type OptionType = 'text' | 'image' | 'listening' | 'listeningandtext' | 'samelistening';

/**
 * The fields of a question as authored (everything but its ids): the one list of them. The rules
 * (schemas/question.ts), the server's columns and the question form are typed against it.
 */
export interface QuestionFields {
  type: QuestionType;
  question_number: number;
  main_heading: string;
  main_heading_image: boolean;
  heading: string;
  description: string;
  description_image: boolean;
  description_boxed: boolean;
  option_type: OptionType;
  /** for listeningandtext: a JSON string {"text": "...", "listening": "/media/..."} */
  option1: string;
  option2: string;
  option3: string;
  option4: string;
  listening: string;
  /** '1'..'4' */
  answer: string;
  answer_details: string;
}

export interface Question extends Omit<QuestionFields, 'answer' | 'answer_details'> {
  _id: string;
  exam: string;
  /** absent for a student while the attempt runs */
  answer?: string;
  answer_details?: string;
}

export interface ResultAnswer {
  question: string;
  questionNumber: number;
  type: QuestionType;
  /** '1'..'4', or '0' unanswered */
  answer: string;
  correct: boolean;
}

export interface Result {
  _id: string;
  score: number;
  total_questions: number;
  attempted: number;
  /** exam title (kept after the exam is deleted) */
  exam: string;
  exam_id: string;
  user: { _id: string; email: string; firstname: string; lastname: string };
  createdAt: string;
  answers: ResultAnswer[];
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
}

export interface UploadedFile {
  field_name: string;
  url: string;
}

export interface ReportRow {
  _id: string;
  name: string;
  total: number;
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
export type RemoteExam = Pick<Exam, '_id' | 'title' | 'type' | 'is_cbt' | 'status' | 'category' | 'exam' | 'question_count'>;

// The student's exam (shared-api/src/endpoints/student-exam.ts and the server's attempts module).

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
  listeningStatus: ListeningStatus;
}

export interface SubmitResponse {
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

export interface ResultDetail {
  result: Result;
  /** with answer and answer_details (the attempt is finished) */
  questions: Question[];
}
