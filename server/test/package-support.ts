/** Exam packages in tests: export and import calls, and ZIP and workbook reading and writing done apart from the server's code. */
import { buffer as readStream } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { TestApp } from './helpers.ts';
import { bearer } from './helpers.ts';
import { multipart, type Actor, type Res } from './authoring-support.ts';

/** GET exams/export as `who`: the raw answer (res.rawPayload holds the ZIP). */
export function exportCall(t: TestApp, who: Actor, examId: string) {
  return t.app.inject({ method: 'GET', url: `/api/exams/export/${examId}/${who.id}`, headers: bearer(who.token) });
}

/** POST exams/import as `who` with `data` as the file `filename`. */
export async function importCall(t: TestApp, who: Actor, data: Buffer, opts: { dryRun?: boolean; title?: string; filename?: string } = {}): Promise<Res> {
  const { payload, headers } = multipart([
    ...(opts.title !== undefined ? [{ name: 'title', value: opts.title }] : []),
    { name: 'file', filename: opts.filename ?? 'exam.zip', contentType: 'application/zip', data },
  ]);
  const res = await t.app.inject({
    method: 'POST', url: `/api/exams/import/${who.id}${opts.dryRun ? '?dryRun=true' : ''}`, payload, headers: { ...headers, ...bearer(who.token) },
  }) as Res;
  try { res.data = res.json(); } catch { res.data = undefined; }
  return res;
}

/** Every file of a ZIP by name (yauzl, as any unzip tool would read it). */
export async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (!entry.fileName.endsWith('/')) files.set(entry.fileName, await readStream(await zip.openReadStreamPromise(entry)));
  }
  zip.close();
  return files;
}

export interface ZipEntry { name: string; data: Buffer; compress?: boolean; mode?: number }

/** A ZIP of these entries (yazl). */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: e.compress ?? true, ...(e.mode !== undefined ? { mode: e.mode } : {}) });
  zip.end();
  return readStream(zip.outputStream);
}

/** A sheet's rows as text, the header first (exceljs reads the workbook; every cell as its text). */
export async function sheetRows(xlsx: Buffer, sheet: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(sheet);
  if (!ws) throw new Error(`no sheet ${sheet}`);
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => { cells[col - 1] = cell.text; });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

/** A workbook with one sheet per entry of `sheets` (cells as given: a `{ formula }` object is a formula cell). */
export async function workbookOf(sheets: Record<string, ExcelJS.CellValue[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Replaces the bytes `from` by `to` (same length) everywhere in a ZIP: names in its headers, for entries no writer would make. */
export function patchBytes(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('same length only');
  const out = Buffer.from(zip);
  const a = Buffer.from(from, 'latin1');
  for (let i = out.indexOf(a); i >= 0; i = out.indexOf(a, i + 1)) out.write(to, i, 'latin1');
  return out;
}

/** Sets the unpacked size the central directory declares for entry `name` (a header that lies). */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); i >= 0; i = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)) {
    const nameLength = out.readUInt16LE(i + 28);
    if (out.subarray(i + 46, i + 46 + nameLength).toString('utf8') === name) {
      out.writeUInt32LE(size, i + 24);
      return out;
    }
  }
  throw new Error(`no entry ${name}`);
}
