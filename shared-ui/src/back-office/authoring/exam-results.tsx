/**
 * The results of one exam (50 per page from the server, search by email) with CSV download and the class's score per
 * item type, and one result's detail.
 */
import { useCallback, useState } from 'react';
import { errorText, useAppDispatch, useTimeZone, type Result } from 'shared-api';
import { formatDateTime, showDateTime } from 'shared-api/dates';
import { LEAVE_CSV_HEADERS, leaveCells } from 'shared-api/leaves';
import { SCORE_HEADERS, scoreCells } from 'shared-api/scores';
import { authoringApi, useGetExamItemTypesQuery, useGetExamQuery, useGetExamResultsQuery } from 'shared-api/back-office';
import { localDigits } from 'shared-api';
import { Button, DataTable, ErrorState, ItemTypePanel, PageHeader, ResultDetail, i18n, type Column } from 'shared-ui';
import { useServerPaging } from '../common/use-server-paging';
import { CsvExportButton } from '../common/csv-export-button';
import { figure } from '../common/figure';
import { LEFT_HEADER, LeftBadge, LeftFilter } from '../common/left-exam';
import type { AuthoringScope } from './scope';
import { useExamRoute } from './use-exam-route';
import { useLoadErrorToast } from './use-load-error';

const studentName = (r: Result) => `${r.user.firstname} ${r.user.lastname}`.trim();

export function ExamResultsPage({ scope }: { scope: AuthoringScope }) {
  const { examId, navigate, paths, args, skip } = useExamRoute(scope);
  const zone = useTimeZone();
  const exam = useGetExamQuery(args, { skip });
  const [onlyLeft, setOnlyLeft] = useState(false);
  const paging = useServerPaging(50, String(onlyLeft));
  const results = useGetExamResultsQuery({ ...args, left: onlyLeft, ...paging.args }, { skip });
  const itemTypes = useGetExamItemTypesQuery(args, { skip, refetchOnMountOrArgChange: true });
  const dispatch = useAppDispatch();
  const { userId } = args;
  const loadAll = useCallback((page: number, limit: number) =>
    dispatch(authoringApi.endpoints.getExamResults.initiate({ examId, userId, page, limit }, { subscribe: false, forceRefetch: true })).unwrap(),
  [dispatch, examId, userId]);
  useLoadErrorToast(results.isError, results.error, i18n._('Error cannot get Results'), i18n._('Error loading Results'));

  const columns: Column<Result>[] = [
    { header: /*i18n*/ 'Student', cell: studentName },
    { header: /*i18n*/ 'Email', cell: (r) => r.user.email },
    { header: /*i18n*/ 'Score', cell: (r) => localDigits(`${r.score}/${r.total_questions}`) },
    // the submission time, as every results list and the result page show it
    { header: /*i18n*/ 'Submitted', cell: (r) => showDateTime(r.createdAt, zone) },
    ...SCORE_HEADERS.map((header, i) => ({ header, cell: (r: Result) => figure(scoreCells(r)[i]) })),
    { header: LEFT_HEADER, cell: (r) => <LeftBadge leaves={r.leaves} /> },
    {
      header: /*i18n*/ 'Actions',
      cell: (r) => (
        <Button size="xs" variant="outline" onClick={() => navigate(paths.result(examId, r._id))} aria-label={i18n._('View result of {email}', { email: r.user.email })}>{i18n._('View')}</Button>
      ),
    },
  ];
  const title = exam.data?.title ?? results.data?.rows[0]?.exam ?? i18n._('Exam');
  return (
    <>
      <PageHeader
        title={i18n._('Results — {title}', { title })}
        onBack={() => navigate(paths.exam(examId))}
        actions={
          <CsvExportButton size="md" disabled={!results.data?.total && !paging.args.search} csv={{
            filename: `results-${title}`,
            header: ['Student', 'Email', 'Score', 'Total', 'Submitted', ...SCORE_HEADERS, ...LEAVE_CSV_HEADERS],
            load: loadAll,
            rowKey: (r) => r._id,
            toCsvRow: (r) => [
              studentName(r), r.user.email, r.score, r.total_questions, formatDateTime(r.createdAt, zone), ...scoreCells(r), ...leaveCells(r.leaves),
            ],
            errorTitle: 'Error cannot get Results',
          }} />
        }
      />
      <LeftFilter checked={onlyLeft} onChange={setOnlyLeft} />
      {results.isError ? (
        <ErrorState title={i18n._('Error cannot get Results')} message={errorText(results.error, i18n._('Error loading Results'))} onRetry={() => void results.refetch()} />
      ) : (
        <DataTable rows={results.data?.rows} total={results.data?.total} paging={paging} loading={results.isLoading} fetching={results.isFetching}
          columns={columns} rowKey={(r) => r._id} searchField="Email" emptyText={i18n._('No Result Found')} caption={i18n._('Exam results')} />
      )}
      {/* the class's score per item type: every result of this list (not only this page, nor only the search) */}
      {itemTypes.data?.results !== 0 && (
        <ItemTypePanel data={itemTypes.data} isLoading={itemTypes.isLoading} error={itemTypes.error} onRetry={() => void itemTypes.refetch()}
          emptyText={i18n._('No Result Found')} scope={i18n._('All results of this exam you can see.')} />
      )}
    </>
  );
}

export function ExamResultDetailPage({ scope }: { scope: AuthoringScope }) {
  const { examId, resultId, navigate, paths } = useExamRoute(scope);
  const onBack = () => navigate(paths.results(examId));
  return <ResultDetail resultId={resultId} onBack={onBack} />;
}
