/** 'Who can see this exam?': the institutes a private exam is opened to; add one from a dropdown, remove with confirmation. */
import { useEffect, useState } from 'react';
import { errorText, instituteAccessSchema, useForm, useSession, type AuthInstitute } from 'shared-api';
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
  const form = useForm<{ institute: string }>({
    schema: instituteAccessSchema,
    initialValues: { institute: '' },
    onSubmit: async (v) => {
      if (!user) return;
      try {
        await addAccess({ examId, userId: user._id, institute: v.institute }).unwrap();
        notify.success('Institute Given Access to Exam');
        onClose();
      } catch (e) {
        notify.error('Fetch Error', errorText(e, 'Error cannot get Results'));
      }
    },
  });
  const { setValues, setErrors } = form;
  useEffect(() => {
    if (open) {
      setValues({ institute: '' });
      setErrors({});
    }
  }, [open, setValues, setErrors]);
  const loading = !institutes.rows;
  const options = (institutes.rows ?? []).filter((i) => !taken.has(i._id));
  return (
    <FormDialog open={open} onClose={onClose} title="Add Institute" submitLabel="Give Access" submitting={form.submitting} onSubmit={form.handleSubmit}>
      <SelectField label="Institute" placeholder={loading ? 'Loading…' : 'Select Institute'} value={form.values.institute}
        error={form.errors.institute} disabled={loading}
        options={options.map((i) => ({ value: i._id, label: `${i.name} (${i.email})` }))}
        onChange={(x) => form.setFieldValue('institute', x)} onBlur={() => void form.validateField('institute')} />
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
    message: 'Are you sure you want to remove this institute?',
    act: (i) => removeAccess({ examId, userId: user!._id, institute: i._id }).unwrap(),
    success: 'Institute Given Access to Exam',
    failure: (e) => ['Fetch Error', errorText(e, 'Error cannot get Results')],
  });

  const columns: Column<AuthInstitute>[] = [
    { header: 'Name', cell: (i) => i.name, text: (i) => i.name },
    { header: 'Email', cell: (i) => i.email },
    {
      header: 'Actions',
      cell: (i) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove.ask(i)} aria-label={`Remove ${i.email}`}>Remove</Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={`Who can see this exam?${exam.data ? ` — ${exam.data.title}` : ''}`}
        onBack={() => navigate(paths.exam(examId))}
        actions={<Button onClick={() => setAdding(true)}>Add Institute</Button>}
      />
      {list.isError ? (
        <ErrorState title="Fetch Error" message={errorText(list.error, 'Error cannot get Results')} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable rows={list.data} columns={columns} rowKey={(i) => i._id} loading={list.isLoading} pageSize={10} searchField="Name"
          emptyText="No institute can see this exam yet" caption="Institutes with access" />
      )}
      <AddInstituteDialog open={adding} onClose={() => setAdding(false)} examId={examId} taken={new Set((list.data ?? []).map((i) => i._id))} />
      {remove.dialog}
    </>
  );
}
