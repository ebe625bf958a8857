/**
 * CSV export of any table (papaparse, fetched with the first export: no screen's first render pays for it). Cells that
 * a spreadsheet would run as a formula (= + - @, tab, CR at the start) are escaped with a leading quote; UTF-8 with a
 * BOM so that Excel shows Korean and Nepali text.
 */
type Cell = string | number | null | undefined;

/** The CSV text of a table: a header line and the rows, CRLF line ends. */
export async function csvText(header: string[], rows: Cell[][]): Promise<string> {
  const { unparse } = await import(/* webpackChunkName: "papaparse" */ 'papaparse');
  return `${unparse({ fields: header, data: rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : v))) }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
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
