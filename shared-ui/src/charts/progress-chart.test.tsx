import { act, render, screen, within } from '@testing-library/react';
import { formatDate, formatDateTime } from 'shared-api/dates';
import { UiProvider } from '../provider';
import { ProgressChart } from './progress-chart';
import { progressSummary } from './progress-text';
import type { ProgressPoint } from './types';

const point = (id: string, at: string, total: number, reading: number, exam = 'EPS-TOPIK Mock Test 1'): ProgressPoint =>
  ({ id, at, exam, total, reading, listening: total - reading });

// newest first, as the results list has them
const POINTS = [
  point('r3', '2031-01-20T09:00:00.000Z', 150, 80),
  point('r2', '2031-01-10T09:00:00.000Z', 160, 85, 'EPS-TOPIK Mock Test 2'),
  point('r1', '2031-01-01T09:00:00.000Z', 120, 55),
];

async function show(points: ProgressPoint[]) {
  await act(async () => {
    render(<UiProvider><ProgressChart points={points} /></UiProvider>);
  });
  return screen.findByTestId('progress-table');
}

describe('ProgressChart: the text alternative', () => {
  // jsdom draws nothing on a canvas: the chart keeps only its text, as in a browser without canvas
  let getContext: jest.SpyInstance;
  beforeEach(() => {
    getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => getContext.mockRestore());

  it('describes the figure in one sentence: span, latest scores, change since the first, best', async () => {
    await show(POINTS);
    const figure = screen.getByRole('figure', { name: 'Your progress' });
    expect(figure).toHaveAccessibleDescription(
      `3 attempts from ${formatDate('2031-01-01T09:00:00.000Z')} to ${formatDate('2031-01-20T09:00:00.000Z')}: `
      + 'latest score 150 / 200 (Reading 80 / 100, Listening 70 / 100), up 30 from the first attempt (120); best 160 / 200.',
    );
    expect(screen.queryByTestId('progress-empty')).not.toBeInTheDocument();
  });

  it('lists every attempt oldest first with its total and section scores', async () => {
    const table = await show(POINTS);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      ['Date', 'Exam', 'Score (200)', 'Reading (100)', 'Listening (100)'],
    );
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      [formatDateTime('2031-01-01T09:00:00.000Z'), 'EPS-TOPIK Mock Test 1', '120', '55', '65'],
      [formatDateTime('2031-01-10T09:00:00.000Z'), 'EPS-TOPIK Mock Test 2', '160', '85', '75'],
      [formatDateTime('2031-01-20T09:00:00.000Z'), 'EPS-TOPIK Mock Test 1', '150', '80', '70'],
    ]);
  });

  it('with one attempt: asks for a second and still shows the one', async () => {
    const table = await show([point('r1', '2031-01-01T09:00:00.000Z', 120, 55)]);
    expect(screen.getByTestId('progress-empty')).toHaveTextContent('Take the exam twice to see your progress.');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('figure', { name: 'Your progress' })).toHaveAccessibleDescription(
      `1 attempt, on ${formatDate('2031-01-01T09:00:00.000Z')}: latest score 120 / 200 (Reading 55 / 100, Listening 65 / 100).`,
    );
  });

  it('says when the score went down or stayed the same', () => {
    expect(progressSummary([point('a', '2031-01-01T00:00:00Z', 150, 75), point('b', '2031-01-02T00:00:00Z', 135, 70)]))
      .toContain('down 15 from the first attempt (150); best 150 / 200.');
    expect(progressSummary([point('a', '2031-01-01T00:00:00Z', 150, 75), point('b', '2031-01-02T00:00:00Z', 150, 70)]))
      .toContain('the same as the first attempt');
    expect(progressSummary([])).toBe('No attempts yet.');
  });

  it('keeps the drawing itself out of the accessibility tree', async () => {
    await show(POINTS);
    expect(screen.getByTestId('progress-canvas')).toHaveAttribute('aria-hidden', 'true');
  });
});
