/**
 * The progress chart: a student's total score (out of 200) and Reading and Listening scores (out of 100) across their
 * attempts over time, drawn by uPlot on a canvas, with its text alternative (./progress-text.tsx) for screen readers
 * and for browsers that cannot draw it. Fetched with the page that shows it (./index.ts).
 */
import { Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { MAX_SCORE } from 'shared-api';
import { ProgressTable, chronological, progressSummary } from './progress-text';
import type { ProgressChartProps, ProgressPoint } from './types';
import { ScrollX } from '../components/scroll-x';

/** Colours (Chakra's blue.600, green.600, orange.600) and dashes: each line is told apart without its colour too. */
const SERIES = [
  { label: `Score (${MAX_SCORE})`, key: 'total', stroke: '#2563eb', dash: undefined, width: 3 },
  { label: 'Reading (100)', key: 'reading', stroke: '#16a34a', dash: [8, 4], width: 2 },
  { label: 'Listening (100)', key: 'listening', stroke: '#ea580c', dash: [2, 3], width: 2 },
] as const satisfies readonly { key: keyof ProgressPoint; label: string; stroke: string; dash: number[] | undefined; width: number }[];

const HEIGHT = 260;
const DAY_S = 24 * 3600;

/** The few rules of uPlot's stylesheet the chart needs (no legend, no cursor), kept with the component. */
const UPLOT_CSS = {
  '& .uplot, & .uplot *': { boxSizing: 'border-box' },
  '& .uplot': { fontFamily: 'inherit', lineHeight: '1.5', width: 'min-content' },
  '& .u-wrap': { position: 'relative', userSelect: 'none' },
  '& .u-over, & .u-under': { position: 'absolute' },
  '& .u-under': { overflow: 'hidden' },
  '& .uplot canvas': { display: 'block', position: 'relative', width: '100%', height: '100%' },
  '& .u-axis': { position: 'absolute' },
} as const;

/** Whether this browser can draw on a canvas (without it: the text alternative only). */
function canDraw(): boolean {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

function UPlotLines({ points }: { points: readonly ProgressPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const data = useMemo<uPlot.AlignedData>(() => {
    const list = chronological(points);
    return [
      list.map((p) => Math.floor(new Date(p.at).getTime() / 1000)),
      ...SERIES.map((s) => list.map((p) => p[s.key])),
    ];
  }, [points]);

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return undefined;
    const width = () => Math.max(240, el.clientWidth);
    const chart = new uPlot({
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        // from the data, with a margin either side so that no point sits on the edge: 5 % of the span, at least half
        // an hour (one attempt, or several in the same minute: a day). Not from uPlot's own range: for equal times it
        // widens a seconds axis by 86,400,000 (about three years).
        x: { time: true, range: () => {
          const first = data[0][0] ?? 0;
          const last = data[0][data[0].length - 1] ?? first;
          const pad = last - first < 60 ? DAY_S : Math.max((last - first) * 0.05, 1800);
          return [first - pad, last + pad];
        } },
        y: { range: [0, MAX_SCORE] },
      },
      axes: [
        { stroke: '#52525b', grid: { stroke: '#e4e4e7' } },
        { stroke: '#52525b', grid: { stroke: '#e4e4e7' }, splits: () => [0, 50, 100, 150, 200] },
      ],
      series: [
        {},
        ...SERIES.map((s) => ({
          label: s.label, stroke: s.stroke, width: s.width, dash: s.dash ? [...s.dash] : undefined,
          points: { show: true, size: 8, fill: s.stroke },
        })),
      ],
    }, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data]);

  return <Box ref={box} css={UPLOT_CSS} minH={`${HEIGHT}px`} aria-hidden="true" data-testid="progress-canvas" />;
}

export function ProgressChart({ points, title = 'Your progress', zone }: ProgressChartProps) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <Box as="figure" aria-labelledby={headingId} aria-describedby={summaryId} borderWidth="1px" borderRadius="lg" p={{ base: 3, md: 5 }} m="0" data-testid="progress-chart">
      <Stack gap="3">
        <Heading as="h2" size="md" id={headingId}>{title}</Heading>
        {points.length < 2 && (
          <Text color="fg.muted" data-testid="progress-empty">Take the exam twice to see your progress.</Text>
        )}
        <HStack as="ul" listStyleType="none" gap="4" flexWrap="wrap" fontSize="sm" aria-hidden="true">
          {SERIES.map((s) => (
            <HStack as="li" key={s.key} gap="2">
              <svg width="28" height="8" aria-hidden="true">
                <line x1="0" y1="4" x2="28" y2="4" stroke={s.stroke} strokeWidth={s.width} strokeDasharray={s.dash?.join(' ')} />
              </svg>
              <Text as="span">{s.label}</Text>
            </HStack>
          ))}
        </HStack>
        <UPlotLines points={points} />
        <Text as="figcaption" id={summaryId} data-testid="progress-summary">{progressSummary(points, zone)}</Text>
        <ScrollX label="Scores of every attempt">
          <ProgressTable points={points} zone={zone} />
        </ScrollX>
      </Stack>
    </Box>
  );
}
