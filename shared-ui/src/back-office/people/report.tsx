/**
 * Report (admin, /reports): exam attempts per institute between two dates, as a table (paged by the server, most
 * first, search by name) and a bar chart of the page shown, with CSV of every institute.
 */
import {
  Box, Button, Grid, HStack, Stack, Text, useNavigate, DataTable, ErrorState, LoadingState, TextField, PageHeader, notify,
} from 'shared-ui';
import { useServerPaging } from '../common/use-server-paging';
import { useCallback, useEffect, useState } from 'react';
import { errorText, formatNumber, i18n, useAppDispatch, useSession, useTimeZone, type ReportRow } from 'shared-api';
import { showDate } from 'shared-api/dates';

/** The mean scores after the spec's columns: header (English: the table translates it, the CSV keeps it) and cell (blank without a finished attempt). */
const MEANS: [string, (r: ReportRow) => number | null][] = [
  [/*i18n*/ 'Average Score (200)', (r) => r.averageScore],
  [/*i18n*/ 'Average Reading (100)', (r) => r.averageReading],
  [/*i18n*/ 'Average Listening (100)', (r) => r.averageListening],
];
import { peopleApi, useGetReportQuery } from 'shared-api/back-office';
import { CsvExportButton } from '../common/csv-export-button';
import { figure } from '../common/figure';
import { isoDate, type PeoplePermissions } from './permissions';

export default function ReportPage({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const today = isoDate(new Date(), useTimeZone());
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [range, setRange] = useState<{ startDate: string; endDate: string } | null>(null);
  const [rangeError, setRangeError] = useState('');
  const paging = useServerPaging(10, range ? `${range.startDate}/${range.endDate}` : '');
  const userId = me?._id ?? '';
  const q = useGetReportQuery({ userId, ...(range ?? { startDate: '', endDate: '' }), ...paging.args }, { skip: !me || !range });
  const dispatch = useAppDispatch();
  const loadAll = useCallback(async (page: number, limit: number) =>
    dispatch(peopleApi.endpoints.getReport.initiate({ userId, ...(range ?? { startDate: '', endDate: '' }), page, limit }, { subscribe: false, forceRefetch: true })).unwrap(),
  [dispatch, userId, range]);
  useEffect(() => {
    if (q.error) notify.error(i18n._('Load Error'), errorText(q.error, i18n._('Error loading Results')), 'report-load');
  }, [q.error]);

  const generate = () => {
    if (!startDate || !endDate) return setRangeError(i18n._('Start Date and End Date cannot be empty.'));
    if (endDate < startDate) return setRangeError(i18n._('End Date should be after Start Date.'));
    setRangeError('');
    if (range && range.startDate === startDate && range.endDate === endDate) void q.refetch();
    else setRange({ startDate, endDate });
  };
  const rows = q.data?.rows ?? [];

  return (
    <>
      <PageHeader title={i18n._('Report')} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          generate();
        }}
      >
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr auto' }} gap="3" alignItems="end" mb="2" maxW="2xl">
          <TextField label={i18n._('Start Date')} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
          <TextField label={i18n._('End Date')} type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
          <Button type="submit" colorPalette="blue" loading={q.isFetching}>
            {i18n._('Generate Report')}
          </Button>
        </Grid>
        {rangeError && <Text color="fg.error" fontSize="sm" role="alert">{rangeError}</Text>}
      </form>
      {!range ? (
        <Text color="fg.muted" mt="4">
          {i18n._('Choose a period and generate the report.')}
        </Text>
      ) : q.isLoading ? (
        <LoadingState />
      ) : q.error ? (
        <ErrorState title={i18n._('Load Error')} message={errorText(q.error, i18n._('Error loading Results'))} onRetry={() => void q.refetch()} />
      ) : (
        <Stack gap="5" mt="4">
          <HStack justify="space-between" flexWrap="wrap">
            <Text color="fg.muted" data-testid="report-range">
              {i18n._('{start} to {end}', { start: showDate(q.data?.startDate ?? range.startDate), end: showDate(q.data?.endDate ?? range.endDate) })}
            </Text>
            <CsvExportButton disabled={!q.data?.total && !paging.args.search} csv={{
              filename: `report-${range.startDate}-${range.endDate}`,
              header: ['Institute', 'Exams Attempted', ...MEANS.map(([h]) => h)],
              load: loadAll,
              rowKey: (r: ReportRow) => r._id,
              toCsvRow: (r) => [r.name, r.total, ...MEANS.map(([, v]) => v(r))],
              errorTitle: /*i18n*/ 'Load Error',
            }} />
          </HStack>
          <DataTable
            rows={q.data?.rows}
            total={q.data?.total}
            paging={paging}
            fetching={q.isFetching}
            rowKey={(r) => r._id}
            caption={i18n._('Exams attempted per institute')}
            emptyText={i18n._('No exams attempted in this period')}
            searchField="Institute"
            columns={[
              { header: /*i18n*/ 'Institute', cell: (r) => r.name },
              { header: /*i18n*/ 'Exams Attempted', cell: (r) => formatNumber(r.total) },
              ...MEANS.map(([header, v]) => ({ header, cell: (r: ReportRow) => figure(v(r)) })),
              {
                header: /*i18n*/ 'Actions',
                cell: (r) => (
                  <Button size="xs" variant="outline" aria-label={i18n._('View {name}', { name: r.name })} onClick={() => navigate(perms.instituteDetailPath(r._id))}>
                    {i18n._('View')}
                  </Button>
                ),
              },
            ]}
          />
          {rows.length > 0 && <ReportChart rows={rows} />}
        </Stack>
      )}
    </>
  );
}

/** Horizontal bars, one per institute; plain boxes, so no chart library. */
export function ReportChart({ rows }: { rows: ReportRow[] }) {
  const max = Math.max(1, ...rows.map((r) => r.total));
  const sorted = [...rows].sort((a, b) => b.total - a.total);
  return (
    <Box as="figure" borderWidth="1px" borderRadius="md" p="4" m="0" aria-label={i18n._('Exams attempted per institute (chart)')}>
      <Text as="figcaption" fontWeight="semibold" mb="3">
        {i18n._('Exams attempted per institute')}
      </Text>
      <Stack gap="2">
        {sorted.map((r) => (
          <Grid key={r._id} templateColumns={{ base: '1fr', sm: '12rem 1fr' }} gap={{ base: 1, sm: 3 }} alignItems="center">
            <Text fontSize="sm" truncate title={r.name}>
              {r.name}
            </Text>
            <HStack gap="2">
              <Box flex="1">
                <Box h="5" bg="blue.solid" borderRadius="sm" minW="1" width={`${(r.total / max) * 100}%`} aria-hidden />
              </Box>
              <Text fontSize="sm" fontWeight="medium" minW="6" textAlign="right">{formatNumber(r.total)}</Text>
            </HStack>
          </Grid>
        ))}
      </Stack>
    </Box>
  );
}
