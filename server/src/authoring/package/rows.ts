/**
 * A question as a row of the exam package and back: its fields in the columns of shared-api/exam-package
 * (QUESTION_COLUMNS), yes/no for the switches, a media file by its name in the package's media/ folder, and a
 * listening-and-text option's audio in its own column. Reading a row checks it with the question's shared rules
 * (shared-api/schemas/question, as the question form and the API do) and names each problem's column.
 */
import { NO, QUESTION_COLUMNS, YES, YES_NO_COLUMNS, type QuestionColumn } from 'shared-api/exam-package';
import { OPTION_KEYS, QUESTION_TYPES, parseListeningAndText, questionSchema } from 'shared-api/schemas/question';
import type { MediaKind } from 'shared-api/media-url';
import type { QuestionFields } from 'shared-api/types';
import { mapQuestionMedia, type MediaField } from '../questions.ts';

/** The name of a question's media file in a package: `q05-option2.png`, `q21-listening.mp3`. */
export const mediaFileName = (questionNumber: number, field: MediaField, ext: string) =>
  `q${String(questionNumber).padStart(2, '0')}-${field.replace(/_/g, '-')}.${ext}`;

/**
 * The cells of a question's row, in QUESTION_COLUMNS order; `fileOf(url, kind, field)` gives the package's file name
 * of each media reference.
 */
export function questionCells(q: QuestionFields, fileOf: (url: string, kind: MediaKind, field: MediaField) => string): (string | number)[] {
  const named = mapQuestionMedia(q, fileOf);
  const cells: Partial<Record<QuestionColumn, string | number>> = {};
  for (const column of QUESTION_COLUMNS) {
    const value = (named as Partial<Record<QuestionColumn, unknown>>)[column];
    cells[column] = typeof value === 'boolean' ? (value ? YES : NO) : typeof value === 'number' ? value : String(value ?? '');
  }
  if (q.option_type === 'listeningandtext') {
    for (const key of OPTION_KEYS) {
      const both = parseListeningAndText(named[key]);
      if (both) {
        cells[key] = both.text;
        cells[`${key}_listening`] = both.listening;
      }
    }
  }
  return QUESTION_COLUMNS.map((c) => cells[c] ?? '');
}

export interface RowProblem { column?: string; error: string }

export const ROW_MSG = {
  onlyListeningAndText: 'Only a listening-and-text option has an audio file of its own',
} as const;

const TRUE = new Set(['yes', 'y', 'true', '1']);
const FALSE = new Set(['', 'no', 'n', 'false', '0']);

/**
 * A row's cells as the question's fields, before its media are resolved: media cells hold the package's file names.
 * The switches' problems (not yes or no) are added to `problems`.
 */
export function rowFields(cells: Map<string, string>, problems: RowProblem[]): Record<string, unknown> {
  const text = (c: string) => (cells.get(c) ?? '').trim();
  const out: Record<string, unknown> = {};
  for (const column of QUESTION_COLUMNS) if (!column.endsWith('_listening')) out[column] = text(column);
  for (const column of YES_NO_COLUMNS) {
    const v = text(column).toLowerCase();
    if (!TRUE.has(v) && !FALSE.has(v)) problems.push({ column, error: `${column} must be yes or no` });
    out[column] = TRUE.has(v);
  }
  // words as a person may type them: 'reading', 'TEXT'
  const type = text('type');
  out.type = QUESTION_TYPES.find((t) => t.toLowerCase() === type.toLowerCase()) ?? type;
  out.option_type = text('option_type').toLowerCase() || 'text';
  out.item_type = text('item_type').toLowerCase();
  const n = text('question_number');
  out.question_number = /^\d{1,6}$/.test(n) ? Number(n) : n === '' ? undefined : Number.NaN;
  for (const key of OPTION_KEYS) {
    const audio = text(`${key}_listening`);
    if (out.option_type === 'listeningandtext') out[key] = JSON.stringify({ text: text(key), listening: audio });
    else if (audio) problems.push({ column: `${key}_listening`, error: ROW_MSG.onlyListeningAndText });
  }
  return out;
}

/**
 * Checks a row's fields (media references already resolved to media URLs) with the question's rules: the question, or
 * every broken rule with its column. `skip`: columns whose problem is already known (a missing media file), not
 * reported twice.
 */
export async function checkRow(fields: Record<string, unknown>, skip: Set<string>): Promise<{ question: QuestionFields } | { problems: RowProblem[] }> {
  try {
    return { question: await questionSchema.validate(fields, { abortEarly: false, stripUnknown: true }) };
  } catch (err) {
    const e = err as { name?: string; path?: string; message: string; inner?: { path?: string; message: string }[] };
    if (e?.name !== 'ValidationError') throw err;
    const problems: RowProblem[] = [];
    for (const issue of e.inner?.length ? e.inner : [e]) {
      let column = issue.path ?? '';
      // a listening-and-text option with its text: what is missing or wrong is its audio
      const option = OPTION_KEYS.find((k) => k === column);
      if (option && fields.option_type === 'listeningandtext' && parseListeningAndText(String(fields[option]))?.text.trim()) column = `${option}_listening`;
      if (skip.has(column)) continue;
      problems.push({ column: column || undefined, error: issue.message });
    }
    return { problems };
  }
}
