/** 'Who can see this exam?': the institutes a private exam is opened to; add one from a dropdown, remove with confirmation. */
import { useEffect, useState } from 'react';
import { errorText, i18n, instituteAccessSchema, useSession, type AuthInstitute } from 'shared-api';
import { schemaResolver, useForm } from 'shared-api/form';
import {
  useAddInstituteAccessMutation, useGetExamInstitutesQuery, useGetExamQuery, useRemoveInstituteAccessMutation,
} from 'shared-api/back-office';
import { Button, DataTable, ErrorState, PageHeader, notify, type Column } from 'shared-ui';
import { FormDialog, SelectField } from '../common/form-dialog';
import { useConfirmedAction } from '../common/confirmed-action';
import { useAllInstitutes } from '../common/all-institutes';
import type { AuthoringScope } from './scope';
import { useExamRoute } from './use-exam-route';

function AddInstituteDialog({ open, onClose, examId, taken }: { open: boolean; onClose: () => void; examId: string; taken: Set<string> }) {
  const { user } = useSession();
  const institutes = useAllInstitutes(open);
  const [addAccess] = useAddInstituteAccessMutation();
  const form = useForm({ resolver: schemaResolver<{ institute: string }>(instituteAccessSchema), defaultValues: { institute: '' } });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ institute: '' });
  }, [open, reset]);
  const give = form.handleSubmit(async (v) => {
    if (!user) return;
    try {
      await addAccess({ examId, userId: user._id, institute: v.institute }).unwrap();
      notify.success(i18n._('Institute Given Access to Exam'));
      onClose();
    } catch (e) {
      notify.error(i18n._('Fetch Error'), errorText(e, i18n._('Error cannot get Results')));
    }
  });
  const loading = !institutes.rows;
  const options = (institutes.rows ?? []).filter((i) => !taken.has(i._id));
  return (
    <FormDialog open={open} onClose={onClose} title={i18n._('Add Institute')} submitLabel={i18n._('Give Access')} submitting={form.submitting} onSubmit={give}>
      <SelectField label={i18n._('Institute')} placeholder={loading ? i18n._('Loading…') : i18n._('Select Institute')} value={form.watch('institute')}
        error={form.error('institute')} disabled={loading}
        options={options.map((i) => ({ value: i._id, label: `${i.name} (${i.email})` }))}
        onChange={(x) => form.setValue('institute', x)} onBlur={() => void form.trigger('institute')} />
    </FormDialog>
  );
}

export function ExamInstitutesPage({ scope }: { scope: AuthoringScope }) {
  const { examId, user, navigate, paths, args, skip } = useExamRoute(scope);
  const exam = useGetExamQuery(args, { skip });
  const list = useGetExamInstitutesQuery(args, { skip });
  const [removeAccess] = useRemoveInstituteAccessMutation();
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedAction<AuthInstitute>({
    message: i18n._('Are you sure you want to remove this institute?'),
    act: (i) => removeAccess({ examId, userId: user!._id, institute: i._id }).unwrap(),
    success: i18n._('Institute Given Access to Exam'),
    failure: (e) => [i18n._('Fetch Error'), errorText(e, i18n._('Error cannot get Results'))],
  });

  const columns: Column<AuthInstitute>[] = [
    { header: /*i18n*/ 'Name', cell: (i) => i.name, text: (i) => i.name },
    { header: /*i18n*/ 'Email', cell: (i) => i.email },
    {
      header: /*i18n*/ 'Actions',
      cell: (i) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.ask(i)} aria-label={i18n._('Remove {email}', { email: i.email })}>{i18n._('Remove')}</Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={exam.data ? i18n._('Who can see this exam? — {title}', { title: exam.data.title }) : i18n._('Who can see this exam?')}
        onBack={() => navigate(paths.exam(examId))}
        actions={<Button onClick={() => setAdding(true)}>{i18n._('Add Institute')}</Button>}
      />
      {list.isError ? (
        <ErrorState title={i18n._('Fetch Error')} message={errorText(list.error, i18n._('Error cannot get Results'))} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable rows={list.data} columns={columns} rowKey={(i) => i._id} loading={list.isLoading} pageSize={10} searchField="Name"
          emptyText={i18n._('No institute can see this exam yet')} caption={i18n._('Institutes with access')} />
      )}
      <AddInstituteDialog open={adding} onClose={() => setAdding(false)} examId={examId} taken={new Set((list.data ?? []).map((i) => i._id))} />
      {remove.dialog}
    </>
  );
}
