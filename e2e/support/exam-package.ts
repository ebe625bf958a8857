/** Exam packages in a test (docs/exam-package.md): unzip and zip, the spreadsheet's rows read back with exceljs, a broken copy. */
import { buffer as readStream } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { auth, type ApiSession } from './fixtures';

export async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith('/')) files.set(entry.fileName, await readStream(await zip.openReadStreamPromise(entry)));
  zip.close();
  return files;
}

export async function zip(files: Map<string, Buffer>): Promise<Buffer> {
  const out = new yazl.ZipFile();
  for (const [name, data] of files) out.addBuffer(data, name);
  out.end();
  return readStream(out.outputStream);
}

/** The Questions sheet's rows as text (exceljs), the header first. */
export async function questionRows(xlsx: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet('Questions')!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => { cells[col - 1] = cell.text; });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

/** The package with its workbook's Questions rows changed (and no CSV): `edit` gets the rows by column name. */
export async function brokenPackage(files: Map<string, Buffer>, edit: (rows: Record<string, string>[]) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(files.get('questions.xlsx')! as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Questions')!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, string>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) rows.push(Object.fromEntries(header.map((c, i) => [c, ws.getRow(r).getCell(i + 1).text])));
  edit(rows);
  rows.forEach((row, i) => header.forEach((c, j) => { ws.getRow(i + 2).getCell(j + 1).value = row[c]!; }));
  const out = new Map(files);
  out.set('questions.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
  out.delete('questions.csv');
  return zip(out);
}

/** An institute's own exams, as its exam list gets them. */
export async function examsOf(request: APIRequestContext, s: ApiSession): Promise<{ _id: string; title: string; status: number; question_count: number }[]> {
  const res = await request.get(`/api/exams/institute/${s.user._id}`, { headers: auth(s.token) });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

/** The admin's export of an exam, imported through the API by `owner` under `title`: an exam of its own to export. */
export async function importCopy(request: APIRequestContext, admin: ApiSession, examId: string, owner: ApiSession, title: string): Promise<void> {
  const exported = await request.get(`/api/exams/export/${examId}/${admin.user._id}`, { headers: auth(admin.token) });
  expect(exported.ok(), await exported.text()).toBeTruthy();
  const copied = await request.post(`/api/exams/import/${owner.user._id}`, {
    headers: auth(owner.token), multipart: { title, file: { name: 'demo.zip', mimeType: 'application/zip', buffer: await exported.body() } },
  });
  expect(copied.ok(), await copied.text()).toBeTruthy();
}

/** Opens the exam list's Import Exam dialog (its button and heading named `name`, in the interface's language). */
export async function openImport(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  const d = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name }) });
  await expect(d).toBeVisible();
  return d;
}
