/**
 * The progress chart's text alternative: one summary sentence and a table of every attempt's figures. Rendered with the
 * chart (./progress-chart.tsx) and alone where a browser cannot draw it; no chart library here.
 */
import { Text } from '@chakra-ui/react';
import { MAX_SCORE, SECTION_MAX_SCORE, formatNumber, i18n } from 'shared-api';
import { showDate, showDateTime } from 'shared-api/dates';
import { SCORE_HEADERS } from 'shared-api/scores';
import { Table } from '../overlays';
import type { ProgressPoint } from './types';

/** Oldest first (the chart's and the sentence's order), whatever order the caller has. */
export const chronological = (points: readonly ProgressPoint[]): ProgressPoint[] =>
  [...points].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));

/**
 * What the chart shows, in words (the interface's language, its digits): the span, the latest scores, the change since
 * the first attempt and the best. One whole sentence per case, so that each language orders it its own way.
 */
export function progressSummary(points: readonly ProgressPoint[], zone?: string): string {
  const list = chronological(points);
  if (!list.length) return i18n._('No attempts yet.');
  const last = list[list.length - 1]!;
  const figures = {
    total: formatNumber(last.total), reading: formatNumber(last.reading), listening: formatNumber(last.listening),
    max: formatNumber(MAX_SCORE), sectionMax: formatNumber(SECTION_MAX_SCORE),
  };
  if (list.length === 1) {
    return i18n._(
      '1 attempt, on {date}: latest score {total} / {max} (Reading {reading} / {sectionMax}, Listening {listening} / {sectionMax}).',
      { ...figures, date: showDate(last.at, zone) },
    );
  }
  const first = list[0]!;
  const values = {
    ...figures, count: formatNumber(list.length), from: showDate(first.at, zone), to: showDate(last.at, zone),
    first: formatNumber(first.total), diff: formatNumber(Math.abs(last.total - first.total)),
    best: formatNumber(Math.max(...list.map((p) => p.total))),
  };
  if (last.total > first.total) {
    return i18n._(
      '{count} attempts from {from} to {to}: latest score {total} / {max} (Reading {reading} / {sectionMax}, Listening {listening} / {sectionMax}), up {diff} from the first attempt ({first}); best {best} / {max}.',
      values,
    );
  }
  if (last.total < first.total) {
    return i18n._(
      '{count} attempts from {from} to {to}: latest score {total} / {max} (Reading {reading} / {sectionMax}, Listening {listening} / {sectionMax}), down {diff} from the first attempt ({first}); best {best} / {max}.',
      values,
    );
  }
  return i18n._(
    '{count} attempts from {from} to {to}: latest score {total} / {max} (Reading {reading} / {sectionMax}, Listening {listening} / {sectionMax}), the same as the first attempt; best {best} / {max}.',
    values,
  );
}

/**
 * Every attempt's figures, oldest first: the numbers the chart draws. `zone`: the time zone the dates are shown in (the
 * user's). `caption`: the caller's (translated); 'Scores by attempt' in the interface's language by default.
 */
export function ProgressTable({ points, caption, zone }: { points: readonly ProgressPoint[]; caption?: string; zone?: string }) {
  const list = chronological(points);
  const title = caption ?? i18n._('Scores by attempt');
  return (
    <Table.Root size="sm" variant="outline" aria-label={title} data-testid="progress-table">
      <Table.Caption captionSide="top" textAlign="start" mb="2">
        <Text as="span" fontWeight="semibold">{title}</Text>
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{i18n._('Date')}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._('Exam')}</Table.ColumnHeader>
          {SCORE_HEADERS.map((header) => <Table.ColumnHeader key={header} textAlign="end">{i18n._(header)}</Table.ColumnHeader>)}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.map((p) => (
          <Table.Row key={p.id}>
            <Table.Cell>{showDateTime(p.at, zone)}</Table.Cell>
            <Table.Cell>{p.exam}</Table.Cell>
            <Table.Cell textAlign="end">{formatNumber(p.total)}</Table.Cell>
            <Table.Cell textAlign="end">{formatNumber(p.reading)}</Table.Cell>
            <Table.Cell textAlign="end">{formatNumber(p.listening)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
