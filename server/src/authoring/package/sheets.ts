/**
 * The exam package's tables both ways: written as one XLSX workbook (exceljs: sheets Questions and Exam) and as CSV
 * files (papaparse, written as every CSV of this product: shared-api/csv-format), and read back from either into
 * rows of text cells by column name. Reading never evaluates anything: a formula cell is reported as a problem of its
 * row (its text shown), never computed and never replaced by the result a spreadsheet cached. A workbook is read by
 * exceljs's streaming reader only after ./archive.ts checked it as a ZIP (sizes, entries) and it is not macro-enabled.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yazl from 'yazl';
import { CSV_BOM, CSV_WRITE_CONFIG, unescapeFormula } from 'shared-api/csv-format';
import { PACKAGE_FILES, PACKAGE_MAX_QUESTIONS } from 'shared-api/exam-package';
import { HttpError } from '../../errors.ts';
import { unstorable } from '../../input.ts';
import { Archive, nameKey } from './archive.ts';

/** A table to write: its column names and its rows of cells (numbers stay numbers in the workbook). */
export interface Table {
  columns: readonly string[];
  rows: (string | number)[][];
}

export const SHEET_MSG = {
  noWorkbook: 'The workbook has no sheet of questions',
  unreadableWorkbook: 'The workbook cannot be read: save it again as .xlsx',
  macros: 'Macro-enabled workbooks (.xlsm) are not accepted: save it as .xlsx',
  notUtf8: 'The CSV file is not UTF-8 text: save it as "CSV UTF-8"',
  unstorable: 'The cell holds characters that cannot be stored',
  duplicateColumn: 'The column appears twice',
  unknownColumn: 'Unknown column',
} as const;

/** The limits of a workbook's own ZIP (a sheet of 40 questions is well under 1 MB). */
const WORKBOOK_LIMITS = { entries: 200, unpackedBytes: 32 * 1024 * 1024, ratio: 100 };

// ---- writing -------------------------------------------------------------------------------------------------------

/** The workbook of the Questions and Exam tables, the columns' names in the first row. */
export async function workbookBytes(questions: Table, exam: Table): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EPS-TOPIK Mock Exam';
  for (const [name, table] of [[PACKAGE_FILES.questionsSheet, questions], [PACKAGE_FILES.examSheet, exam]] as const) {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = table.columns.map((c) => ({ header: c, key: c, width: Math.max(12, c.length + 2) }));
    ws.getRow(1).font = { bold: true };
    // every cell a plain value: text is text (a leading '=' included), never a formula
    for (const row of table.rows) ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The CSV file of a table: UTF-8 with a BOM, CRLF, cells a spreadsheet would run as a formula escaped. */
export function csvBytes(table: Table): Buffer {
  return Buffer.from(`${CSV_BOM}${Papa.unparse({ fields: [...table.columns], data: table.rows }, CSV_WRITE_CONFIG)}\r\n`, 'utf8');
}

// ---- reading -------------------------------------------------------------------------------------------------------

/** A problem of one cell (or of the header: row 1). */
export interface CellProblem { row: number; column?: string; error: string }

/** A data row: its number in the sheet (the header is row 1) and its cells by column name. */
export interface SheetRow { row: number; cells: Map<string, string> }

/** A sheet read: its known columns, its non-blank data rows, and the problems of its cells. */
export interface Sheet { columns: string[]; rows: SheetRow[]; problems: CellProblem[] }

/** How many data rows a sheet may have, and the 400's message past them. */
export interface RowLimit { max: number; message: string }

/**
 * Rows of cells (`raw`: each row's cells as text, or a problem instead of a cell's text) into a Sheet: the first row
 * names the columns (`known` ones only; others are problems of row 1); blank rows are skipped; more data rows than
 * the limit is a 400.
 */
function toSheet(raw: Iterable<{ row: number; cells: (string | { error: string })[] }>, known: readonly string[], limit: RowLimit): Sheet {
  const problems: CellProblem[] = [];
  const rows: SheetRow[] = [];
  let header: (string | null)[] | undefined;
  for (const { row, cells } of raw) {
    if (!header) {
      const seen = new Set<string>();
      header = cells.map((c) => {
        const name = typeof c === 'string' ? c.trim().toLowerCase() : '';
        if (!name) return null;
        if (!known.includes(name)) {
          problems.push({ row, column: name.slice(0, 100), error: SHEET_MSG.unknownColumn });
          return null;
        }
        if (seen.has(name)) {
          problems.push({ row, column: name, error: SHEET_MSG.duplicateColumn });
          return null;
        }
        seen.add(name);
        return name;
      });
      continue;
    }
    const out = new Map<string, string>();
    let blank = true;
    cells.forEach((c, i) => {
      const column = header![i];
      if (!column) return;
      if (typeof c !== 'string') {
        problems.push({ row, column, error: c.error });
        blank = false;
        return;
      }
      if (c.trim()) blank = false;
      if (unstorable(c)) problems.push({ row, column, error: SHEET_MSG.unstorable });
      else out.set(column, c);
    });
    if (blank) continue;
    if (rows.length >= limit.max) throw new HttpError(400, limit.message);
    rows.push({ row, cells: out });
  }
  return { columns: (header ?? []).filter((c): c is string => !!c), rows, problems };
}

/** A cell of a workbook as text; a formula is a problem (shown as its text), never evaluated. */
function cellText(cell: ExcelJS.Cell): string | { error: string } {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if ('formula' in v || 'sharedFormula' in v) {
    const formula = cell.formula ?? ('formula' in v ? v.formula : '');
    return { error: `A formula is not read: type its value instead of =${String(formula).slice(0, 200)}` };
  }
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('hyperlink' in v) {
    const text = (v as { text?: unknown }).text;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object' && 'richText' in text) return (text as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    return '';
  }
  if ('error' in v) return String(v.error);
  return '';
}

type RawRow = { row: number; cells: (string | { error: string })[] };

/** The parts the streaming reader needs before any sheet (it reads a ZIP's entries in their order). */
const FIRST_PARTS = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

/**
 * The non-blank rows of every sheet of a workbook, by sheet name (at most `keep` rows a sheet: a sheet with more is
 * refused by its row limit anyway). The workbook's own ZIP is checked first (./archive.ts limits; no macros: an .xlsm
 * has a VBA project and says macroEnabled in its content types), and its checked parts only are packed again, in the
 * order exceljs's streaming reader needs, so that the reader meets no part the checks did not see. The streaming
 * reader reads only the sheets' cells: a merged range, a validation or a print area over a whole sheet (which the
 * whole-workbook reader expands cell by cell: a 5 KB file held it for minutes) are not even parsed.
 */
async function workbookRows(data: Buffer, keep: number): Promise<Map<string, RawRow[]>> {
  const archive = await Archive.open(data, WORKBOOK_LIMITS, 'The workbook');
  const parts = new Map<string, Buffer>();
  try {
    if (archive.names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) throw new HttpError(400, SHEET_MSG.macros);
    for (const name of archive.names) parts.set(name, await archive.read(name));
  } finally {
    archive.close();
  }
  if (/macroEnabled/i.test(parts.get('[Content_Types].xml')?.toString('utf8') ?? '')) throw new HttpError(400, SHEET_MSG.macros);
  const rank = (name: string) => (FIRST_PARTS.includes(name) ? FIRST_PARTS.indexOf(name) : FIRST_PARTS.length);
  const zip = new yazl.ZipFile();
  for (const name of [...parts.keys()].sort((x, y) => rank(x) - rank(y))) zip.addBuffer(parts.get(name)!, name, { compress: false });
  zip.end();
  const sheets = new Map<string, RawRow[]>();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(zip.outputStream), {
      worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
    });
    for await (const ws of reader) {
      const rows: RawRow[] = [];
      for await (const r of ws) {
        if (rows.length >= keep) continue; // read on (the reader needs the whole part), keep no more
        const cells: (string | { error: string })[] = [];
        r.eachCell({ includeEmpty: true }, (cell, col) => { cells[col - 1] = cellText(cell); });
        const full = Array.from(cells, (c) => c ?? '');
        if (full.some((c) => typeof c !== 'string' || c.trim())) rows.push({ row: r.number, cells: full });
      }
      // the sheet's name from the workbook (exceljs's streaming reader sets it; its types leave it out)
      sheets.set((ws as unknown as { name: string }).name, rows);
    }
  } catch {
    throw new HttpError(400, SHEET_MSG.unreadableWorkbook);
  }
  return sheets;
}

/** What a package's tables may hold: the Questions sheet, one exam's questions; the Exam sheet, one row. */
export const QUESTION_ROWS: RowLimit = { max: PACKAGE_MAX_QUESTIONS, message: `An exam package cannot have more than ${PACKAGE_MAX_QUESTIONS} questions` };
export const EXAM_ROWS: RowLimit = { max: 1, message: 'The Exam sheet must have one row under its header' };

/** The Questions sheet (by name, else the first) and the Exam sheet (when there is one) of a workbook. */
export async function readWorkbook(data: Buffer, questionColumns: readonly string[], examColumns: readonly string[]): Promise<{ questions: Sheet; exam?: Sheet }> {
  // the header and one row more than either limit: enough to know a sheet is over it
  const sheets = await workbookRows(data, PACKAGE_MAX_QUESTIONS + 2);
  const named = (name: string) => [...sheets.keys()].find((n) => nameKey(n.trim()) === nameKey(name));
  const q = named(PACKAGE_FILES.questionsSheet) ?? [...sheets.keys()][0];
  if (q === undefined) throw new HttpError(400, SHEET_MSG.noWorkbook);
  const e = named(PACKAGE_FILES.examSheet);
  return {
    questions: toSheet(sheets.get(q)!, questionColumns, QUESTION_ROWS),
    ...(e !== undefined && e !== q ? { exam: toSheet(sheets.get(e)!, examColumns, EXAM_ROWS) } : {}),
  };
}

/** UTF-8 text of a CSV file (400 for any other encoding, such as Windows-1252), without its BOM. */
export function csvTextOf(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw new HttpError(400, SHEET_MSG.notUtf8);
  }
}

/** A CSV file's table; cells this product escaped as formulas on export read as they were. */
export function readCsv(data: Buffer, columns: readonly string[], limit: RowLimit): Sheet {
  const records = Papa.parse<string[]>(csvTextOf(data), { skipEmptyLines: false }).data;
  return toSheet(records.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => unescapeFormula(String(c ?? ''))) })), columns, limit);
}
