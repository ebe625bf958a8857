/** Today's Results (/results): the day's attempts (date to the next day), 50 per page from the server, with CSV. */
import { Box, ErrorState, TextField, PageHeader, notify } from 'shared-ui';
import { useServerPaging } from '../common/use-server-paging';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorText, i18n, useAppDispatch, useSession, useTimeZone, type DayResult, type PageOf } from 'shared-api';
import { showDate } from 'shared-api/dates';
import { peopleApi, useGetResultsByDateQuery } from 'shared-api/back-office';
import { isoDate, nextDay, type PeoplePermissions } from './permissions';
import { RESULTS_PAGE_SIZE, ResultsTable, type ResultRow } from './results-table';

export function dayRows(page: PageOf<DayResult>): PageOf<ResultRow>;
export function dayRows(page: PageOf<DayResult> | undefined): PageOf<ResultRow> | undefined;
export function dayRows(page: PageOf<DayResult> | undefined): PageOf<ResultRow> | undefined {
  return page && { total: page.total, rows: page.rows.map((r) => ({
    _id: r._id,
    resultId: r.result?._id ?? null,
    student: `${r.user.firstname} ${r.user.lastname}`.trim(),
    email: r.user.email,
    exam: r.exam.title,
    score: r.result ? r.result.score : null,
    total: r.result ? r.result.total_questions : null,
    scores: r.result,
    submitted: r.result?.createdAt ?? null,
    started: r.createdAt,
    leaves: r.result?.leaves,
  })) };
}

export function TodaysResultsPage({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const zone = useTimeZone();
  const [date, setDate] = useState(() => isoDate(new Date(), zone));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const [onlyLeft, setOnlyLeft] = useState(false);
  const paging = useServerPaging(RESULTS_PAGE_SIZE, `${date}:${onlyLeft}`);
  const day = useMemo(() => ({ userId: me?._id ?? '', date, to: valid ? nextDay(date) : '', left: onlyLeft }), [me?._id, date, valid, onlyLeft]);
  const q = useGetResultsByDateQuery({ ...day, ...paging.args }, { skip: !me || !valid });
  useEffect(() => {
    if (q.error) notify.error(i18n._('Error cannot get Results'), errorText(q.error, i18n._('Error loading Results')), 'day-results');
  }, [q.error]);
  const rows = useMemo(() => dayRows(q.data), [q.data]);
  const dispatch = useAppDispatch();
  const loadAll = useCallback(async (page: number, limit: number) =>
    dayRows(await dispatch(peopleApi.endpoints.getResultsByDate.initiate({ ...day, page, limit }, { subscribe: false, forceRefetch: true })).unwrap()),
  [dispatch, day]);
  return (
    <>
      <PageHeader title={i18n._('Todays Results')} />
      <Box maxW="xs" mb="4">
        <TextField label={i18n._('Date')} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Box>
      {q.error ? (
        <ErrorState title={i18n._('Error cannot get Results')} message={errorText(q.error, i18n._('Error loading Results'))} onRetry={() => void q.refetch()} />
      ) : (
        <ResultsTable page={rows} paging={paging} loading={q.isLoading} fetching={q.isFetching} loadAll={loadAll} resultPath={perms.resultPath}
          emptyText={i18n._('No Result Found')} csvName={`results-${date}`} showStarted caption={i18n._('Results of {date}', { date: showDate(date) })} onlyLeft={onlyLeft} onOnlyLeftChange={setOnlyLeft} />
      )}
    </>
  );
}
