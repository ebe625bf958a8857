/**
 * The Blueprints screen: the built-in blueprint read-only and the owner's own editable; a new one starts as a copy,
 * each number offers only its section's types, the shared schema checks the form before any call; delete asks first;
 * loading failure, no blueprints of one's own, and Nepali.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from 'shared-api';
import { EPS_BLUEPRINT, itemTypesOf } from 'shared-api/item-types';
import type { Blueprint } from 'shared-api/back-office';
import { fakeApi, renderSignedIn } from '../people/test-utils';
import { BlueprintsPage } from './blueprints';
import type { AuthoringScope } from './scope';

const scope = { basePath: '/institute' } as AuthoringScope;
const eps: Blueprint = { _id: 'eps', name: 'EPS-TOPIK', slots: [...EPS_BLUEPRINT], builtIn: true };
const mine: Blueprint = { _id: 'b1', name: 'More stories', slots: EPS_BLUEPRINT.map((t, i) => (i === 34 ? 'story' : t)), builtIn: false };

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(async () => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
  await setLanguage('en');
});

async function open(list: Blueprint[]) {
  api = fakeApi({ 'exams/blueprints/me': list });
  await act(async () => { renderSignedIn(<BlueprintsPage scope={scope} />, 1); });
  await screen.findByText(list[list.length - 1]!.name, {}, { timeout: 10_000 });
}
/** A button of the open form by its text (a role query over 40 selects is slow in jsdom). */
const button = (text: string) => screen.getByText(text, { selector: 'button' });
const sent = (method: string) => api!.calls.filter((c) => c.method === method);
// (by label, not by role: role queries over the form's 40 selects take seconds in jsdom)
const choices = (label: string) => [...screen.getByLabelText(label).querySelectorAll('option')].map((o) => o.value);

test('the built-in blueprint can be viewed and copied, not changed; the own one edited, copied and deleted', async () => {
  await open([eps, mine]);
  expect(screen.getByRole('button', { name: 'View EPS-TOPIK' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy EPS-TOPIK' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit EPS-TOPIK' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete EPS-TOPIK' })).toBeNull();
  for (const a of ['Edit', 'Copy', 'Delete']) expect(screen.getByRole('button', { name: `${a} More stories` })).toBeInTheDocument();
  expect(screen.queryByText('You have no blueprints of your own yet')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'View EPS-TOPIK' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByRole('combobox')).toBeNull();
  expect(within(dialog).getByTestId('slot-1')).toHaveTextContent('Picture to word');
  expect(within(dialog).getByTestId('slot-40')).toHaveTextContent('A story');
  expect(within(dialog).getByRole('group', { name: 'Reading (1-20)' })).toBeInTheDocument();
  expect(within(dialog).getByRole('group', { name: 'Listening (21-40)' })).toBeInTheDocument();
});

test('a new blueprint starts as a copy of EPS-TOPIK, offers each number its section\'s types, and is checked before it is sent', async () => {
  await open([eps, mine]);
  fireEvent.click(screen.getByRole('button', { name: 'New blueprint' }));
  await screen.findByRole('dialog');
  expect(choices('Number 1')).toEqual(itemTypesOf('Reading').map((t) => t.value));
  expect(choices('Number 21')).toEqual(itemTypesOf('Listening').map((t) => t.value));
  expect(screen.getByLabelText('Number 35')).toHaveValue(EPS_BLUEPRINT[34]);

  // starting from another blueprint takes its types
  fireEvent.change(screen.getByLabelText('Start from'), { target: { value: 'b1' } });
  expect(screen.getByLabelText('Number 35')).toHaveValue('story');
  fireEvent.change(screen.getByLabelText('Number 3'), { target: { value: 'topic' } });

  // no name: the shared rule's message, and no call
  fireEvent.click(button('Create'));
  expect(await screen.findByText('Name cannot be empty.')).toBeInTheDocument();
  expect(sent('POST')).toEqual([]);

  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '  Topic heavy ' } });
  fireEvent.click(button('Create'));
  await waitFor(() => expect(sent('POST')).toHaveLength(1));
  const [post] = sent('POST');
  expect(post!.path).toBe('exams/blueprints/create/me');
  expect(post!.body).toEqual({ name: 'Topic heavy', slots: mine.slots.map((t, i) => (i === 2 ? 'topic' : t)) });
});

test('edit renames and retypes the own blueprint; delete asks first', async () => {
  await open([eps, mine]);
  fireEvent.click(screen.getByRole('button', { name: 'Edit More stories' }));
  await screen.findByRole('dialog');
  expect(screen.queryByLabelText('Start from')).toBeNull();
  const name = screen.getByLabelText(/^Name/);
  expect(name).toHaveValue('More stories');
  fireEvent.change(name, { target: { value: 'Stories' } });
  fireEvent.change(screen.getByLabelText('Number 40'), { target: { value: 'question_answer' } });
  fireEvent.click(button('Save'));
  await waitFor(() => expect(sent('PUT')).toHaveLength(1));
  expect(sent('PUT')[0]).toMatchObject({ path: 'exams/blueprints/b1/me', body: { name: 'Stories', slots: mine.slots.map((t, i) => (i === 39 ? 'question_answer' : t)) } });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  fireEvent.click(screen.getByRole('button', { name: 'Delete More stories' }));
  const confirm = (await screen.findByText('Are you sure you want to delete this blueprint?')).closest('[role="dialog"],[role="alertdialog"]') as HTMLElement;
  expect(sent('DELETE')).toEqual([]);
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
  expect(sent('DELETE')[0]!.path).toBe('exams/blueprints/b1/me');
});

test('with none of its own, the screen says so', async () => {
  await open([eps]);
  expect(screen.getByText('You have no blueprints of your own yet')).toBeInTheDocument();
});

test('a failed load shows the error with Retry', async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    new Response(JSON.stringify({ error: 'Internal Server Error' }), { status: 500, headers: { 'Content-Type': 'application/json' } }));
  await act(async () => { renderSignedIn(<BlueprintsPage scope={scope} />, 1); });
  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert).toHaveTextContent('Error cannot get the blueprints');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('in Nepali: the screen, the groups and the numbers (Devanagari digits)', async () => {
  await setLanguage('ne');
  await open([eps]);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ब्लुप्रिन्टहरू');
  fireEvent.click(screen.getByRole('button', { name: 'नयाँ ब्लुप्रिन्ट' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('सुनाइ (२१-४०)').tagName).toBe('LEGEND');
  expect(within(dialog).getByLabelText('क्रमसंख्या २१')).toBeInTheDocument();
});
