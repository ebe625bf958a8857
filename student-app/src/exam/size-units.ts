/**
 * How a download's size is written (decimal units, as phones' data plans count: MB with one decimal from 100 kB, kB
 * from 1000 B, else B), with the language's number format given: without imports, so the exam list's first paint
 * (../first-paint/paint.ts) writes sizes as the list does (./size.ts).
 */
export function scaleBytes(bytes: number, by: number, format: (n: number, decimals?: number) => string): [string, string] {
  if (by >= 100_000) return [format(bytes / 1_000_000, 1), 'MB'];
  if (by >= 1000) return [format(bytes / 1000), 'kB'];
  return [format(bytes), 'B'];
}
