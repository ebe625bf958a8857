/** /student/results: 'List of Results' for the date range the server answered with. */
import { errorText, formatNumber, i18n, useSession, useTimeZone, type Result } from 'shared-api';
import { useGetMyResultsQuery } from 'shared-api/progress';
import { showDate, showDateTime } from 'shared-api/dates';
import { SCORE_HEADERS } from 'shared-api/scores';
import { Button, DataTable, HStack, ErrorState, PageHeader, Stack, Text, preloadOverlays, useNavigate, type Column } from 'shared-ui';
import { contentLang } from '../exam/content-lang';
import { paths } from '../paths';
import { ItemTypeSection, ProgressSection, RankNote, rankText, useResultRanks } from './progress';

// The table's code and parts are fetched on first use: start with this page's code, beside its request.
void DataTable.preload();
void preloadOverlays('Table', 'NativeSelect');

export function ResultsPage() {
  const { user } = useSession();
  const zone = useTimeZone();
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useGetMyResultsQuery({ userId: user?._id ?? '' }, { skip: !user, refetchOnMountOrArgChange: true });
  const ranks = useResultRanks();

  // headers in English, marked for translation: the table shows them in the user's language
  const columns: Column<Result>[] = [
    { header: /*i18n*/ 'Title', cell: (r) => <span lang={contentLang(r.exam)}>{r.exam}</span>, text: (r) => r.exam },
    { header: /*i18n*/ 'Score', cell: (r) => `${formatNumber(r.score)}/${formatNumber(r.total_questions)}` },
    { header: /*i18n*/ 'Date', cell: (r) => showDateTime(r.createdAt, zone) },
    // the EPS-TOPIK scale after the spec's columns
    { header: SCORE_HEADERS[0], cell: (r) => formatNumber(r.totalScore) },
    { header: SCORE_HEADERS[1], cell: (r) => formatNumber(r.readingScore) },
    { header: SCORE_HEADERS[2], cell: (r) => formatNumber(r.listeningScore) },
    { header: /*i18n*/ 'Rank', cell: (r) => rankText(ranks.get(r._id)) },
    {
      header: /*i18n*/ 'View',
      actions: true,
      cell: (r) => (
        <HStack gap="2">
          <Button size="xs" variant="outline" aria-label={i18n._('View result of {exam}', { exam: r.exam })} onClick={() => navigate(paths.result(r._id))}>
            {i18n._('View')}
          </Button>
          <Button size="xs" variant="ghost" aria-label={i18n._('Print result sheet of {exam}', { exam: r.exam })} onClick={() => navigate(paths.resultSheet(r._id))}>
            {i18n._('Print')}
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={i18n._('List of Results')} />
      {data && (
        <Text color="fg.muted" data-testid="results-range">
          {i18n._('From {start} to {end}', { start: showDate(data.startDate), end: showDate(data.endDate) })}
        </Text>
      )}
      {error ? (
        <ErrorState title={i18n._('Error cannot get Results')} message={errorText(error, i18n._('Error loading Results'))} onRetry={() => void refetch()} />
      ) : (
        <DataTable
          rows={data?.results}
          columns={columns}
          rowKey={(r) => r._id}
          pageSize={20}
          loading={isLoading}
          emptyText={i18n._('No results yet')}
          caption={i18n._('List of Results')}
          // eight columns do not fit beside the sidebar on a tablet, nor on a phone: one card a result there
          cardsBelow="lg"
        />
      )}
      <RankNote ranks={ranks} />
      {data && <ProgressSection results={data.results} />}
      {data && data.results.length > 0 && <ItemTypeSection />}
    </Stack>
  );
}
