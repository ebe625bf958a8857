/** CSV reading for the student import (papaparse: RFC 4180 quoting, CRLF or LF, a BOM). */
import Papa from 'papaparse';

/** Parses CSV text into records of fields. Blank lines (and lines of blanks only) are skipped. */
export function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
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
