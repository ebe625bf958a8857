/**
 * Charts of the UI kit. The chart's code and its library (uPlot) are fetched when a chart is first shown (the
 * student's Results page), never in anyone's first render; the page shows its loading state meanwhile.
 */
import { lazyScreen } from '../components/lazy-screen';
import type { ProgressChartProps } from './types';

export type { ProgressChartProps, ProgressPoint } from './types';

/** Total and section scores across a student's attempts over time, with its text alternative (./progress-chart.tsx). */
export const ProgressChart = lazyScreen<ProgressChartProps>(
  () => import(/* webpackChunkName: "ui-progress-chart" */ './progress-chart').then((m) => m.ProgressChart),
);
