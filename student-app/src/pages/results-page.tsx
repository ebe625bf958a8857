/** /student/results: 'List of Results' for the date range the server answered with. */
import { errorText, formatDate, formatDateTime, useGetMyResultsQuery, useSession, type Result } from 'shared-api';
import { Button, DataTable, ErrorState, PageHeader, Stack, Text, preloadOverlays, useNavigate, type Column } from 'shared-ui';
import { paths } from '../paths';

// The table's code and parts are fetched on first use: start with this page's code, beside its request.
void DataTable.preload();
void preloadOverlays('Table', 'NativeSelect');

export function ResultsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useGetMyResultsQuery({ userId: user?._id ?? '' }, { skip: !user, refetchOnMountOrArgChange: true });

  const columns: Column<Result>[] = [
    { header: 'Title', cell: (r) => r.exam, text: (r) => r.exam },
    { header: 'Score', cell: (r) => `${r.score}/${r.total_questions}` },
    { header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
    {
      header: 'View',
      cell: (r) => (
        <Button size="xs" variant="outline" aria-label={`View result of ${r.exam}`} onClick={() => navigate(paths.result(r._id))}>
          View
        </Button>
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
    </Stack>
  );
}
