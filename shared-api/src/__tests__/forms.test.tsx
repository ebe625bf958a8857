import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AnyObjectSchema } from 'yup';
import { schemaResolver, useForm } from '../forms';
import { FORM_OFFLINE, onFormProblem } from '../form-problem';
import type { LazySchema } from '../lazy-schemas';
import { required, yup } from '../validation';

const titleSchema = yup.object({ title: required('Title'), note: yup.string() });

type Values = { title: string; note: string };

function TitleForm({ rules, onValid, initial = { title: '', note: '' } }: {
  rules: AnyObjectSchema | LazySchema<AnyObjectSchema>;
  onValid: (v: Values) => void;
  initial?: Values;
}) {
  const form = useForm({ resolver: schemaResolver<Values>(rules), defaultValues: initial });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <input aria-label="Title" {...form.field('title')} />
      <input aria-label="Note" {...form.field('note')} />
      <p role="alert">{form.error('title')}</p>
      <button type="submit">Save</button>
    </form>
  );
}

const alert = () => screen.getByRole('alert');
/** lets every check under way finish (to see that it says nothing) */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('shared-api/form', () => {
  it('an empty field only passed through says nothing; typed into and emptied, its blur checks it', async () => {
    render(<TitleForm rules={titleSchema} onValid={() => {}} />);
    const title = screen.getByLabelText('Title');
    fireEvent.focus(title);
    fireEvent.blur(title);
    // a later check of another field runs the rules, and still says nothing of the title
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'x' } });
    fireEvent.blur(screen.getByLabelText('Note'));
    await settle();
    expect(alert()).toHaveTextContent('');
    fireEvent.change(title, { target: { value: 'x' } });
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.blur(title);
    await waitFor(() => expect(alert()).toHaveTextContent('Title cannot be empty.'));
    // fixed: the next blur clears it
    fireEvent.change(title, { target: { value: 'Mock 1' } });
    fireEvent.blur(title);
    await waitFor(() => expect(alert()).toHaveTextContent(''));
  });

  it('a field holding a value is checked on blur without being typed into', async () => {
    render(<TitleForm rules={titleSchema} onValid={() => {}} initial={{ title: ' ', note: '' }} />);
    fireEvent.blur(screen.getByLabelText('Title'));
    await waitFor(() => expect(alert()).toHaveTextContent('Title cannot be empty.'));
  });

  it('submits only without errors, with the values', async () => {
    const onValid = jest.fn();
    render(<TitleForm rules={titleSchema} onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert()).toHaveTextContent('Title cannot be empty.'));
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Mock 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0][0]).toMatchObject({ title: 'Mock 1' });
    expect(alert()).toHaveTextContent('');
  });

  it('a lazy schema that cannot be fetched: a blur says nothing, a submit tells the user and sends nothing', async () => {
    const reported: string[] = [];
    onFormProblem((m) => reported.push(m));
    const offline: LazySchema<AnyObjectSchema> = { lazySchema: true, name: 'offline', load: () => Promise.reject(new Error('offline')) };
    const onValid = jest.fn();
    render(<TitleForm rules={offline} onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '' } });
    fireEvent.blur(screen.getByLabelText('Title'));
    await settle();
    expect(reported).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(reported).toEqual([FORM_OFFLINE]));
    expect(onValid).not.toHaveBeenCalled();
    expect(alert()).toHaveTextContent('');
  });

  it('with toInput the schema checks the request body: its messages land on the fields, the submit gets the values', async () => {
    const bodySchema = yup.object({ title: required('Title') });
    const onValid = jest.fn();
    function BodyForm() {
      const form = useForm({ resolver: schemaResolver<Values>(bodySchema, (v) => ({ title: v.title.trim() })), defaultValues: { title: '', note: 'kept' } });
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <input aria-label="Title" {...form.field('title')} />
          <p role="alert">{form.error('title')}</p>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<BodyForm />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert()).toHaveTextContent('Title cannot be empty.'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Mock 1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0][0]).toEqual({ title: ' Mock 1 ', note: 'kept' });
  });
});
