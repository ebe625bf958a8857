/**
 * An exam as a package (issue 38): a ZIP of questions.xlsx (sheets Questions and Exam), the same rows as
 * questions.csv and exam.csv, and the media under media/. The columns of both sheets, the package's file names and the
 * import's report, for the server that writes and reads packages and the screens that show the report
 * (docs/exam-package.md describes them for people).
 */
import { OPTION_KEYS, QUESTION_FIELD_NAMES, QUESTION_FIELDS, type QuestionFieldName } from './question-fields';
import type { Exam } from './types';

export const PACKAGE_FILES = {
  workbook: 'questions.xlsx',
  questionsCsv: 'questions.csv',
  examCsv: 'exam.csv',
  /** the folder of the media files; a cell names a file of it by its name alone (`q21-listening.mp3`) */
  mediaDir: 'media/',
  questionsSheet: 'Questions',
  examSheet: 'Exam',
} as const;

/** a listening-and-text option's audio: the option's own column holds its text */
export type OptionListeningColumn = `${(typeof OPTION_KEYS)[number]}_listening`;
/** the fields a column of the Questions sheet holds (./question-fields.ts) */
type PackageField = { [K in QuestionFieldName]: (typeof QUESTION_FIELDS)[K]['column'] extends true ? K : never }[QuestionFieldName];
export type QuestionColumn = PackageField | OptionListeningColumn;

/** The columns a row starts with: what names the question. */
const LEADING_COLUMNS = ['question_number', 'type', 'item_type'] as const satisfies readonly PackageField[];
const isOption = (field: string): field is (typeof OPTION_KEYS)[number] => (OPTION_KEYS as readonly string[]).includes(field);

/**
 * The columns of the Questions sheet (and questions.csv), in order, one row per question: the question's number, type
 * and item type, then every other field of a question in the order of ./question-fields.ts, each listening-and-text
 * option's audio after its option.
 */
export const QUESTION_COLUMNS: readonly QuestionColumn[] = [
  ...LEADING_COLUMNS,
  ...QUESTION_FIELD_NAMES.filter((k): k is PackageField => QUESTION_FIELDS[k].column && !(LEADING_COLUMNS as readonly string[]).includes(k)),
].flatMap((k): QuestionColumn[] => (isOption(k) ? [k, `${k}_listening`] : [k]));

/** The columns a Questions sheet must have (the others may be left out: their fields take their defaults). */
export const REQUIRED_QUESTION_COLUMNS: readonly QuestionColumn[] = ['question_number', 'type', 'option1', 'option2', 'option3', 'option4', 'answer'];

/** The yes/no columns: the fields that are true or false. */
export const YES_NO_COLUMNS: readonly QuestionColumn[] = QUESTION_FIELD_NAMES.filter((k): k is PackageField => QUESTION_FIELDS[k].column && QUESTION_FIELDS[k].kind === 'boolean');
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
