import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type Question, type User } from 'shared-api';
import { questionSchema } from 'shared-api/back-office';
import { UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';
import { QuestionDialog, type QuestionDialogProps } from './question-dialog';
import { availableNumbers } from './question-numbers';
import { toQuestionInput, valuesFromQuestion, withOptionType } from './question-form';

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

  it('offers an optional alt text beside each image upload, checked by the shared rules', async () => {
    const IMAGE = `/media/${'c'.repeat(64)}.png`;
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    renderDialog({
      type: 'Reading', questions: [],
      question: question(4, { option_type: 'image', option1: IMAGE, option2: IMAGE, option3: IMAGE, option4: IMAGE, option2_alt: 'A key' }),
    });
    expect(await screen.findByRole('textbox', { name: 'Option 2 Alt Text' })).toHaveValue('A key');
    for (const n of [1, 3, 4]) expect(screen.getByRole('textbox', { name: `Option ${n} Alt Text` })).toHaveValue('');
    // text headings have no image, so no alt text
    expect(screen.queryByRole('textbox', { name: 'Main Heading Alt Text' })).not.toBeInTheDocument();
    expect(screen.getByText('Read by screen readers instead of the image. Empty: “Option 3 image”.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Option 3 Alt Text' }), { target: { value: 'A <b>ladder</b>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }));
    expect(await screen.findByText('Option 3 Alt Text must be plain text, without HTML')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();

    fireEvent.click(screen.getByText('Main heading is an image'));
    expect(await screen.findByRole('textbox', { name: 'Main Heading Alt Text' })).toHaveValue('');
  });

  it('offers the item types of the section: the number\'s until the author chooses another', async () => {
    renderDialog({ type: 'Reading', questions: [] });
    const itemType = await screen.findByRole('combobox', { name: /Item Type/ });
    const number = screen.getByRole('combobox', { name: /Question Number/ });
    expect(itemType).toHaveValue('');
    const choices = within(itemType).getAllByRole('option').map((o) => o.textContent);
    expect(choices).toEqual(['Select Item Type', 'Picture to word', 'Related word', 'Fill the blank', 'Answer a question', 'The correct sentence',
      'The topic', 'The same content', 'Word and definition']);
    fireEvent.change(number, { target: { value: '5' } });
    expect(itemType).toHaveValue('fill_blank');
    fireEvent.change(number, { target: { value: '15' } });
    expect(itemType).toHaveValue('topic');
    fireEvent.change(itemType, { target: { value: 'related_word' } });
    fireEvent.change(number, { target: { value: '1' } });
    expect(itemType).toHaveValue('related_word');
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
    // a question from before item types: its number's; one with its own keeps it
    expect(toQuestionInput(v).item_type).toBe('question_answer');
    expect(toQuestionInput(valuesFromQuestion({ ...q, item_type: 'story' })).item_type).toBe('story');
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

  it('sends an alt text only with its image, trimmed; a new option type drops the options\' alt texts', () => {
    const IMAGE = `/media/${'c'.repeat(64)}.png`;
    const q = question(4, {
      option_type: 'image', option1: IMAGE, option2: IMAGE, option3: IMAGE, option4: IMAGE, option1_alt: ' A hammer ',
      description_image: true, description: IMAGE, description_alt: 'A street', main_heading_alt: 'stale: the heading is text',
    });
    const body = toQuestionInput(valuesFromQuestion(q));
    expect([body.option1_alt, body.option2_alt, body.description_alt, body.main_heading_alt]).toEqual(['A hammer', '', 'A street', '']);
    const asText = withOptionType(valuesFromQuestion(q), 'text');
    expect(asText.option1_alt).toBe('');
    expect(toQuestionInput(asText).option1_alt).toBe('');
  });

  it('availableNumbers ignores other types and the own id', () => {
    expect(availableNumbers('Listening', [question(21), question(40)], 'q40')).toHaveLength(19);
  });
});
