/** The results of one exam (50 per page) with CSV download, and one result's detail. */
import { errorText, type Result } from 'shared-api';
import { useGetExamQuery, useGetExamResultsQuery } from 'shared-api/back-office';
import { Button, DataTable, ErrorState, PageHeader, ResultDetail, downloadCsv, type Column } from 'shared-ui';
import type { AuthoringScope } from './scope';
import { useExamRoute } from './use-exam-route';
import { useLoadErrorToast } from './use-load-error';

const studentName = (r: Result) => `${r.user.firstname} ${r.user.lastname}`.trim();
const day = (iso: string) => iso.slice(0, 10);

export function ExamResultsPage({ scope }: { scope: AuthoringScope }) {
  const { examId, navigate, paths, args, skip } = useExamRoute(scope);
  const exam = useGetExamQuery(args, { skip });
  const results = useGetExamResultsQuery(args, { skip });
  useLoadErrorToast(results.isError, results.error, 'Error cannot get Results', 'Error loading Results');

  const columns: Column<Result>[] = [
    { header: 'Student', cell: studentName, text: studentName },
    { header: 'Email', cell: (r) => r.user.email, text: (r) => r.user.email },
    { header: 'Score', cell: (r) => `${r.score}/${r.total_questions}` },
    { header: 'Date', cell: (r) => day(r.createdAt) },
    {
      header: 'Actions',
      cell: (r) => (
        <Button size="xs" variant="outline" onClick={() => navigate(paths.result(examId, r._id))} aria-label={`View result of ${r.user.email}`}>View</Button>
      ),
    },
  ];
  const title = exam.data?.title ?? results.data?.[0]?.exam ?? 'Exam';
  return (
    <>
      <PageHeader
        title={`Results — ${title}`}
        onBack={() => navigate(paths.exam(examId))}
        actions={
          <Button variant="outline" disabled={!results.data?.length}
            onClick={() => downloadCsv(`results-${title}`, ['Student', 'Email', 'Score', 'Total', 'Date'],
              (results.data ?? []).map((r) => [studentName(r), r.user.email, r.score, r.total_questions, day(r.createdAt)]))}>
            Download CSV
          </Button>
        }
      />
      {results.isError ? (
        <ErrorState title="Error cannot get Results" message={errorText(results.error, 'Error loading Results')} onRetry={() => void results.refetch()} />
      ) : (
        <DataTable rows={results.data} columns={columns} rowKey={(r) => r._id} loading={results.isLoading} pageSize={50}
          searchField="Email" emptyText="No Result Found" caption="Exam results" />
      )}
    </>
  );
}

export function ExamResultDetailPage({ scope }: { scope: AuthoringScope }) {
  const { examId, resultId, navigate, paths } = useExamRoute(scope);
  const onBack = () => navigate(paths.results(examId));
  return <ResultDetail resultId={resultId} onBack={onBack} />;
}
