/**
 * How this product writes CSV (papaparse's unparse config), for every CSV it exports: the back office's tables
 * (shared-ui/back-office/common/csv.ts) and the exam package's questions.csv (server). UTF-8 with a BOM so that Excel
 * shows Korean and Nepali text; cells a spreadsheet would run as a formula escaped with a leading quote.
 */

/**
 * A cell a spreadsheet would read as a formula, whatever follows: = + - @ (or their full-width forms, which some
 * spreadsheets convert) first after any leading white space (spaces, tabs, line breaks, U+2028), or a tab or line
 * break first. papaparse's own check (`/^[=+\-@\t\r].*$/`) misses a formula with a line break in it and one after a
 * space.
 */
export const FORMULA_START = /^[\s\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;

/** Line breaks that papaparse does not quote by itself but some readers split a line at. */
const OTHER_BREAKS = /[\u2028\u2029\u0085]/;

/** papaparse's unparse config: formulas escaped, CRLF line ends. */
export const CSV_WRITE_CONFIG = {
  escapeFormulae: FORMULA_START,
  quotes: (value: unknown) => typeof value === 'string' && OTHER_BREAKS.test(value),
  newline: '\r\n',
} as const;

export const CSV_BOM = '\uFEFF';

/** A cell of a CSV this product wrote, as it was before its formula was escaped (the leading quote taken off). */
export const unescapeFormula = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);
