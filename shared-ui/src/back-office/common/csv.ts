/**
 * CSV export of any table (papaparse, fetched with the first export: no screen's first render pays for it), written as
 * every CSV of this product is (shared-api/csv-format: formulas escaped, UTF-8 with a BOM).
 */
import { PAGE_LIMIT_MAX, type PageOf } from 'shared-api';
import { CSV_BOM, CSV_WRITE_CONFIG } from 'shared-api/csv-format';
import { saveFile } from './save-file';

type Cell = string | number | null | undefined;

/** The CSV text of a table: a header line and the rows, CRLF line ends. */
export async function csvText(header: string[], rows: Cell[][]): Promise<string> {
  const { unparse } = await import(/* webpackChunkName: "papaparse" */ 'papaparse');
  return `${unparse({ fields: header, data: rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : v))) }, CSV_WRITE_CONFIG)}\r\n`;
}

export async function downloadCsv(filename: string, header: string[], rows: Cell[][]): Promise<void> {
  const blob = new Blob([CSV_BOM, await csvText(header, rows)], { type: 'text/csv;charset=utf-8' });
  saveFile(URL.createObjectURL(blob), filename.endsWith('.csv') ? filename : `${filename}.csv`);
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
