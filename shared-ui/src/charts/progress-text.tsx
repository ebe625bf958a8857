/**
 * The progress chart's text alternative: one summary sentence and a table of every attempt's figures. Rendered with the
 * chart (./progress-chart.tsx) and alone where a browser cannot draw it; no chart library here.
 */
import { Text } from '@chakra-ui/react';
import { MAX_SCORE, SECTION_MAX_SCORE, formatDate, formatDateTime } from 'shared-api';
import { Table } from '../overlays';
import type { ProgressPoint } from './types';

/** Oldest first (the chart's and the sentence's order), whatever order the caller has. */
export const chronological = (points: readonly ProgressPoint[]): ProgressPoint[] =>
  [...points].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));

const change = (from: number, to: number): string => {
  if (to > from) return `up ${to - from} from the first attempt (${from})`;
  if (to < from) return `down ${from - to} from the first attempt (${from})`;
  return 'the same as the first attempt';
};

/** What the chart shows, in words: the span, the latest scores, the change since the first attempt and the best. */
export function progressSummary(points: readonly ProgressPoint[], zone?: string): string {
  const list = chronological(points);
  if (!list.length) return 'No attempts yet.';
  const last = list[list.length - 1]!;
  const latest = `latest score ${last.total} / ${MAX_SCORE} (Reading ${last.reading} / ${SECTION_MAX_SCORE}, Listening ${last.listening} / ${SECTION_MAX_SCORE})`;
  if (list.length === 1) return `1 attempt, on ${formatDate(last.at, zone)}: ${latest}.`;
  const first = list[0]!;
  const best = Math.max(...list.map((p) => p.total));
  return `${list.length} attempts from ${formatDate(first.at, zone)} to ${formatDate(last.at, zone)}: ${latest}, ${change(first.total, last.total)}; best ${best} / ${MAX_SCORE}.`;
}

/** Every attempt's figures, oldest first: the numbers the chart draws. */
/** `zone`: the time zone the dates are shown in (the user's). */
export function ProgressTable({ points, caption = 'Scores by attempt', zone }: { points: readonly ProgressPoint[]; caption?: string; zone?: string }) {
  const list = chronological(points);
  return (
    <Table.Root size="sm" variant="outline" aria-label={caption} data-testid="progress-table">
      <Table.Caption captionSide="top" textAlign="start" mb="2">
        <Text as="span" fontWeight="semibold">{caption}</Text>
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Exam</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Score ({MAX_SCORE})</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Reading ({SECTION_MAX_SCORE})</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Listening ({SECTION_MAX_SCORE})</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.map((p) => (
          <Table.Row key={p.id}>
            <Table.Cell>{formatDateTime(p.at, zone)}</Table.Cell>
            <Table.Cell>{p.exam}</Table.Cell>
            <Table.Cell textAlign="end">{p.total}</Table.Cell>
            <Table.Cell textAlign="end">{p.reading}</Table.Cell>
            <Table.Cell textAlign="end">{p.listening}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
