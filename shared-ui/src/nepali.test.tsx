/**
 * The UI kit in Nepali (issue 25): its own texts from its catalog, the labels the apps give (English, matched as they
 * are) shown translated, figures and dates in Devanagari digits, field errors through the translations of the shared
 * rules' messages, and the Korean exam content untouched and marked lang="ko".
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { makeStore, sessionActions, setLanguage, StoreProvider, type Question, type User } from 'shared-api';
import './i18n';
import { ProgressChart } from './charts/progress-chart';
import { DataTable } from './components/data-table-impl';
import { TextField } from './components/text-field';
import { QuestionView } from './features/question-view';
import { AppLayout } from './layout/app-layout';
import { UiProvider } from './provider';

const LATIN_DIGIT = /[0-9]/;

beforeEach(async () => {
  await setLanguage('ne');
});
afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

const question: Question = {
  _id: 'q1', exam: 'e1', type: 'Listening', question_number: 23, main_heading: '다음을 듣고 알맞은 것을 고르십시오.',
  main_heading_image: false, heading: '', description: '저는 공장(      ) 일합니다.', description_image: false, description_boxed: true,
  option_type: 'listeningandtext', listening: '/media/a.mp3',
  option1: JSON.stringify({ text: '사과', listening: '/media/1.mp3' }), option2: JSON.stringify({ text: '배', listening: '/media/2.mp3' }),
  option3: JSON.stringify({ text: '포도', listening: '/media/3.mp3' }), option4: JSON.stringify({ text: '수박', listening: '/media/4.mp3' }),
};

describe('the UI kit in Nepali', () => {
  it('a question: controls in Nepali with Devanagari digits, the Korean content as written and marked lang="ko"', () => {
    render(<UiProvider><QuestionView question={question} playCounts={{ main: 2, option1: 1 }} selected="1" correctAnswer="2" /></UiProvider>);
    expect(screen.getByRole('radiogroup', { name: 'प्रश्न २३ का विकल्पहरू' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'विकल्प २: 배, सही उत्तर' })).toBeInTheDocument(); // the review's mark is in the name too
    expect(screen.getByRole('button', { name: 'प्रश्न २३ को अडियो बजाउनुहोस्' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'विकल्प ४ को अडियो बजाउनुहोस्' })).toBeInTheDocument();
    expect(screen.getByTestId('play-count-main')).toHaveTextContent('२ पटक बजाइयो');
    expect(screen.getByTestId('play-count-option1')).toHaveTextContent('१ पटक बजाइयो');
    expect(screen.getByText(/तपाईंको उत्तर · गलत/)).toBeInTheDocument();
    expect(screen.getByTestId('answer-details')).toHaveTextContent('सही उत्तर: २');
    // the exam's own words: never translated, in Korean for the screen reader and the font
    for (const text of ['다음을 듣고 알맞은 것을 고르십시오.', '저는 공장(      ) 일합니다.', '사과', '수박']) {
      expect(screen.getByText(text, { normalizer: (s) => s })).toHaveAttribute('lang', 'ko');
    }
    // no English left on the controls
    expect(screen.queryByText(/Played|Play|Option|Correct|Your answer/)).not.toBeInTheDocument();
  });

  it('pictures: the author\'s alt text as written, the default one in Nepali', () => {
    render(<UiProvider><QuestionView question={{
      ...question, type: 'Reading', listening: '', description: '/media/d.png', description_image: true, option_type: 'image',
      option1: '/media/1.png', option2: '/media/2.png', option3: '/media/3.png', option4: '/media/4.png', option1_alt: 'A hammer',
    }} /></UiProvider>);
    expect(screen.getByRole('radio', { name: 'विकल्प १: A hammer' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'विकल्प २: तस्बिर २' })).toBeInTheDocument();
    expect(Array.from(document.querySelectorAll('img')).map((i) => i.getAttribute('alt'))).toEqual(
      ['प्रश्न २३ को तस्बिर', 'A hammer', 'विकल्प २ को तस्बिर', 'विकल्प ३ को तस्बिर', 'विकल्प ४ को तस्बिर'],
    );
  });

  it('the progress chart: heading, sentence and table in Nepali, every figure and date in Devanagari digits', async () => {
    const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    try {
      await act(async () => {
        render(<UiProvider><ProgressChart zone="Asia/Kathmandu" points={[
          { id: 'r1', at: '2031-01-01T09:00:00.000Z', exam: 'EPS-TOPIK Mock Test 1', total: 120, reading: 55, listening: 65 },
          { id: 'r2', at: '2031-01-10T20:00:00.000Z', exam: 'EPS-TOPIK Mock Test 2', total: 150, reading: 80, listening: 70 },
        ]} /></UiProvider>);
      });
      const table = await screen.findByTestId('progress-table');
      // 20:00 UTC is 01:45 the next day in Kathmandu
      expect(screen.getByRole('figure', { name: 'तपाईंको प्रगति' })).toHaveAccessibleDescription(
        '२०३१-०१-०१ देखि २०३१-०१-११ सम्म २ प्रयास: पछिल्लो अङ्क १५० / २०० (पढाइ ८० / १००, सुनाइ ७० / १००), '
        + 'पहिलो प्रयास (१२०) भन्दा ३० बढी; सबैभन्दा राम्रो १५० / २००।',
      );
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
        ['मिति', 'परीक्षा', 'अङ्क (२००)', 'पढाइ (१००)', 'सुनाइ (१००)'],
      );
      const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
      // the exam's title is the author's: as written
      expect(rows).toEqual([
        ['२०३१-०१-०१ १४:४५', 'EPS-TOPIK Mock Test 1', '१२०', '५५', '६५'],
        ['२०३१-०१-११ ०१:४५', 'EPS-TOPIK Mock Test 2', '१५०', '८०', '७०'],
      ]);
    } finally {
      getContext.mockRestore();
    }
  });

  it('a data table: headers translated where shown, the search still matched on the English header, paging in Nepali', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: `u${i}`, email: `student${i + 1}@example.com` }));
    render(
      <UiProvider>
        <DataTable rows={rows} rowKey={(r) => r.id} searchField="Email" pageSize={10}
          columns={[{ header: /*i18n*/ 'Email', cell: (r) => r.email, text: (r) => r.email }]} />
      </UiProvider>,
    );
    expect(await screen.findByRole('columnheader', { name: 'इमेल' })).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toHaveTextContent('२५ मध्ये १–१०');
    expect(screen.getByText('प्रति पृष्ठ पङ्क्ति')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अर्को पृष्ठ' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'इमेल अनुसार खोज्नुहोस्' }), { target: { value: 'student2' } });
    // student2, student20..25: 7 rows
    expect(screen.getByTestId('table-range')).toHaveTextContent('७ मध्ये १–७');
    expect(screen.getByTestId('table-range').textContent).not.toMatch(LATIN_DIGIT);
    fireEvent.change(screen.getByRole('textbox', { name: 'इमेल अनुसार खोज्नुहोस्' }), { target: { value: 'nobody' } });
    expect(screen.getByText('कुनै रेकर्ड फेला परेन')).toBeInTheDocument();
  });

  it('a field\'s error: the shared rules\' message in Nepali where it has a translation, as written otherwise', () => {
    // the message as the rules (and the server) write it; its translation is shared-api's
    const { rerender } = render(<UiProvider><TextField label="नाम" error="Name cannot be empty." /></UiProvider>);
    expect(screen.getByText('नाम खाली राख्न मिल्दैन।')).toBeInTheDocument();
    rerender(<UiProvider><TextField label="नाम" error="option4_alt is too long" /></UiProvider>);
    expect(screen.getByText('option4_alt is too long')).toBeInTheDocument();
  });

  it('the layout: the apps\' nav labels, the landmarks and the account menu in Nepali', () => {
    const store = makeStore();
    store.dispatch(sessionActions.signedIn({
      token: 't', user: { _id: 'u', role: 0, email: 's@example.com', name: 'Sita Rai' } as unknown as User, institute: null,
    }));
    const wrap = (children: ReactNode) => (
      <StoreProvider value={store}><UiProvider><MemoryRouter initialEntries={['/student']}>{children}</MemoryRouter></UiProvider></StoreProvider>
    );
    render(wrap(
      <AppLayout title="EPS-TOPIK" homePath="/student" profilePath="/student/profile" nav={[{ label: /*i18n*/ 'Profile', to: '/student/profile' }]}>
        <p>page</p>
      </AppLayout>,
    ));
    const main = screen.getByRole('navigation', { name: 'मुख्य' });
    expect(within(main).getByRole('link', { name: 'प्रोफाइल' })).toHaveAttribute('href', '/student/profile');
    // (the sidebar is the wide screens' form of the same links: hidden in jsdom's narrow window)
    const sidebar = document.querySelector('nav[aria-label="साइडबार"]');
    expect(sidebar).toHaveTextContent('प्रोफाइल');
    expect(screen.getByRole('button', { name: 'EPS-TOPIK गृहपृष्ठ' })).toBeInTheDocument();
    // named by its content, the visible initials first (WCAG 2.5.3, Label in Name)
    expect(screen.getByRole('button', { name: 'SR खाता मेनु: Sita Rai' })).toBeInTheDocument();
    // the user's own name as written
    expect(screen.getByTestId('user-name')).toHaveTextContent('Sita Rai');
  });
});
