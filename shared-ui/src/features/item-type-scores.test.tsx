import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { setLanguage, type ItemTypeBreakdown, type ItemTypeScore } from 'shared-api';
import '../i18n';
import { UiProvider } from '../provider';
import { ItemTypePanel, ItemTypeScores } from './item-type-scores';

const scores: ItemTypeScore[] = [
  { itemType: 'picture_answer', section: 'Listening', correct: 2, total: 5 },
  { itemType: 'topic', section: 'Reading', correct: 3, total: 4 },
];
const breakdown = (over: Partial<ItemTypeBreakdown> = {}): ItemTypeBreakdown => ({ types: scores, results: 3, hidden: 0, ...over });

const ui = (node: React.ReactNode) => render(<UiProvider>{node}</UiProvider>);
const panel = (over: Partial<Parameters<typeof ItemTypePanel>[0]> = {}) =>
  ui(<ItemTypePanel data={breakdown()} isLoading={false} error={undefined} onRetry={() => {}} emptyText="Nothing yet" {...over} />);

describe('the score per item type', () => {
  it('reads each type as words, in the order given (the server\'s: weakest first); the bars say nothing', () => {
    ui(<ItemTypeScores scores={scores} note="This result." />);
    const list = within(screen.getByRole('region', { name: 'Score by item type' })).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(['Listening, picture to answer: 2 of 5', 'Reading, the topic: 3 of 4']);
    expect(screen.getByText('This result. Weakest first.')).toBeInTheDocument();
    // the bar and its percentage are drawn for the eye: hidden from the accessibility tree, the words say it all
    const bar = items[0]!.querySelector('[aria-hidden="true"]')!;
    expect(bar).toHaveTextContent('40%');
    expect(within(items[0]!).getByText('Listening, picture to answer: 2 of 5')).toBeVisible();
  });

  it('loading, error with Retry, empty (with the exams left out), and the count of results', () => {
    const { unmount } = panel({ data: undefined, isLoading: true });
    expect(screen.getByRole('status')).toBeInTheDocument();
    unmount();

    const onRetry = jest.fn();
    const failed = panel({ data: undefined, error: { status: 500, data: { error: 'Server Error' } }, onRetry });
    expect(screen.getByText('Error cannot get the score by item type')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    failed.unmount();

    const empty = panel({ data: breakdown({ types: [], results: 0, hidden: 2 }) });
    expect(screen.getByTestId('item-type-scores-empty')).toHaveTextContent('Nothing yet');
    expect(screen.getByText('2 results of exams that show the score only are not counted.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    empty.unmount();

    panel({ scope: 'All your results.', data: breakdown({ hidden: 1 }) });
    expect(screen.getByText('All your results. Across 3 results. 1 result of an exam that shows the score only is not counted. Weakest first.')).toBeInTheDocument();
    expect(screen.getAllByTestId('item-type-score')).toHaveLength(2);
  });

  it('one result: "Across 1 result."', () => {
    panel({ data: breakdown({ results: 1 }) });
    expect(screen.getByText('Across 1 result. Weakest first.')).toBeInTheDocument();
  });

  describe('in Nepali', () => {
    beforeEach(async () => { await act(() => setLanguage('ne')); });
    afterEach(async () => { await act(() => setLanguage('en')); });

    it('reads the section, the type and the figures in Nepali, with Devanagari digits', () => {
      panel();
      expect(screen.getByRole('heading', { name: 'प्रश्नको किसिम अनुसार अङ्क' })).toBeInTheDocument();
      expect(screen.getByText('सुनाइ, चित्रबाट उत्तर: ५ मध्ये २')).toBeInTheDocument();
      expect(screen.getByText('३ नतिजामा। सबैभन्दा कमजोर पहिले।')).toBeInTheDocument();
    });
  });
});
