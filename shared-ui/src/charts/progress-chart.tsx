/**
 * The progress chart: a student's total score (out of 200) and Reading and Listening scores (out of 100) across their
 * attempts over time, drawn by uPlot on a canvas, with its text alternative (./progress-text.tsx) for screen readers
 * and for browsers that cannot draw it. Fetched with the page that shows it (./index.ts). Its texts, the axes' figures
 * and dates follow the interface's language; the days on the time axis are those of the user's zone.
 */
import { Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { MAX_SCORE, formatNumber, i18n, localDigits } from 'shared-api';
import { SCORE_HEADERS } from 'shared-api/scores';
import { ProgressTable, chronological, progressSummary } from './progress-text';
import type { ProgressChartProps, ProgressPoint } from './types';
import { ScrollX } from '../components/scroll-x';

/**
 * Colours (Chakra's blue.600, green.600, orange.600) and dashes: each line is told apart without its colour too. The
 * names are the tables' (SCORE_HEADERS: 'Score (200)', ...), shown in the interface's language.
 */
const SERIES = [
  { label: SCORE_HEADERS[0], key: 'total', stroke: '#2563eb', dash: undefined, width: 3 },
  { label: SCORE_HEADERS[1], key: 'reading', stroke: '#16a34a', dash: [8, 4], width: 2 },
  { label: SCORE_HEADERS[2], key: 'listening', stroke: '#ea580c', dash: [2, 3], width: 2 },
] as const satisfies readonly { key: keyof ProgressPoint; label: string; stroke: string; dash: number[] | undefined; width: number }[];

const HEIGHT = 260;
const DAY_S = 24 * 3600;

/**
 * The time axis's labels (uPlot's documented `values` table: the smallest step, its label, then what is added when the
 * year, month, day, ... changes): days as the product writes them (YYYY-MM-DD), hours as HH:MM with the day under the
 * first and at each new day; no month or weekday names, so the digits are all a language changes (`fmtDate` below).
 */
const DAY = '{YYYY}-{MM}-{DD}';
const TIME_LABELS: (string | number | null)[][] = [
  [365 * DAY_S, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY_S, '{YYYY}-{MM}', null, null, null, null, null, null, 1],
  [DAY_S, DAY, null, null, null, null, null, null, 1],
  [60, '{HH}:{mm}', `\n${DAY}`, null, `\n${DAY}`, null, null, null, 1],
];

/** uPlot's date formatting with the interface's digits (Nepali: Devanagari). */
const localFmtDate = (template: string) => {
  const format = uPlot.fmtDate(template);
  return (date: Date) => localDigits(format(date));
};

/** The wall clock of a zone for uPlot's axis (uPlot.tzDate); the device's when no zone is given or it is unknown. */
function zoneDate(zone: string | undefined) {
  return (ts: number) => {
    const d = new Date(ts * 1000);
    if (!zone) return d;
    try {
      return uPlot.tzDate(d, zone);
    } catch {
      return d;
    }
  };
}

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

function UPlotLines({ points, zone }: { points: readonly ProgressPoint[]; zone?: string }) {
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
      tzDate: zoneDate(zone),
      fmtDate: localFmtDate,
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
        // a day's label is wider than uPlot's default room for one (50 px)
        { stroke: '#52525b', grid: { stroke: '#e4e4e7' }, space: 90, values: TIME_LABELS },
        {
          stroke: '#52525b', grid: { stroke: '#e4e4e7' }, splits: () => [0, 50, 100, 150, 200],
          values: (_u: uPlot, splits: number[]) => splits.map((v) => formatNumber(v)),
        },
      ],
      series: [
        {},
        ...SERIES.map((s) => ({
          label: i18n._(s.label), stroke: s.stroke, width: s.width, dash: s.dash ? [...s.dash] : undefined,
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
  }, [data, zone]);

  return <Box ref={box} css={UPLOT_CSS} minH={`${HEIGHT}px`} aria-hidden="true" data-testid="progress-canvas" />;
}

export function ProgressChart({ points, title, zone }: ProgressChartProps) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <Box as="figure" aria-labelledby={headingId} aria-describedby={summaryId} borderWidth="1px" borderRadius="lg" p={{ base: 3, md: 5 }} m="0" data-testid="progress-chart">
      <Stack gap="3">
        <Heading as="h2" size="md" id={headingId}>{title ?? i18n._('Your progress')}</Heading>
        {points.length < 2 && (
          <Text color="fg.muted" data-testid="progress-empty">{i18n._('Take the exam twice to see your progress.')}</Text>
        )}
        <HStack as="ul" listStyleType="none" gap="4" flexWrap="wrap" fontSize="sm" aria-hidden="true">
          {SERIES.map((s) => (
            <HStack as="li" key={s.key} gap="2">
              <svg width="28" height="8" aria-hidden="true">
                <line x1="0" y1="4" x2="28" y2="4" stroke={s.stroke} strokeWidth={s.width} strokeDasharray={s.dash?.join(' ')} />
              </svg>
              <Text as="span">{i18n._(s.label)}</Text>
            </HStack>
          ))}
        </HStack>
        <UPlotLines points={points} zone={zone} />
        <Text as="figcaption" id={summaryId} data-testid="progress-summary">{progressSummary(points, zone)}</Text>
        <ScrollX label={i18n._('Scores of every attempt')}>
          <ProgressTable points={points} zone={zone} />
        </ScrollX>
      </Stack>
    </Box>
  );
}
