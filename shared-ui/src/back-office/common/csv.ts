/**
 * CSV export of any table (papaparse, fetched with the first export: no screen's first render pays for it). Cells that
 * a spreadsheet would run as a formula (FORMULA_START) are escaped with a leading quote; UTF-8 with a BOM so that Excel
 * shows Korean and Nepali text.
 */
import { PAGE_LIMIT_MAX, type PageOf } from 'shared-api';

type Cell = string | number | null | undefined;

/**
 * A cell a spreadsheet would read as a formula, whatever follows: = + - @ (or their full-width forms, which some
 * spreadsheets convert) first after any leading white space (spaces, tabs, line breaks, U+2028), or a tab or line
 * break first. papaparse's own check (`/^[=+\-@\t\r].*$/`) misses a formula with a line break in it and one after a
 * space.
 */
export const FORMULA_START = /^[\s\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;

/** Line breaks that papaparse does not quote by itself but some readers split a line at. */
const OTHER_BREAKS = /[\u2028\u2029\u0085]/;

/** The CSV text of a table: a header line and the rows, CRLF line ends. */
export async function csvText(header: string[], rows: Cell[][]): Promise<string> {
  const { unparse } = await import(/* webpackChunkName: "papaparse" */ 'papaparse');
  return `${unparse({ fields: header, data: rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : v))) }, {
    escapeFormulae: FORMULA_START,
    quotes: (value: unknown) => typeof value === 'string' && OTHER_BREAKS.test(value),
    newline: '\r\n',
  })}\r\n`;
}

export async function downloadCsv(filename: string, header: string[], rows: Cell[][]): Promise<void> {
  const blob = new Blob(['\uFEFF', await csvText(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.endsWith('.csv') ? filename : `${filename}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Every row of a list the server pages: asks page after page at the largest page size until the total is reached.
 * A row met twice (rows added at the top while paging push others down a page) is kept once, by `key`.
 */
export async function collectAllPages<T>(
  load: (page: number, limit: number) => Promise<PageOf<T>>,
  key: (row: T) => string,
  onProgress?: (loaded: number, total: number) => void,
): Promise<T[]> {
  const byKey = new Map<string, T>();
  for (let page = 1; ; page++) {
    const { rows, total } = await load(page, PAGE_LIMIT_MAX);
    for (const r of rows) if (!byKey.has(key(r))) byKey.set(key(r), r);
    onProgress?.(byKey.size, Math.max(total, byKey.size));
    if (rows.length < PAGE_LIMIT_MAX || page * PAGE_LIMIT_MAX >= total) return [...byKey.values()];
  }
}
