/**
 * An exam as a package (issue 38): a ZIP of questions.xlsx (sheets Questions and Exam), the same rows as
 * questions.csv and exam.csv, and the media under media/. The columns of both sheets, the package's file names and the
 * import's report, for the server that writes and reads packages and the screens that show the report
 * (docs/exam-package.md describes them for people).
 */
import type { Exam, QuestionFields } from './types';

export const PACKAGE_FILES = {
  workbook: 'questions.xlsx',
  questionsCsv: 'questions.csv',
  examCsv: 'exam.csv',
  /** the folder of the media files; a cell names a file of it by its name alone (`q21-listening.mp3`) */
  mediaDir: 'media/',
  questionsSheet: 'Questions',
  examSheet: 'Exam',
} as const;

type OptionN = 1 | 2 | 3 | 4;
/** a listening-and-text option's audio: the option's own column holds its text */
export type OptionListeningColumn = `option${OptionN}_listening`;
export type QuestionColumn = keyof QuestionFields | OptionListeningColumn;

/** The columns of the Questions sheet (and questions.csv), in order: every field of a question, one row per question. */
export const QUESTION_COLUMNS = [
  'question_number', 'type', 'item_type', 'main_heading', 'main_heading_image', 'heading', 'description', 'description_image',
  'description_boxed', 'option_type', 'option1', 'option1_listening', 'option2', 'option2_listening', 'option3', 'option3_listening',
  'option4', 'option4_listening', 'listening', 'answer', 'answer_details', 'main_heading_alt', 'description_alt', 'option1_alt',
  'option2_alt', 'option3_alt', 'option4_alt',
] as const satisfies readonly QuestionColumn[];

/** Fails to compile when a field of the question (types.ts QuestionFields) has no column. */
type Uncovered = Exclude<keyof QuestionFields, (typeof QUESTION_COLUMNS)[number]>;
export const EVERY_FIELD_HAS_A_COLUMN: [Uncovered] extends [never] ? true : Uncovered = true;

/** The columns a Questions sheet must have (the others may be left out: their fields take their defaults). */
export const REQUIRED_QUESTION_COLUMNS: readonly QuestionColumn[] = ['question_number', 'type', 'option1', 'option2', 'option3', 'option4', 'answer'];

/** The yes/no columns. */
export const YES_NO_COLUMNS: readonly QuestionColumn[] = ['main_heading_image', 'description_image', 'description_boxed'];
export const YES = 'yes';
export const NO = 'no';

/** The columns of the Exam sheet (and exam.csv): a header and one row. `format` is UBT or CBT. */
export const EXAM_COLUMNS = ['title', 'type', 'format', 'category', 'reference_exam', 'play_limit', 'review_policy'] as const;
export type ExamColumn = (typeof EXAM_COLUMNS)[number];

/** The most question rows a package may hold: one exam. */
export const PACKAGE_MAX_QUESTIONS = 40;

/** One problem the import found: a row of the Questions sheet (the header is row 1), or of the Exam sheet. */
export interface PackageProblem {
  row: number;
  /** the sheet: absent for the Questions sheet */
  sheet?: 'exam';
  question_number?: number;
  column?: string;
  /** in English, as the server writes it (a screen shows it through translateServerMessage) */
  error: string;
}

/** What the import found in a package: `ok` when nothing is wrong; how many questions and media files it holds. */
export interface PackageReport {
  ok: boolean;
  rows: PackageProblem[];
  questions: number;
  media: number;
}

/** The answer of an import: the new (hidden) exam and the clean report. */
export interface PackageImported {
  exam: Exam;
  report: PackageReport;
}
