import { fireEvent, screen, waitFor } from '@testing-library/react';
import { accessSchema } from 'shared-api/back-office';
import type { ExamAccess } from 'shared-api';
import { AccessDialog, UserAccessTab, accessBody, accessInitialValues } from './user-access';
import { fakeApi, renderSignedIn } from './test-utils';

// The spec's message has two spaces; the default text matcher would collapse them.
const exact = (text: string) => (_: string, el: Element | null) => el?.textContent === text && el.children.length === 0;

describe('user access dialog', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi({ 'exams/admin/': [{ _id: 'ex1', title: 'EPS-TOPIK Mock Test 1', type: 'public', status: 1 }] });
  });
  afterEach(() => api.restore());

  const saves = () => api.calls.filter((c) => c.path.startsWith('examaccess/create'));

  it('requires a type', async () => {
    renderSignedIn(<AccessDialog studentId="s1" access={null} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Exam Access' }));
    expect(await screen.findByText(exact('Type  is required'))).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('needs an exam and Total Times on every specific-exam row', async () => {
    renderSignedIn(<AccessDialog studentId="s1" access={null} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Type'), { target: { value: 'SELECTEDEXAM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam Access' }));
    expect(await screen.findByText('Exam is required')).toBeInTheDocument();
    expect(screen.getByText('Total Times is required')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('needs Total Times for a limited number and both dates for a time frame', async () => {
    renderSignedIn(<AccessDialog studentId="s1" access={null} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Type'), { target: { value: 'ALL-X-TIMES' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam Access' }));
    expect(await screen.findByText('Total Times is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'TIMEFRAME' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam Access' }));
    expect(await screen.findByText('From Date is required')).toBeInTheDocument();
    expect(screen.getByText('To Date is required')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('saves a valid specific-exam access with the chosen exam and count', async () => {
    const onClose = jest.fn();
    renderSignedIn(<AccessDialog studentId="s1" access={null} onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Type'), { target: { value: 'SELECTEDEXAM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam' }));
    await screen.findByRole('option', { name: 'EPS-TOPIK Mock Test 1' }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Exam'), { target: { value: 'ex1' } });
    fireEvent.change(screen.getByLabelText('Total Times'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Exam Access' }));
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 5000 });
    expect(saves()[0].body).toEqual({ user: 's1', type: 'SELECTEDEXAM', total_times: null, startTime: null, endTime: null, exams: [{ exam: 'ex1', total_times: 1 }] });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
  });

  it('sends bodies the shared rules accept: the server runs the same schema on them', async () => {
    const schema = await accessSchema.load();
    const empty = accessInitialValues(null);
    const forms = [
      { ...empty, type: 'SELECTEDEXAM', exams: [{ key: 'k', exam: 'ex1', total_times: '2' }] },
      { ...empty, type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '2030-01-10' },
      { ...empty, type: 'ALL-X-TIMES', total_times: '3' },
      { ...empty, type: 'FREE-ALL' },
    ];
    for (const v of forms) await expect(schema.validate(accessBody('s1', v))).resolves.toBeTruthy();
    await expect(schema.validate(accessBody('s1', { ...empty, type: 'TIMEFRAME', startTime: '2030-01-10', endTime: '' })))
      .rejects.toThrow('To Date is required');
  });
});

describe('a TIMEFRAME access seen from another time zone', () => {
  // saved as 2 to 5 March in Kathmandu (the student's institute's zone): From 00:00, To to its last millisecond
  const access: ExamAccess = {
    _id: 'a1', type: 'TIMEFRAME', startTime: '2026-03-01T18:15:00.000Z', endTime: '2026-03-05T18:14:59.999Z', total_times: null,
    completed_times: 0, exams: [], user: 's1', timeZone: 'Asia/Kathmandu',
  };
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('an admin in Los Angeles sees and edits the days of the student\'s institute', async () => {
    api = fakeApi({
      'examaccess/extratime/': { percent: null, minutes: null, durationSeconds: 3000, extraSeconds: 0 },
      'examaccess/': access,
    });
    renderSignedIn(<UserAccessTab studentId="s1" />, 2, { time_zone: 'America/Los_Angeles' } as never);
    // in the admin's own zone these instants would read 2026-03-01 to 2026-03-05
    expect(await screen.findByTestId('access-period')).toHaveTextContent('2026-03-02 to 2026-03-05');
    expect(screen.getByTestId('access-zone')).toHaveTextContent('Days in Asia/Kathmandu');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('From Date')).toHaveValue('2026-03-02');
    expect(screen.getByLabelText('To Date')).toHaveValue('2026-03-05');
    expect(screen.getByTestId('access-zone-note')).toHaveTextContent('Whole days in Asia/Kathmandu');
  });

  it('accessInitialValues reads the days in the zone it is given', () => {
    expect(accessInitialValues(access, 'Asia/Kathmandu')).toMatchObject({ startTime: '2026-03-02', endTime: '2026-03-05' });
    expect(accessInitialValues(access, 'America/Los_Angeles')).toMatchObject({ startTime: '2026-03-01', endTime: '2026-03-05' });
  });
});
