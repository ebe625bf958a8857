/** CSV export of any table: RFC 4180 quoting, UTF-8 with BOM so Excel shows Korean and Nepali text. */
import { PAGE_LIMIT_MAX, type PageOf } from 'shared-api';

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    const s = v === null || v === undefined ? '' : String(v);
    // A leading = + - @ would run as a formula in a spreadsheet.
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(filename: string, header: string[], rows: (string | number | null | undefined)[][]) {
  const blob = new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
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
