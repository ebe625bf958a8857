/** Sizes of downloads as the student reads them (the exam list is in the first render: this module stays tiny). */

/** A size as the student reads it: "3.4 MB", "820 kB", "512 B" (decimal units, as phones' data plans count). */
export function formatBytes(bytes: number): string {
  const [value, unit] = scaled(bytes, bytes);
  return `${value} ${unit}`;
}

/** Two sizes in the larger one's unit: "2.1 of 3.4 MB". */
export function formatProgress(done: number, total: number): string {
  const [d] = scaled(Math.min(done, total), total);
  const [t, unit] = scaled(total, total);
  return `${d} of ${t} ${unit}`;
}

function scaled(bytes: number, by: number): [string, string] {
  if (by >= 100_000) return [(bytes / 1_000_000).toFixed(1), 'MB'];
  if (by >= 1000) return [String(Math.round(bytes / 1000)), 'kB'];
  return [String(Math.round(bytes)), 'B'];
}
