/** The exam list's package actions: Export (an exam as a ZIP, for whom may change it) and Import (the dialog, fetched on first use). */
import { lazy, Suspense, useState } from 'react';
import { errorText, i18n, useSession, type Exam } from 'shared-api';
import { useExportExamMutation } from 'shared-api/back-office';
import { Button, notify } from 'shared-ui';
import { saveFile } from '../common/save-file';

const ImportExamDialog = lazy(() => import('./import-exam-dialog'));

export function ExportExamButton({ exam }: { exam: Pick<Exam, '_id' | 'title'> }) {
  const { user } = useSession();
  const [exportExam, { isLoading }] = useExportExamMutation();
  async function run() {
    if (!user) return;
    const res = await exportExam({ examId: exam._id, userId: user._id });
    if ('error' in res) notify.error(i18n._('Error exporting exam'), errorText(res.error, ''));
    else saveFile(res.data.url, res.data.filename);
  }
  return (
    <Button size="sm" variant="outline" loading={isLoading} onClick={() => void run()} aria-label={i18n._('Export {title}', { title: exam.title })}>
      {i18n._('Export')}
    </Button>
  );
}

export function ImportExamButton({ onImported }: { onImported?: (exam: Exam) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>{i18n._('Import Exam')}</Button>
      {open && (
        <Suspense fallback={null}>
          <ImportExamDialog onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
