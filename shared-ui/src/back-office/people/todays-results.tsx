/** Today's Results (/results): the day's attempts (date to the next day), 50 per page, with CSV. */
import { Box, ErrorState, TextField, PageHeader, notify } from 'shared-ui';
import { useEffect, useMemo, useState } from 'react';
import { errorText, useSession, type DayResult } from 'shared-api';
import { useGetResultsByDateQuery } from 'shared-api/back-office';
import { isoDate, nextDay, type PeoplePermissions } from './permissions';
import { ResultsTable, type ResultRow } from './results-table';

export function dayRows(rows: DayResult[] | undefined): ResultRow[] | undefined {
  return rows?.map((r) => ({
    _id: r._id,
    resultId: r.result?._id ?? null,
    student: `${r.user.firstname} ${r.user.lastname}`.trim(),
    email: r.user.email,
    exam: r.exam.title,
    score: r.result ? r.result.score : null,
    total: r.result ? r.result.total_questions : null,
    date: r.createdAt,
  }));
}

export function TodaysResultsPage({ perms }: { perms: PeoplePermissions }) {
  const { user: me } = useSession();
  const [date, setDate] = useState(() => isoDate(new Date()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const q = useGetResultsByDateQuery({ userId: me?._id ?? '', date, to: valid ? nextDay(date) : '' }, { skip: !me || !valid });
  useEffect(() => {
    if (q.error) notify.error('Error cannot get Results', errorText(q.error, 'Error loading Results'), 'day-results');
  }, [q.error]);
  const rows = useMemo(() => dayRows(q.data), [q.data]);
  return (
    <>
      <PageHeader title="Todays Results" />
      <Box maxW="xs" mb="4">
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Box>
      {q.error ? (
        <ErrorState title="Error cannot get Results" message={errorText(q.error, 'Error loading Results')} onRetry={() => void q.refetch()} />
      ) : (
        <ResultsTable rows={rows} loading={q.isFetching && !q.data} resultPath={perms.resultPath} emptyText="No Result Found" csvName={`results-${date}`} caption={`Results of ${date}`} />
      )}
    </>
  );
}
