/** CSV reading for the student import (RFC 4180: quoted fields, "" escapes, CRLF or LF, optional BOM). */

/** Parses CSV text into records of fields. Blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (!(record.length === 1 && record[0]!.trim() === '')) records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

export interface ImportRow {
  /** record number in the file, the header being 1 */
  row: number;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  password: string;
}

export const CSV_COLUMNS = ['email', 'firstname', 'lastname', 'phone', 'password'] as const;
const REQUIRED_COLUMNS = ['email', 'firstname', 'lastname'] as const;
export const CSV_HEADER_MESSAGE = `The first line of the CSV must name the columns: ${CSV_COLUMNS.join(',')} (phone and password optional)`;

const normalise = (h: string) => h.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** Reads the student rows by header name. Returns null when the header lacks a required column. */
export function readImportRows(text: string): ImportRow[] | null {
  const records = parseCsv(text);
  const header = records[0]?.map(normalise);
  if (!header) return null;
  const col = (name: string) => header.indexOf(name);
  if (REQUIRED_COLUMNS.some((c) => col(c) < 0)) return null;
  const at = (r: string[], name: string) => {
    const i = col(name);
    return i < 0 ? '' : (r[i] ?? '').trim();
  };
  return records.slice(1).map((r, i) => ({
    row: i + 2,
    email: at(r, 'email'),
    firstname: at(r, 'firstname'),
    lastname: at(r, 'lastname'),
    phone: at(r, 'phone'),
    password: at(r, 'password'),
  }));
}
