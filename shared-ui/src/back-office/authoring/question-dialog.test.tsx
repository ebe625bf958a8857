import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type Question, type User } from 'shared-api';
import { questionSchema } from 'shared-api/back-office';
import { MemoryRouter, UiProvider } from 'shared-ui';
import { QuestionDialog, type QuestionDialogProps } from './question-dialog';
import { availableNumbers } from './question-numbers';
import { toQuestionInput, valuesFromQuestion } from './question-form';

// Uploaded files as the server names them (the rules accept no other media reference).
const AUDIO = `/media/${'a'.repeat(64)}.mp3`;

const question = (n: number, over: Partial<Question> = {}): Question => ({
  _id: `q${n}`, exam: 'e1', type: n <= 20 ? 'Reading' : 'Listening', question_number: n, main_heading: `Heading ${n}`,
  main_heading_image: false, heading: '', description: '', description_image: false, description_boxed: false, option_type: 'text',
  option1: 'a', option2: 'b', option3: 'c', option4: 'd', listening: n > 20 ? AUDIO : '', answer: '2', answer_details: '',
  ...over,
});

function renderDialog(props: Partial<QuestionDialogProps>) {
  const store = makeStore();
  store.dispatch(sessionActions.signedIn({ token: 't', user: { _id: 'u1', role: 1, email: 'i@x.com', name: 'I' } as unknown as User, institute: null }));
  return render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter>
          <QuestionDialog open onClose={() => {}} examId="e1" type="Reading" questions={[]} {...props} />
        </MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  );
}

const numberChoices = () =>
  within(screen.getByRole('combobox', { name: /Question Number/ })).getAllByRole('option').map((o) => o.textContent);

describe('question dialog', () => {
  it('offers only the unused numbers of the type range', async () => {
    renderDialog({ type: 'Reading', questions: [question(1), question(3), question(21)] });
    const choices = await waitFor(numberChoices);
    expect(choices[0]).toBe('Select Question Number');
    expect(choices).not.toContain('1');
    expect(choices).not.toContain('3');
    expect(choices).toContain('2');
    expect(choices).toContain('20');
    expect(choices).not.toContain('21');
    expect(choices).toHaveLength(1 + 18);
  });

  it('keeps the question\'s own number on edit, and Listening offers 21-40', async () => {
    const own = question(22, { option_type: 'samelistening' });
    renderDialog({ type: 'Listening', questions: [question(21), own, question(5)], question: own });
    const choices = await waitFor(numberChoices);
    expect(choices).toContain('22');
    expect(choices).not.toContain('21');
    expect(choices).not.toContain('5');
    expect(screen.getByRole('combobox', { name: /Question Number/ })).toHaveValue('22');
    expect(screen.getByRole('heading', { name: 'Edit Question' })).toBeInTheDocument();
  });

  it('shows the spec\'s validation messages and makes no call', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    renderDialog({ type: 'Listening', questions: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Question Number cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Option 1 cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Option 4 cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Answer cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Listening cannot be empty.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('asks for both text and audio on listening-and-text options', async () => {
    renderDialog({ type: 'Listening', questions: [] });
    fireEvent.change(await screen.findByRole('combobox', { name: /Option Type/ }), { target: { value: 'listeningandtext' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Option 1/ }), { target: { value: 'only text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const msgs = await screen.findAllByText('Must have both listening  and text', { normalizer: (s) => s });
    expect(msgs).toHaveLength(4);
    expect(screen.getByLabelText(/Option 1 listening/)).toBeInTheDocument();
  });

  it('keeps an uploaded Listening path (a string) as valid', async () => {
    renderDialog({ type: 'Listening', questions: [], question: question(30, { option_type: 'samelistening' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Question' }));
    await waitFor(() => expect(screen.queryByText('Listening cannot be empty.')).not.toBeInTheDocument());
    expect(screen.queryByText(/cannot be empty/)).not.toBeInTheDocument();
  });
});

describe('question form mapping', () => {
  it('joins listening-and-text options into JSON and reads them back', () => {
    const q = question(33, {
      option_type: 'listeningandtext',
      option1: JSON.stringify({ text: '사과', listening: AUDIO }),
    });
    const v = valuesFromQuestion(q);
    expect(v.option1).toBe('사과');
    expect(v.option1_listening).toBe(AUDIO);
    expect(JSON.parse(toQuestionInput(v).option1)).toEqual({ text: '사과', listening: AUDIO });
  });

  it('sends bodies the shared rules accept: the server runs the same schema on them', async () => {
    const schema = await questionSchema.load();
    const IMAGE = `/media/${'c'.repeat(64)}.png`;
    const questions = [
      question(3),
      question(4, { option_type: 'image', option1: IMAGE, option2: IMAGE, option3: IMAGE, option4: IMAGE, main_heading_image: true, main_heading: IMAGE }),
      question(25, { option_type: 'listening', option1: AUDIO, option2: AUDIO, option3: AUDIO, option4: AUDIO }),
      question(26, { option_type: 'listeningandtext', option1: JSON.stringify({ text: ' 하나 ', listening: AUDIO }), option2: JSON.stringify({ text: '둘', listening: AUDIO }), option3: JSON.stringify({ text: '셋', listening: AUDIO }), option4: JSON.stringify({ text: '넷', listening: AUDIO }) }),
    ];
    for (const q of questions) await expect(schema.validate(toQuestionInput(valuesFromQuestion(q)))).resolves.toBeTruthy();
    // a number not chosen yet is the rules' "cannot be empty", not a number out of range
    await expect(schema.validateAt('question_number', toQuestionInput({ ...valuesFromQuestion(question(3)), question_number: '' })))
      .rejects.toThrow('Question Number cannot be empty.');
  });

  it('availableNumbers ignores other types and the own id', () => {
    expect(availableNumbers('Listening', [question(21), question(40)], 'q40')).toHaveLength(19);
  });
});
