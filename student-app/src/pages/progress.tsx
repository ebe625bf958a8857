/** The Results page's progress: the chart of the student's scores over time, each result's rank, and the score per item type. */
import { useMemo } from 'react';
import { i18n, localDigits, useSession, useTimeZone, type Result, type ResultRank } from 'shared-api';
import { formatRank, useGetItemTypesOfStudentQuery, useGetMyResultRanksQuery } from 'shared-api/progress';
import { ItemTypePanel, ProgressChart, Text, type ProgressPoint } from 'shared-ui';

// The chart's code (and uPlot) is fetched beside this page's code: no wait when the results arrive.
void ProgressChart.preload();
void ItemTypePanel.preload();

/** The student's ranks by result id (empty until they arrive; a failed request leaves the rank cells empty). */
export function useResultRanks(): Map<string, ResultRank> {
  const { user } = useSession();
  const { data } = useGetMyResultRanksQuery({ userId: user?._id ?? '' }, { skip: !user, refetchOnMountOrArgChange: true });
  return useMemo(() => new Map((data?.ranks ?? []).map((r) => [r.resultId, r])), [data]);
}

/** "3rd of 6, percentile 50" (the percentile has one decimal at most: shown as it is, in the language's digits) */
export const rankText = (r: ResultRank | undefined): string =>
  (r ? i18n._('{rank}, percentile {percentile}', { rank: formatRank(r), percentile: localDigits(r.percentile) }) : '');

/** How the rank is read, under the results table. */
export function RankNote({ ranks }: { ranks: Map<string, ResultRank> }) {
  if (!ranks.size) return null;
  const none = [...ranks.values()].some((r) => r.scope === 'none');
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="rank-note">
      {none
        ? i18n._('Rank: among all attempts of the same exam by students of no institute (like you); equal scores share a place. Percentile: the share of those attempts that scored lower, with equal scores counted half.')
        : i18n._('Rank: among all attempts of the same exam by students of your institute; equal scores share a place. Percentile: the share of those attempts that scored lower, with equal scores counted half.')}
    </Text>
  );
}

export function ProgressSection({ results }: { results: Result[] }) {
  const zone = useTimeZone();
  const points = useMemo<ProgressPoint[]>(() => results.map((r) => ({
    id: r._id, at: r.createdAt, exam: r.exam, total: r.totalScore, reading: r.readingScore, listening: r.listeningScore,
  })), [results]);
  if (!points.length) return null;
  return <ProgressChart points={points} zone={zone} />;
}

/** The score per item type across the student's results, weakest first (without the exams that show the score only). */
export function ItemTypeSection() {
  const { user } = useSession();
  const id = user?._id ?? '';
  const q = useGetItemTypesOfStudentQuery({ id, userId: id }, { skip: !user, refetchOnMountOrArgChange: true });
  return (
    <ItemTypePanel data={q.data} isLoading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}
      emptyText={i18n._('No results to count yet.')} scope={i18n._('All your results.')} />
  );
}
