/**
 * The back office in Nepali (issue 25): its screens and dialogs show their texts in Nepali with Devanagari digits, user
 * data (names, exam titles) as it is, and the item analysis' server texts translated.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import type { ReactElement } from 'react';
import { setLanguage, type Exam, type Question } from 'shared-api';
import { analysisText } from './authoring/question-summary';
import { ExamListPage } from './authoring/exam-list';
import { PublishRulesDialog } from './authoring/publish-rules-dialog';
import { optionTypeOptions } from './authoring/question-form';
import type { AuthoringScope } from './authoring/scope';
import CsvImportDialog from './people/csv-import-dialog';
import { ExtraTimeDialog, extraTimeLabel } from './people/extra-time';
import { InstituteDialog } from './people/institutes';
import { AddUserDialog } from './people/user-dialogs';
import { fakeApi, renderSignedIn } from './people/test-utils';

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * The words in Latin letters of what the page shows (text, not attributes), less those allowed: acronyms, file
 * types, the CSV header (CSV files stay English) and the test's own user data.
 */
function latinWords(root: HTMLElement, allowed: string[]): string[] {
  const ok = new Set(['CSV', 'UBT', 'CBT', 'EPS-TOPIK', 'KB', 'MB', 'png', 'jpeg', 'mp3', ...allowed]);
  const text = root.textContent ?? '';
  return (text.match(/[A-Za-z][A-Za-z_-]*/g) ?? []).filter((w) => !ok.has(w));
}

const question = (n: number): Question => ({
  _id: `q${n}`, exam: 'e1', type: n <= 20 ? 'Reading' : 'Listening', question_number: n, main_heading: '', main_heading_image: false, heading: '',
  description: '', description_image: false, description_boxed: false, option_type: 'text', option1: 'a', option2: 'b', option3: 'c',
  option4: 'd', listening: '', answer: '1', answer_details: '',
}) as Question;

describe('the back office in Nepali', () => {
  let api: ReturnType<typeof fakeApi> | undefined;
  beforeEach(async () => { await setLanguage('ne'); });
  afterEach(async () => {
    api?.restore();
    api = undefined;
    await setLanguage('en');
  });

  it('the item analysis: the server\'s fixed texts, the weak-option flag and the note, with Devanagari digits', async () => {
    expect(analysisText('Needs at least 2 results')).toBe('कम्तीमा २ नतिजा चाहिन्छ');
    expect(analysisText('Negative discrimination: check the key')).toMatch(DEVANAGARI);
    expect(analysisText('Option 2, 4 chosen by under 5%')).toBe('विकल्प २, ४ ५% भन्दा कमले छाने');
    expect(analysisText('Based on 1 result; figures under 30 results are unreliable')).toBe('१ नतिजामा आधारित; ३० भन्दा कम नतिजाका तथ्याङ्क भरपर्दा हुँदैनन्');
    expect(analysisText('Reading')).toBe('पढाइ');
    // a text it does not know: as the server wrote it
    expect(analysisText('Something new')).toBe('Something new');
    await setLanguage('en');
    // English: exactly the server's texts
    expect(analysisText('Based on 1 result; figures under 30 results are unreliable')).toBe('Based on 1 result; figures under 30 results are unreliable');
    expect(analysisText('Based on 12 results; figures under 30 results are unreliable')).toBe('Based on 12 results; figures under 30 results are unreliable');
    expect(analysisText('Option 2, 4 chosen by under 5%')).toBe('Option 2, 4 chosen by under 5%');
  });

  it('labels of stored values: the values stay, the labels are Nepali', () => {
    expect(optionTypeOptions().map((o) => o.value)).toEqual(['text', 'image', 'listening', 'listeningandtext', 'samelistening']);
    for (const o of optionTypeOptions()) expect(o.label).toMatch(DEVANAGARI);
    expect(extraTimeLabel({ percent: null, minutes: 20, extraSeconds: 1200 })).toBe('+२० मिनेट');
    expect(extraTimeLabel({ percent: null, minutes: null, extraSeconds: 0 })).toBe('छैन');
  });

  it('the exam list: tabs, card and actions in Nepali, the exam\'s title as it is', async () => {
    const exam = {
      _id: 'e1', title: 'EPS-TOPIK Mock Test 1', type: 'public', is_cbt: false, status: 1, category: null, exam: '', question_count: 40,
      user: { _id: 'me' },
    } as unknown as Exam;
    api = fakeApi({ 'exams/admin/me': [exam] });
    const scope: AuthoringScope = {
      basePath: '/admin', seesAllExams: true, editsAllExams: true, canSetType: true, canManageInstituteAccess: true, showsSharedExams: false,
      canAddExam: () => true,
    };
    renderSignedIn(<ExamListPage scope={scope} />, 2);
    const card = await screen.findByRole('article', { name: 'EPS-TOPIK Mock Test 1' });
    expect(screen.getByRole('tab', { name: 'UBT परीक्षा' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'परीक्षा सूची' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'परीक्षा थप्नुहोस्' })).toBeInTheDocument();
    expect(within(card).getByText('प्रकाशित')).toBeInTheDocument();
    expect(within(card).getByText('सार्वजनिक')).toBeInTheDocument();
    expect(within(card).getByText('प्रश्नहरू: ४०')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'EPS-TOPIK Mock Test 1 सम्पादन गर्नुहोस्' })).toHaveTextContent('सम्पादन');
    expect(latinWords(card, ['Mock', 'Test'])).toEqual([]);
  });

  it('dialogs: every text in Nepali (add user, add institute, extra time, CSV import, publish rules)', async () => {
    api = fakeApi();
    // one at a time (an open modal dialog hides the others from the accessibility tree)
    const dialogs: { title: string; ui: () => ReactElement }[] = [
      { title: 'प्रयोगकर्ता थप्नुहोस्', ui: () => <AddUserDialog open onClose={() => {}} /> },
      { title: 'संस्था थप्नुहोस्', ui: () => <InstituteDialog institute={null} onClose={() => {}} /> },
      {
        title: 'थप समय',
        ui: () => <ExtraTimeDialog studentId="s1" current={{ percent: 25, minutes: null, durationSeconds: 3000, extraSeconds: 750 } as never} onClose={() => {}} />,
      },
      { title: 'प्रकाशनका नियमहरू', ui: () => <PublishRulesDialog open onClose={() => {}} questions={[question(1), question(2), question(21)]} /> },
    ];
    for (const { title, ui } of dialogs) {
      const { unmount } = renderSignedIn(ui(), 2);
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(latinWords(dialog, [])).toEqual([]);
      if (title === 'प्रकाशनका नियमहरू') {
        expect(within(dialog).getByText('यो परीक्षा: पढाइ २/२०, सुनाइ १/२०।')).toBeInTheDocument();
        expect(within(dialog).getByText(/^नभएका पढाइ क्रमसंख्या: ३, ४, ५/)).toBeInTheDocument();
      }
      unmount();
    }

    renderSignedIn(<CsvImportDialog onClose={() => {}} />, 2);
    const csv = await screen.findByRole('dialog');
    expect(within(csv).getByText('email,firstname,lastname,phone,password').tagName).toBe('CODE');
    expect(csv).toHaveTextContent('हरेक पङ्क्तिमा एक विद्यार्थी, शीर्ष पङ्क्ति email,firstname,lastname,phone,password सहित। पासवर्डमा कम्तीमा ८ अक्षर हुनुपर्छ।');
    // Node's File (jsdom's has no text())
    const file = new NodeFile(['email,firstname,lastname,phone,password\na@x.com,A,B,9800000001,password123\n'], 'students.csv', { type: 'text/csv' });
    await act(async () => { fireEvent.change(within(csv).getByLabelText('CSV फाइल'), { target: { files: [file] } }); });
    expect(await within(csv).findByTestId('csv-preview')).toHaveTextContent('students.csv: आयात गर्न १ पङ्क्ति');
    expect(latinWords(csv, ['email', 'firstname', 'lastname', 'phone', 'password', 'students', 'csv'])).toEqual([]);
  });
});
