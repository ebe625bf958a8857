/** Sizes of downloads as the student reads them (the exam list is in the first render: this module stays tiny). */
import { formatNumber, i18n } from 'shared-api';
import { scaleBytes } from './size-units';

/** A size as the student reads it: "3.4 MB", "820 kB", "512 B" (decimal units, as phones' data plans count). */
export function formatBytes(bytes: number): string {
  const [value, unit] = scaled(bytes, bytes);
  return `${value} ${unit}`;
}

/** Two sizes in the larger one's unit: "2.1 of 3.4 MB". */
export function formatProgress(done: number, total: number): string {
  const [d] = scaled(Math.min(done, total), total);
  const [t, unit] = scaled(total, total);
  return i18n._('{done} of {total} {unit}', { done: d, total: t, unit });
}

/** The figure in the language's digits, and its unit (./size-units.ts). */
const scaled = (bytes: number, by: number) => scaleBytes(bytes, by, formatNumber);
