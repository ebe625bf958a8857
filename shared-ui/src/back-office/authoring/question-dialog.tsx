/** Add or edit a question: every field of the Question entity, media uploads with progress, and a live student preview. */
import { useEffect, useId, useState } from 'react';
import {
  AUDIO_PREVIEW_RELOAD_MS, altKey, defaultAlt, errorText, useSession, type OptionType, type Question,
  type QuestionImage, type QuestionType,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import { itemTypesOf } from 'shared-api/item-types';
import { questionSchema, useCreateQuestionMutation, useUpdateQuestionMutation } from 'shared-api/back-office';
import { formatNumber, translateServerMessage } from 'shared-api';
import {
  Box, Button, Dialog, Field, Grid, Heading, Portal, Stack, Switch, Text, TextField, Textarea, i18n, notify,
} from 'shared-ui';
import { SelectField } from '../common/form-dialog';
import { QuestionPreview } from './question-preview';
import { availableNumbers } from './question-numbers';
import {
  OPTION_NUMBERS, emptyValues, optionTypeOptions, storedValueLabel, previewQuestion, toQuestionInput, valuesFromQuestion, withOptionType,
  withQuestionNumber, type QuestionValues,
} from './question-form';
import { UploadField } from './upload-field';

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)} size="sm">
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

function TextArea(props: { label: string; value: string; onChange: (v: string) => void; error?: string; rows?: number }) {
  return (
    <Field.Root invalid={!!props.error}>
      <Field.Label>{props.label}</Field.Label>
      <Textarea value={props.value} rows={props.rows ?? 2} onChange={(e) => props.onChange(e.target.value)} />
      <Field.ErrorText>{props.error && translateServerMessage(props.error)}</Field.ErrorText>
    </Field.Root>
  );
}

/** A value that follows `value` only after it stayed unchanged for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export interface QuestionDialogProps {
  open: boolean;
  onClose: () => void;
  examId: string;
  /** the type of a new question (the list's Reading/Listening toggle) */
  type: QuestionType;
  /** the exam's questions, for the numbers still free */
  questions: Question[];
  /** set: edit this question */
  question?: Question | null;
}

export function QuestionDialog(props: QuestionDialogProps) {
  const { user } = useSession();
  const formId = useId();
  const editing = !!props.question;
  const [createQuestion] = useCreateQuestionMutation();
  const [updateQuestion] = useUpdateQuestionMutation();
  const initial = () => (props.question ? valuesFromQuestion(props.question) : emptyValues(props.type));

  // the rules the server runs too, on the body this form sends
  const form = useForm({ resolver: schemaResolver<QuestionValues>(questionSchema, toQuestionInput), defaultValues: initial() });
  const submit = form.handleSubmit(async (v) => {
    if (!user) {
      notify.error(i18n._('User Not Found'));
      return;
    }
    const body = toQuestionInput(v);
    try {
      if (props.question) {
        await updateQuestion({ examId: props.examId, questionId: props.question._id, userId: user._id, body }).unwrap();
        notify.success(i18n._('Successfully updated Question'));
      } else {
        await createQuestion({ examId: props.examId, userId: user._id, body }).unwrap();
        notify.success(i18n._('Successfully added Question'));
      }
      props.onClose();
    } catch (e) {
      notify.error(i18n._('Error adding question'), errorText(e, ''));
    }
  });
  const { reset } = form;
  useEffect(() => {
    if (props.open) reset(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, props.question?._id, props.type]);

  const v = form.watch();
  const e = form.error;
  /** Sets the values a change of one choice makes (the number's item type, the option type's fields). */
  const setValues = (next: QuestionValues) => {
    for (const [name, value] of Object.entries(next)) if (value !== v[name]) form.setValue(name, value);
  };
  // Re-check a field that already shows an error, so the message goes away once it is fixed.
  const set = (name: keyof QuestionValues & string, value: string | boolean) => form.setValue(name, value, { shouldValidate: !!e(name) });
  const setOption = (n: 1 | 2 | 3 | 4, key: 'option' | 'listening', value: string) => {
    form.setValue(key === 'option' ? `option${n}` : `option${n}_listening`, value);
    if (e(`option${n}`)) void form.trigger(`option${n}`);
  };
  /** The optional alternative text of an image, beside its upload (`label`: the image's name, as shown); empty, the
   * screens say which image it is. */
  const altField = (image: QuestionImage, label: string) => {
    const name = altKey(image);
    return (
      <TextField label={i18n._('{label} Alt Text', { label })} value={v[name]} onChange={(x) => set(name, x.target.value)}
        onBlur={() => void form.trigger(name)} error={e(name)}
        helper={i18n._('Read by screen readers instead of the image. Empty: “{alt}”.', { alt: defaultAlt(image, v.question_number || 'N') })} />
    );
  };
  const numbers = availableNumbers(v.type, props.questions, props.question?._id);
  const preview = previewQuestion(v, props.examId, props.question?._id);
  // The Listening audio reloads only once its path stopped changing for a moment.
  const previewListening = useDebounced(v.listening, AUDIO_PREVIEW_RELOAD_MS);

  const optionField = (n: 1 | 2 | 3 | 4) => {
    const label = `Option ${n}`;
    const err = e(`option${n}`);
    switch (v.option_type) {
      case 'image':
        return (
          <Stack key={n} gap="2" borderWidth="1px" borderRadius="md" p="3">
            <UploadField label={label} name={`option${n}`} kind="image" examId={props.examId}
              value={v[`option${n}`]} onChange={(url) => setOption(n, 'option', url)} error={err} required />
            {altField((n - 1) as 0 | 1 | 2 | 3, i18n._('Option {n}', { n: formatNumber(n) }))}
          </Stack>
        );
      case 'listening':
        return (
          <UploadField key={n} label={label} name={`option${n}`} kind="audio" examId={props.examId}
            value={v[`option${n}`]} onChange={(url) => setOption(n, 'option', url)} error={err} required />
        );
      case 'listeningandtext':
        return (
          <Stack key={n} gap="2" borderWidth="1px" borderRadius="md" p="3">
            <TextField label={i18n._(label)} required value={v[`option${n}`]} onChange={(x) => setOption(n, 'option', x.target.value)} error={err} />
            <UploadField label={`${label} listening`} name={`option${n}_listening`} kind="audio" examId={props.examId}
              value={v[`option${n}_listening`]} onChange={(url) => setOption(n, 'listening', url)} required />
          </Stack>
        );
      default:
        return (
          <TextField key={n} label={i18n._(label)} required value={v[`option${n}`]} onChange={(x) => setOption(n, 'option', x.target.value)}
            onBlur={() => void form.trigger(`option${n}`)} error={err} />
        );
    }
  };

  return (
    <Dialog.Root open={props.open} onOpenChange={(x) => !x.open && props.onClose()} size={{ base: 'full', lg: 'cover' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{editing ? i18n._('Edit Question') : i18n._('Add Question')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6">
                <form id={formId} noValidate onSubmit={(x) => void submit(x)} aria-label={i18n._('Question')}>
                  <Stack gap="4">
                    <Text fontSize="sm">{i18n._('Type:')} <b>{storedValueLabel(v.type)}</b></Text>
                    <SelectField label={i18n._('Question Number')} placeholder={i18n._('Select Question Number')} value={v.question_number}
                      error={e('question_number')}
                      onChange={(x) => {
                        setValues(withQuestionNumber(v, x));
                        if (e('question_number')) void form.trigger('question_number');
                      }}
                      options={numbers.map((n) => ({ value: String(n), label: formatNumber(n) }))} />
                    {/* the EPS-TOPIK blueprint's type of the number until the author chooses another */}
                    <SelectField label={i18n._('Item Type')} placeholder={i18n._('Select Item Type')} value={v.item_type} error={e('item_type')}
                      onChange={(x) => set('item_type', x)} options={itemTypesOf(v.type).map((t) => ({ value: t.value, label: t.label }))} />
                    <Toggle label={i18n._('Main heading is an image')} checked={v.main_heading_image}
                      onChange={(c) => setValues({ ...v, main_heading_image: c, main_heading: '', main_heading_alt: '' })} />
                    {v.main_heading_image ? (
                      <Stack gap="2">
                        <UploadField label="Main Heading" name="main_heading" kind="image" examId={props.examId} value={v.main_heading}
                          onChange={(url) => set('main_heading', url)} error={e('main_heading')} />
                        {altField('main_heading', i18n._('Main Heading'))}
                      </Stack>
                    ) : (
                      <TextArea label={i18n._('Main Heading')} value={v.main_heading} onChange={(x) => set('main_heading', x)} />
                    )}
                    <TextField label={i18n._('Heading')} value={v.heading} onChange={(x) => set('heading', x.target.value)} />
                    <Toggle label={i18n._('Description is an image')} checked={v.description_image}
                      onChange={(c) => setValues({ ...v, description_image: c, description: '', description_alt: '' })} />
                    {v.description_image ? (
                      <Stack gap="2">
                        <UploadField label="Description" name="description" kind="image" examId={props.examId} value={v.description}
                          onChange={(url) => set('description', url)} error={e('description')} />
                        {altField('description', i18n._('Description'))}
                      </Stack>
                    ) : (
                      <TextArea label={i18n._('Description')} rows={3} value={v.description} onChange={(x) => set('description', x)} />
                    )}
                    <Toggle label={i18n._('Boxed description')} checked={v.description_boxed} onChange={(c) => set('description_boxed', c)} />
                    {v.type === 'Listening' && (
                      <UploadField label="Listening" name="listening" kind="audio" examId={props.examId} value={v.listening}
                        onChange={(url) => set('listening', url)} error={e('listening')} required />
                    )}
                    <SelectField label={i18n._('Option Type')} value={v.option_type} error={e('option_type')} options={optionTypeOptions()}
                      onChange={(x) => { setValues(withOptionType(v, x as OptionType)); form.clearErrors(); }} />
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                      {OPTION_NUMBERS.map(optionField)}
                    </Grid>
                    <SelectField label={i18n._('Answer')} placeholder={i18n._('Select Answer')} value={v.answer} error={e('answer')} onChange={(x) => set('answer', x)}
                      options={OPTION_NUMBERS.map((n) => ({ value: String(n), label: formatNumber(n) }))} />
                    <TextArea label={i18n._('Answer Details')} rows={3} value={v.answer_details} onChange={(x) => set('answer_details', x)} />
                  </Stack>
                </form>
                <Box as="aside" aria-label={i18n._('Preview')} position={{ lg: 'sticky' }} top="0" alignSelf="start" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
                  <Heading as="h3" size="sm" mb="3">{i18n._('Preview')}</Heading>
                  <QuestionPreview question={{ ...preview, listening: previewListening }} />
                </Box>
              </Grid>
            </Dialog.Body>
            {/* Actions sit at the start: toasts (bottom right) would cover them in this full-width editor. */}
            <Dialog.Footer justifyContent="flex-start">
              <Button type="submit" form={formId} loading={form.submitting}>{editing ? i18n._('Update Question') : i18n._('Add Question')}</Button>
              <Button variant="outline" onClick={props.onClose}>{i18n._('Cancel')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default QuestionDialog;
