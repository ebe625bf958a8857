/** /student/results: 'List of Results' for the date range the server answered with. */
import { errorText, formatDate, formatDateTime, useGetMyResultsQuery, useSession, useTimeZone, type Result } from 'shared-api';
import { SCORE_HEADERS } from 'shared-api/scores';
import { Button, DataTable, HStack, ErrorState, PageHeader, Stack, Text, preloadOverlays, useNavigate, type Column } from 'shared-ui';
import { paths } from '../paths';
import { ProgressSection, RankNote, rankText, useResultRanks } from './progress';

// The table's code and parts are fetched on first use: start with this page's code, beside its request.
void DataTable.preload();
void preloadOverlays('Table', 'NativeSelect');

export function ResultsPage() {
  const { user } = useSession();
  const zone = useTimeZone();
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useGetMyResultsQuery({ userId: user?._id ?? '' }, { skip: !user, refetchOnMountOrArgChange: true });
  const ranks = useResultRanks();

  const columns: Column<Result>[] = [
    { header: 'Title', cell: (r) => r.exam, text: (r) => r.exam },
    { header: 'Score', cell: (r) => `${r.score}/${r.total_questions}` },
    { header: 'Date', cell: (r) => formatDateTime(r.createdAt, zone) },
    // the EPS-TOPIK scale after the spec's columns
    { header: SCORE_HEADERS[0], cell: (r) => r.totalScore },
    { header: SCORE_HEADERS[1], cell: (r) => r.readingScore },
    { header: SCORE_HEADERS[2], cell: (r) => r.listeningScore },
    { header: 'Rank', cell: (r) => rankText(ranks.get(r._id)) },
    {
      header: 'View',
      cell: (r) => (
        <HStack gap="2">
          <Button size="xs" variant="outline" aria-label={`View result of ${r.exam}`} onClick={() => navigate(paths.result(r._id))}>
            View
          </Button>
          <Button size="xs" variant="ghost" aria-label={`Print result sheet of ${r.exam}`} onClick={() => navigate(paths.resultSheet(r._id))}>
            Print
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title="List of Results" />
      {data && (
        <Text color="fg.muted" data-testid="results-range">
          From {formatDate(data.startDate)} to {formatDate(data.endDate)}
        </Text>
      )}
      {error ? (
        <ErrorState title="Error cannot get Results" message={errorText(error, 'Error loading Results')} onRetry={() => void refetch()} />
      ) : (
        <DataTable
          rows={data?.results}
          columns={columns}
          rowKey={(r) => r._id}
          pageSize={20}
          loading={isLoading}
          emptyText="No results yet"
          caption="List of Results"
        />
      )}
      <RankNote ranks={ranks} />
      {data && <ProgressSection results={data.results} />}
    </Stack>
  );
}
