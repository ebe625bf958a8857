/**
 * Import Exam: a package (a ZIP, or an XLSX or CSV file alone) checked first by a dry run, whose report shows each
 * problem by row and column; Import is offered only for the file and title of a clean report, and makes a new hidden
 * exam. Upload and processing show in a progress bar. The template package is a link away.
 */
import { useState } from 'react';
import { errorText, formatNumber, i18n, translateServerMessage, useSession, type Exam } from 'shared-api';
import {
  useGetPackageTemplateMutation, useImportExamMutation, type ImportProgress, type PackageImported, type PackageProblem, type PackageReport,
} from 'shared-api/back-office';
import { Box, Button, DataTable, Field, HStack, Input, Progress, Stack, Text, TextField, notify, type Column } from 'shared-ui';
import { DialogFrame } from '../common/dialog-frame';
import { saveFile } from '../common/save-file';

/** What the server takes at most (server/src/authoring/package/import.ts PACKAGE_LIMITS). */
const MAX_MB = 64;

/** A report's place of a problem: its row, on the Exam sheet or the Questions sheet. */
function place(p: PackageProblem): string {
  if (p.sheet === 'exam') return p.row ? i18n._('Exam sheet, row {row}', { row: formatNumber(p.row) }) : i18n._('Exam');
  return formatNumber(p.row);
}

/** The report's columns: where (row, question, column) and what. */
const PROBLEM_COLUMNS: Column<PackageProblem>[] = [
  { header: /*i18n*/ 'Row', cell: place },
  { header: /*i18n*/ 'Question', cell: (p) => (p.question_number === undefined ? '' : formatNumber(p.question_number)) },
  { header: /*i18n*/ 'Column', cell: (p) => <code>{p.column ?? ''}</code> },
  { header: /*i18n*/ 'Problem', cell: (p) => translateServerMessage(p.error) },
];

function Report({ report }: { report: PackageReport }) {
  const questions = i18n._('{count, plural, one {{n} question} other {{n} questions}}', { count: report.questions, n: formatNumber(report.questions) });
  const media = i18n._('{count, plural, one {{n} media file} other {{n} media files}}', { count: report.media, n: formatNumber(report.media) });
  if (report.ok) {
    return (
      <Text role="status" data-testid="package-report" color="green.fg" fontWeight="semibold">
        {i18n._('No problems found: {questions} and {media}, ready to import as a new hidden exam.', { questions, media })}
      </Text>
    );
  }
  return (
    <Box role="status" data-testid="package-report">
      <Text fontWeight="semibold" color="red.fg">
        {i18n._('{count, plural, one {{n} problem} other {{n} problems}} found in {questions} and {media}: fix the package and check it again.', {
          count: report.rows.length, n: formatNumber(report.rows.length), questions, media,
        })}
      </Text>
      <Box mt="2">
        <DataTable rows={report.rows.map((p, i) => ({ ...p, key: String(i) }))} rowKey={(p) => p.key} columns={PROBLEM_COLUMNS}
          caption={i18n._('Problems in the package')} pageSize={20} />
      </Box>
    </Box>
  );
}

/** The upload's bar (its percentage), then the server's work (no measure: a moving bar). */
function ImportProgressBar({ progress, dryRun }: { progress: ImportProgress; dryRun: boolean }) {
  const pct = progress.phase === 'upload' ? Math.round(progress.fraction * 100) : null;
  const label = pct !== null ? i18n._('Uploading the package')
    : dryRun ? i18n._('Checking the package…') : i18n._('Importing the exam…');
  return (
    <Progress.Root value={pct} size="sm" width="full">
      <Progress.Label fontSize="sm">{label}</Progress.Label>
      <HStack gap="2">
        <Progress.Track flex="1" aria-label={label}>
          <Progress.Range />
        </Progress.Track>
        {pct !== null && <Progress.ValueText fontSize="xs">{formatNumber(pct)}%</Progress.ValueText>}
      </HStack>
    </Progress.Root>
  );
}

export default function ImportExamDialog({ onClose, onImported }: { onClose: () => void; onImported?: (exam: Exam) => void }) {
  const { user } = useSession();
  const [importExam] = useImportExamMutation();
  const [getTemplate, template] = useGetPackageTemplateMutation();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<{ at: ImportProgress; dryRun: boolean } | null>(null);
  /** the last report, with the file and title it is of */
  const [checked, setChecked] = useState<{ report: PackageReport; file: File; title: string } | null>(null);
  const [failure, setFailure] = useState('');
  const busy = progress !== null;

  function choose(f: File | undefined) {
    setChecked(null);
    setFailure('');
    setFileError('');
    setFile(null);
    if (!f) return;
    if (!/\.(zip|xlsx|csv)$/i.test(f.name)) return setFileError(i18n._('File only supports type of .zip, .xlsx, .csv'));
    if (f.size > MAX_MB * 1024 * 1024) return setFileError(i18n._('File cannot exceed {size}MB', { size: formatNumber(MAX_MB) }));
    setFile(f);
  }

  async function send(dryRun: boolean) {
    if (!file || !user) return;
    setFailure('');
    setProgress({ at: { phase: 'upload', fraction: 0 }, dryRun });
    const res = await importExam({ userId: user._id, file, title, dryRun, onProgress: (at) => setProgress({ at, dryRun }) });
    setProgress(null);
    if ('error' in res) {
      const report = (res.error as { data?: { report?: PackageReport } }).data?.report;
      if (report) setChecked({ report, file, title });
      else setFailure(errorText(res.error, i18n._('Error importing exam')));
      if (!dryRun) notify.error(i18n._('Error importing exam'), errorText(res.error, ''));
      return;
    }
    if (dryRun) {
      setChecked({ report: res.data as PackageReport, file, title });
      return;
    }
    const { exam } = res.data as PackageImported;
    notify.success(i18n._('Successfully imported Exam'), exam.title);
    onImported?.(exam);
    onClose();
  }

  async function downloadTemplate() {
    if (!user) return;
    const res = await getTemplate({ userId: user._id });
    if ('error' in res) notify.error(i18n._('Error downloading the template package'), errorText(res.error, ''));
    else saveFile(res.data.url, res.data.filename);
  }

  const clean = !!checked?.report.ok && checked.file === file && checked.title === title;
  return (
    <DialogFrame title={i18n._('Import Exam')} onClose={onClose} locked={busy} size="lg" footer={(
      <>
        <Button variant="outline" onClick={onClose} disabled={busy}>{i18n._('Cancel')}</Button>
        <Button variant="outline" onClick={() => void send(true)} disabled={!file || busy} loading={progress?.dryRun}>
          {i18n._('Check package')}
        </Button>
        <Button colorPalette="blue" onClick={() => void send(false)} disabled={!clean || busy} loading={progress !== null && !progress.dryRun}>
          {i18n._('Import')}
        </Button>
      </>
    )}>
      <Stack gap="4">
        <Text fontSize="sm">
          {i18n._('A ZIP package with questions.xlsx or questions.csv and the media under media/, or an XLSX or CSV file alone for questions without media. The package is checked first; the new exam stays hidden until you publish it.')}{' '}
          <Button variant="plain" size="sm" p="0" h="auto" colorPalette="blue" textDecoration="underline" onClick={() => void downloadTemplate()}
            loading={template.isLoading}>
            {i18n._('Download template package')}
          </Button>
        </Text>
        <Field.Root invalid={!!fileError} disabled={busy}>
          <Field.Label>{i18n._('Package file')}</Field.Label>
          <Input type="file" accept=".zip,.xlsx,.csv,application/zip,text/csv" p="1" onChange={(e) => choose(e.target.files?.[0])} />
          {fileError ? <Field.ErrorText>{fileError}</Field.ErrorText>
            : <Field.HelperText>{i18n._('ZIP, XLSX or CSV, max {size}MB', { size: formatNumber(MAX_MB) })}</Field.HelperText>}
        </Field.Root>
        <TextField label={i18n._('Title')} value={title} disabled={busy} maxLength={200} onChange={(e) => setTitle(e.target.value)}
          helper={i18n._('Empty: the title in the package')} />
        {progress && <ImportProgressBar progress={progress.at} dryRun={progress.dryRun} />}
        {failure && <Text role="alert" color="red.fg">{failure}</Text>}
        {checked && checked.file === file && <Report report={checked.report} />}
      </Stack>
    </DialogFrame>
  );
}
