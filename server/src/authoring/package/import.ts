/**
 * POST exams/import/{userId}: a package (a ZIP; or an XLSX workbook or a CSV file alone, for questions without media)
 * becomes a new hidden exam of the caller. First every row is checked — its cells, its media files (./media-check.ts),
 * the question's shared rules (./rows.ts), numbers used twice, the Exam row — into a report by row and column; with
 * `dryRun` nothing more happens. Otherwise a clean report is imported in one transaction (exam, media, questions: a
 * failure leaves nothing behind) and a report with problems is a 400 that carries it. A package that is not safe to
 * read at all (./archive.ts, ./sheets.ts) is a 400 with its reason and no report.
 */
import type { FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { sql } from 'drizzle-orm';
import {
  EXAM_COLUMNS, PACKAGE_FILES, QUESTION_COLUMNS, REQUIRED_QUESTION_COLUMNS, type PackageImported, type PackageProblem, type PackageReport,
} from 'shared-api/exam-package';
import type { MediaKind } from 'shared-api/media-url';
import type { QuestionFields } from 'shared-api/types';
import type { AuthUser } from '../../auth/index.ts';
import type { Db, Executor } from '../../db/index.ts';
import { categories, questions } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { storeMedia } from '../../media.ts';
import { readMultipart } from '../../multipart.ts';
import { createExam, EXAM_MSG, examJson, examValues, type ExamBody } from '../exams.ts';
import { fieldsToRow, mapQuestionMedia, QMSG, type MediaFields } from '../questions.ts';
import { Archive, nameKey } from './archive.ts';
import { checkMedia, sizeProblem, type CheckedMedia } from './media-check.ts';
import { checkRow, rowFields, type RowProblem } from './rows.ts';
import { EXAM_ROWS, QUESTION_ROWS, readCsv, readWorkbook, SHEET_MSG, type Sheet } from './sheets.ts';

/** What one package may be: 64 MB as uploaded, 500 files, 96 MB unpacked, no file packed over 100 times. */
export const PACKAGE_LIMITS = { uploadBytes: 64 * 1024 * 1024, entries: 500, unpackedBytes: 96 * 1024 * 1024, ratio: 100 };

export const PACKAGE_MSG = {
  badBody: 'Upload one file: a ZIP package, an XLSX workbook or a CSV file',
  notPackage: 'The file is not a ZIP package, an XLSX workbook or a CSV file',
  noQuestions: 'The package has no questions.xlsx or questions.csv',
  noRows: 'The package has no questions',
  missingColumn: 'The column is missing',
  format: 'Format must be UBT or CBT',
} as const;

/** The request's file (multipart `file`, at most PACKAGE_LIMITS.uploadBytes) and `title`. */
export async function receivePackage(request: FastifyRequest): Promise<{ data: Buffer; title: string | undefined }> {
  const { file, fields } = await readMultipart(request, { fileField: 'file', maxBytes: PACKAGE_LIMITS.uploadBytes, badBody: PACKAGE_MSG.badBody });
  if (!file || file.data.length === 0) throw new HttpError(400, 'File cannot be empty.');
  if (file.truncated) throw new HttpError(400, `The file cannot exceed ${PACKAGE_LIMITS.uploadBytes / (1024 * 1024)} MB`);
  return { data: file.data, title: fields.title || undefined };
}

/** A package read and checked: its report, and when the report is clean, what importing it writes. */
interface Analysis {
  report: PackageReport;
  exam: ExamBody;
  questions: QuestionFields[];
  /** each media file once, by the URL the questions were checked with (`/media/<sha256>.<ext>`) */
  media: Map<string, CheckedMedia>;
}

/** Imports take turns two at a time: each holds its package and files in memory (up to 160 MB). */
const turns = pLimit(2);

/** The tables of a package, and its archive (open until `close`) when it is a ZIP package. */
async function openTables(data: Buffer): Promise<{ questions: Sheet; exam?: Sheet; archive?: Archive; mediaDir: string }> {
  const zip = data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
  if (!zip) {
    // an old binary Office file (.xls, an .xlsm saved as binary) or anything else with NULs is no CSV
    if (data.subarray(0, 8192).includes(0)) throw new HttpError(400, PACKAGE_MSG.notPackage);
    return { questions: readCsv(data, QUESTION_COLUMNS, QUESTION_ROWS), mediaDir: '' };
  }
  const archive = await Archive.open(data, PACKAGE_LIMITS, 'The package');
  try {
    if (archive.has('[Content_Types].xml')) {
      archive.close();
      return { ...(await readWorkbook(data, QUESTION_COLUMNS, EXAM_COLUMNS)), mediaDir: '' };
    }
    // the package's files at its root, or inside the one folder everything is in (a zipped folder)
    const tops = new Set(archive.names.map((n) => (n.includes('/') ? n.slice(0, n.indexOf('/') + 1) : '')));
    const root = !archive.has(PACKAGE_FILES.workbook) && !archive.has(PACKAGE_FILES.questionsCsv) && tops.size === 1 ? [...tops][0]! : '';
    const at = (name: string) => `${root}${name}`;
    if (archive.has(at('questions.xlsm'))) throw new HttpError(400, SHEET_MSG.macros);
    let tables: { questions: Sheet; exam?: Sheet };
    if (archive.has(at(PACKAGE_FILES.workbook))) {
      tables = await readWorkbook(await archive.read(at(PACKAGE_FILES.workbook)), QUESTION_COLUMNS, EXAM_COLUMNS);
    } else if (archive.has(at(PACKAGE_FILES.questionsCsv))) {
      const exam = archive.has(at(PACKAGE_FILES.examCsv)) ? readCsv(await archive.read(at(PACKAGE_FILES.examCsv)), EXAM_COLUMNS, EXAM_ROWS) : undefined;
      tables = { questions: readCsv(await archive.read(at(PACKAGE_FILES.questionsCsv)), QUESTION_COLUMNS, QUESTION_ROWS), ...(exam ? { exam } : {}) };
    } else {
      throw new HttpError(400, PACKAGE_MSG.noQuestions);
    }
    return { ...tables, archive, mediaDir: at(PACKAGE_FILES.mediaDir) };
  } catch (err) {
    archive.close();
    throw err;
  }
}

/** The exam's form from the Exam row (when there is one) and the `title` sent with the file, or the row's problems. */
async function examBody(db: Executor, sheet: Sheet | undefined, title: string | undefined, problems: PackageProblem[]): Promise<ExamBody> {
  const row = sheet?.rows[0];
  const at = row?.row ?? 0;
  const cell = (c: string) => (row?.cells.get(c) ?? '').trim();
  const problem = (error: string, column?: string) => problems.push({ sheet: 'exam', row: at, ...(column ? { column } : {}), error });
  const format = cell('format').toUpperCase();
  if (format !== '' && format !== 'UBT' && format !== 'CBT') problem(PACKAGE_MSG.format, 'format');
  const limit = cell('play_limit');
  let category: string | null = null;
  if (cell('category')) {
    const [found] = await db.select({ id: categories.id }).from(categories)
      .where(sql`lower(${categories.title}) = lower(${cell('category')})`).limit(1);
    if (found) category = found.id;
    else problem(EXAM_MSG.categoryNotFound, 'category');
  }
  const body: ExamBody = {
    title: title?.trim() || cell('title'),
    is_cbt: format === 'CBT',
    category,
    exam: cell('reference_exam'),
    // '' no limit; anything but a whole number is refused by examValues with its own message
    play_limit: limit === '' ? null : /^\d{1,6}$/.test(limit) ? Number(limit) : Number.NaN,
    ...(cell('type') ? { type: cell('type') } : {}),
    ...(cell('review_policy') ? { review_policy: cell('review_policy') } : {}),
  };
  return body;
}

/** Reads and checks a package for `me`; nothing is written. */
async function analyze(db: Db, me: AuthUser, data: Buffer, title: string | undefined): Promise<Analysis> {
  const tables = await openTables(data);
  try {
    const problems: PackageProblem[] = [];
    const { questions: sheet, archive } = tables;
    // the headers' problems; a data row's cell problems go with that row's
    for (const p of sheet.problems) if (p.row === 1) problems.push(p);
    for (const p of tables.exam?.problems ?? []) problems.push({ ...p, sheet: 'exam' });
    for (const column of REQUIRED_QUESTION_COLUMNS) if (!sheet.columns.includes(column)) problems.push({ row: 1, column, error: PACKAGE_MSG.missingColumn });
    if (sheet.rows.length === 0) problems.push({ row: 1, error: PACKAGE_MSG.noRows });

    // each row's fields, with the media files it names
    const rows = sheet.rows.map((r) => {
      const own: RowProblem[] = sheet.problems.filter((p) => p.row === r.row);
      const fields = rowFields(r.cells, own);
      const refs: { name: string; kind: MediaKind; column: string }[] = [];
      mapQuestionMedia(fields as unknown as MediaFields, (name, kind, column) => {
        if (name.trim()) refs.push({ name: name.trim().replace(/^media\//i, ''), kind, column });
        return name;
      });
      return { ...r, fields, own, refs };
    });

    // every media file once (per kind it is used as): checked, or why not
    const checked = new Map<string, CheckedMedia | { error: string }>();
    for (const { refs } of rows) {
      for (const ref of refs) {
        const key = `${ref.kind}:${nameKey(ref.name)}`;
        if (checked.has(key)) continue;
        const path = `${tables.mediaDir}${ref.name}`;
        const size = archive?.size(path);
        if (!archive || size === undefined) {
          checked.set(key, { error: `Media file ${ref.name} is not in the package` });
          continue;
        }
        const tooLarge = sizeProblem(ref.kind, size);
        const result = tooLarge ? { error: tooLarge } : await checkMedia(await archive.read(path), ref.kind);
        checked.set(key, 'error' in result ? { error: `Media file ${ref.name}: ${result.error}` } : result);
      }
    }

    const media = new Map<string, CheckedMedia>();
    const used = new Set<number>();
    const valid: QuestionFields[] = [];
    for (const r of rows) {
      const number = typeof r.fields.question_number === 'number' && Number.isInteger(r.fields.question_number) ? r.fields.question_number : undefined;
      const rowProblems: RowProblem[] = [...r.own];
      // columns whose problem is known already: the rules do not report them again
      const bad = new Set(r.own.flatMap((p) => (p.column ? [p.column] : [])));
      const urls = new Map<string, string>();
      for (const ref of r.refs) {
        const result = checked.get(`${ref.kind}:${nameKey(ref.name)}`)!;
        if ('error' in result) {
          rowProblems.push({ column: ref.column, error: result.error });
          bad.add(ref.column);
        } else {
          const url = `/media/${result.hash}.${result.ext}`;
          media.set(url, result);
          urls.set(ref.column, url);
        }
      }
      const resolved = mapQuestionMedia(r.fields as unknown as MediaFields, (name, _kind, column) => (name.trim() ? urls.get(column) ?? '' : ''));
      const result = await checkRow(resolved as unknown as Record<string, unknown>, bad);
      if ('problems' in result) rowProblems.push(...result.problems);
      if (number !== undefined) {
        if (used.has(number)) rowProblems.push({ column: 'question_number', error: QMSG.numberUsed });
        else used.add(number);
      }
      for (const p of rowProblems) problems.push({ row: r.row, ...(number !== undefined ? { question_number: number } : {}), ...(p.column ? { column: p.column } : {}), error: p.error });
      if ('question' in result && rowProblems.length === 0) valid.push(result.question);
    }

    const exam = await examBody(db, tables.exam, title, problems);
    try {
      await examValues(db, me, exam);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      problems.push({ sheet: 'exam', row: tables.exam?.rows[0]?.row ?? 0, error: err.message });
    }
    const mediaNames = new Set(rows.flatMap((r) => r.refs.map((ref) => nameKey(ref.name))));
    problems.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row : a.sheet === 'exam' ? -1 : 1));
    const report: PackageReport = { ok: problems.length === 0, rows: problems.slice(0, 1000), questions: sheet.rows.length, media: mediaNames.size };
    return { report, exam, questions: valid, media };
  } finally {
    tables.archive?.close();
  }
}

/** The dry run: the report of the package, nothing written. */
export function checkPackage(db: Db, me: AuthUser, data: Buffer, title: string | undefined): Promise<PackageReport> {
  return turns(async () => (await analyze(db, me, data, title)).report);
}

/** Imports a package whose report is clean as a new hidden exam of `me`, in one transaction; 400 with the report otherwise. */
export function importPackage(db: Db, me: AuthUser, data: Buffer, title: string | undefined): Promise<PackageImported> {
  return turns(async () => {
    const a = await analyze(db, me, data, title);
    if (!a.report.ok) {
      const n = a.report.rows.length;
      throw new HttpError(400, `The package has ${n} ${n === 1 ? 'problem' : 'problems'}: see the report`, { report: a.report });
    }
    const exam = await db.transaction(async (tx) => {
      const created = await createExam(tx, me, a.exam);
      const urls = new Map<string, string>();
      for (const [url, m] of a.media) urls.set(url, await storeMedia(tx, m.data, m.mime, m.ext, me.id));
      const rows = a.questions.map((q) => ({ id: newId(), examId: created._id, ...fieldsToRow(mapQuestionMedia(q, (v) => urls.get(v) ?? v)) }));
      if (rows.length) await tx.insert(questions).values(rows);
      return examJson(tx, created._id);
    });
    return { exam, report: a.report };
  });
}
