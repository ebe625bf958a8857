/** One attempt on the progress chart: the result's id, when it was taken and its scores (EPS-TOPIK scale). */
export interface ProgressPoint {
  id: string;
  /** ISO date-time */
  at: string;
  /** the exam's title */
  exam: string;
  /** out of 200 */
  total: number;
  /** out of 100 */
  reading: number;
  /** out of 100 */
  listening: number;
}

export interface ProgressChartProps {
  points: readonly ProgressPoint[];
  /** the figure's heading (the caller's, translated); 'Your progress' in the interface's language by default */
  title?: string;
  /** the time zone dates are shown in (the user's: shared-api useTimeZone) */
  zone?: string;
}
