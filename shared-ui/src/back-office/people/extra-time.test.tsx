import { fireEvent, screen, waitFor } from '@testing-library/react';
import { extraTimeSchema } from 'shared-api/back-office';
import { ExtraTimeDialog, extraTimeBody, extraTimeLabel, extraTimeValues } from './extra-time';
import { fakeApi, renderSignedIn } from './test-utils';

describe('extra time dialog', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi({ 'examaccess/extratime': { percent: 50, minutes: null, durationSeconds: 3000, extraSeconds: 1500 } });
  });
  afterEach(() => api.restore());
  const saves = () => api.calls.filter((c) => c.path.startsWith('examaccess/extratime'));

  it('saves +50 %', async () => {
    const onClose = jest.fn();
    renderSignedIn(<ExtraTimeDialog studentId="s1" current={undefined} onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Extra time'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Extra Time' }));
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 5000 });
    expect(saves()[0]!.body).toEqual({ user: 's1', kind: 'percent', value: 50 });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
  });

  it('minutes must be 1-300: nothing is sent otherwise', async () => {
    renderSignedIn(<ExtraTimeDialog studentId="s1" current={undefined} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Extra time'), { target: { value: 'minutes' } });
    fireEvent.change(screen.getByLabelText('Extra minutes'), { target: { value: '301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Extra Time' }));
    expect(await screen.findByText('Minutes must be a whole number from 1 to 300')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Extra minutes'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Extra Time' }));
    expect(await screen.findByText('Minutes must be a whole number from 1 to 300')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('bodies and labels', async () => {
    const schema = await extraTimeSchema.load();
    for (const choice of ['none', '25', '50', '100']) await expect(schema.validate(extraTimeBody('s1', { choice, minutes: '' }))).resolves.toBeTruthy();
    await expect(schema.validate(extraTimeBody('s1', { choice: 'minutes', minutes: '20' }))).resolves.toEqual({ user: 's1', kind: 'minutes', value: 20 });
    await expect(schema.validate(extraTimeBody('s1', { choice: 'minutes', minutes: '0' }))).rejects.toThrow('from 1 to 300');
    await expect(schema.validate({ user: 's1', kind: 'percent', value: 30 })).rejects.toThrow('25, 50 or 100');
    expect(extraTimeValues({ percent: null, minutes: 20, durationSeconds: 3000, extraSeconds: 1200 })).toEqual({ choice: 'minutes', minutes: '20' });
    expect(extraTimeLabel({ percent: 25, minutes: null, extraSeconds: 750 })).toBe('+25 % (12 minutes 30 seconds)');
    expect(extraTimeLabel({ percent: null, minutes: null, extraSeconds: 0 })).toBe('None');
  });
});
