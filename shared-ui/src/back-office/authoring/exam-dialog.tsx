/**
 * Add or edit an exam: title, UBT/CBT, category (required for CBT, optional for UBT), CBT reference exam, type (if
 * allowed), status (published exams),
 * how many times each listening audio may be played, and what a student sees after submitting (the review policy).
 */
import { useEffect } from 'react';
import {
  DEFAULT_REVIEW_POLICY, EXAM_TYPES, PLAY_LIMITS, REVIEW_POLICIES, errorText, examSchema, formatNumber, i18n, useSession, type Exam, type ExamType,
  type ReviewPolicy,
} from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import {
  useCreateExamMutation, useGetCategoriesQuery, useUpdateExamMutation, type ExamInput,
} from 'shared-api/back-office';
import { Switch, TextField, notify } from 'shared-ui';
import { FormDialog, SelectField } from '../common/form-dialog';
import { examTypeLabel } from '../common/labels';
import type { AuthoringScope } from './scope';

interface Values extends Record<string, unknown> {
  title: string;
  is_cbt: boolean;
  category: string;
  exam: string;
  type: ExamType;
  status: '0' | '1';
  /** 'none' or one of PLAY_LIMITS */
  play_limit: string;
  review_policy: ReviewPolicy;
}

/** The play-limit select: no limit (the default, as before limits existed), or 1-3 plays of each audio. */
const playLimitOptions = () => [
  { value: 'none', label: i18n._('No limit') },
  ...PLAY_LIMITS.map((n) => ({
    value: String(n),
    label: i18n._('{count, plural, one {{n} time} other {{n} times}}', { count: n, n: formatNumber(n) }),
  })),
];

/** The choices with what each means for a student who may take the exam again. */
const reviewOptions = () => REVIEW_POLICIES.map((p) => ({
  value: p.value,
  label: p.value === 'answers' ? i18n._('{policy} (once no further attempt is possible)', { policy: i18n._(p.label) }) : i18n._(p.label),
}));

export function ExamDialog(props: {
  scope: AuthoringScope;
  open: boolean;
  onClose: () => void;
  /** the exam as the server saved it (the list shows its tab) */
  onSaved?: (exam: Exam) => void;
  /** set: edit this exam */
  exam?: Exam | null;
  /** exams that may serve as the reference exam of a CBT exam */
  exams: Exam[];
}) {
  const { user } = useSession();
  const editing = !!props.exam;
  const categories = useGetCategoriesQuery(user?._id ?? '', { skip: !user || !props.open });
  const [createExam] = useCreateExamMutation();
  const [updateExam] = useUpdateExamMutation();

  const initial = (): Values => ({
    title: props.exam?.title ?? '',
    is_cbt: props.exam?.is_cbt ?? false,
    category: props.exam?.category?._id ?? '',
    exam: props.exam?.exam ?? '',
    type: props.exam?.type ?? 'private',
    status: props.exam?.status === 1 ? '1' : '0',
    play_limit: props.exam?.play_limit ? String(props.exam.play_limit) : 'none',
    review_policy: props.exam?.review_policy ?? DEFAULT_REVIEW_POLICY,
  });

  // what the dialog sends: checked by examSchema here, and by the same schema on the server
  const examInput = (v: Values): ExamInput => ({
    title: v.title.trim(),
    is_cbt: v.is_cbt,
    // the spec's Exam has a category whatever its kind; only a CBT exam must have one
    category: v.category || null,
    exam: v.is_cbt ? v.exam : '',
    review_policy: v.review_policy,
    ...(props.scope.canSetType ? { type: v.type } : {}),
    ...(editing && props.exam?.status === 1 ? { status: v.status === '1' ? 1 : 0 } : {}),
    play_limit: v.play_limit === 'none' ? null : Number(v.play_limit),
  });

  const form = useForm({ resolver: schemaResolver<Values>(examSchema, examInput), defaultValues: initial() });
  const submit = form.handleSubmit(async (v) => {
    if (!user) return;
    const body = examInput(v);
    try {
      let saved: Exam;
      if (props.exam) {
        saved = await updateExam({ examId: props.exam._id, userId: user._id, body }).unwrap();
        notify.success(i18n._('Successfully Updated Exam'));
      } else {
        saved = await createExam({ userId: user._id, body }).unwrap();
        notify.success(i18n._('Successfully added Exam'));
      }
      props.onSaved?.(saved);
      props.onClose();
    } catch (e) {
      notify.error(i18n._('Error adding exam'), errorText(e, ''));
    }
  });
  const { reset } = form;

  // A reopened dialog starts from the exam it edits (or blank).
  useEffect(() => {
    if (props.open) reset(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, props.exam?._id]);

  const v = form.watch();
  const refExams = props.exams.filter((e) => e._id !== props.exam?._id);
  return (
    <FormDialog open={props.open} onClose={props.onClose} title={editing ? i18n._('Edit Exam') : i18n._('Add Exam')}
      submitLabel={editing ? i18n._('Update Exam') : i18n._('Add Exam')} submitting={form.submitting} onSubmit={submit}>
      <TextField label={i18n._('Title')} required {...form.field('title')} error={form.error('title')} />
      <Switch.Root checked={v.is_cbt} onCheckedChange={(e) => {
        form.setValue('is_cbt', e.checked);
        // UBT: the category is optional, so a CBT's 'Category is required' no longer holds
        if (!e.checked) form.clearErrors(['category', 'exam']);
      }}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{i18n._('CBT exam (off: UBT)')}</Switch.Label>
      </Switch.Root>
      <SelectField label={i18n._('Category')} placeholder={v.is_cbt ? i18n._('Select Category') : i18n._('No category')} value={v.category}
        error={form.error('category')} options={(categories.data ?? []).map((c) => ({ value: c._id, label: c.title }))}
        onChange={(c) => form.setValue('category', c, { shouldValidate: true })} />
      {v.is_cbt && (
        <SelectField label={i18n._('Reference Exam')} placeholder={i18n._('Select Exam')} value={v.exam} error={form.error('exam')}
          options={refExams.map((e) => ({ value: e._id, label: e.title }))}
          onChange={(x) => form.setValue('exam', x, { shouldValidate: true })} />
      )}
      {props.scope.canSetType && (
        <SelectField label={i18n._('Type')} value={v.type} onChange={(t) => form.setValue('type', t as ExamType)}
          options={EXAM_TYPES.map((t) => ({ value: t, label: examTypeLabel(t) }))} />
      )}
      <SelectField label={i18n._('After submitting, a student sees')} value={v.review_policy}
        onChange={(p) => form.setValue('review_policy', p as ReviewPolicy)} options={reviewOptions()} />
      {editing && props.exam?.status === 1 && (
        <SelectField label={i18n._('Status')} value={v.status} onChange={(s) => form.setValue('status', s as '0' | '1')}
          options={[{ value: '1', label: i18n._('Available') }, { value: '0', label: i18n._('Hiden') }]} />
      )}
      <SelectField label={i18n._('Listening plays per audio')} value={v.play_limit} options={playLimitOptions()}
        onChange={(n) => form.setValue('play_limit', n)} />
    </FormDialog>
  );
}
