/**
 * A results table (student, email, exam, score, when started (Today's Results) and submitted, the EPS-TOPIK scores,
 * leaving the exam) with view and Download CSV, paged by the server (50 rows a page, search by the student's email);
 * used by user detail and Today's Results.
 */
import { Button, HStack, useNavigate, DataTable, type ServerPaging } from 'shared-ui';
import { useTimeZone, type LeaveSummary, type PageOf, type ResultScores } from 'shared-api';
import { LEAVE_CSV_HEADERS, leaveCells } from 'shared-api/leaves';
import { SCORE_HEADERS, scoreCells } from 'shared-api/scores';
import { LEFT_HEADER, LeftBadge, LeftFilter } from '../common/left-exam';
import { CsvExportButton } from '../common/csv-export-button';
import { formatDateTime } from './permissions';
import { i18n, localDigits } from 'shared-api';
import { showDateTime } from 'shared-api/dates';
import { figure } from '../common/figure';

export interface ResultRow {
  _id: string;
  resultId: string | null;
  student: string;
  email: string;
  exam: string;
  score: number | null;
  total: number | null;
  /** null: not submitted */
  scores: ResultScores | null;
  /** when the result was submitted (its createdAt: what every results list and the result page show); null: not yet */
  submitted: string | null;
  /** when the attempt was started (Today's Results: its rows are attempts, of the day they started) */
  started?: string;
  /** the record of leaving the exam (back office) */
  leaves?: LeaveSummary;
}

/** The spec's page size of results tables. */
export const RESULTS_PAGE_SIZE = 50;

export function ResultsTable({
  page, paging, loading, fetching, loadAll, resultPath, emptyText, csvName, caption, onlyLeft, onOnlyLeftChange, showStarted = false,
}: {
  /** the current page, as ResultRows */
  page: PageOf<ResultRow> | undefined;
  paging: ServerPaging;
  loading?: boolean;
  fetching?: boolean;
  /** one page of the whole list (no search), for the CSV */
  loadAll: (page: number, limit: number) => Promise<PageOf<ResultRow>>;
  resultPath: (resultId: string) => string;
  emptyText: string;
  csvName: string;
  caption?: string;
  /** the filter to attempts with records of leaving the exam (shown when onOnlyLeftChange is given) */
  onlyLeft?: boolean;
  onOnlyLeftChange?: (onlyLeft: boolean) => void;
  /** a Started column before Submitted (the rows are attempts: ResultRow.started) */
  showStarted?: boolean;
}) {
  const navigate = useNavigate();
  const zone = useTimeZone();
  const score = (r: ResultRow) => (r.score === null ? i18n._('Not submitted') : localDigits(r.total ? `${r.score}/${r.total}` : String(r.score)));
  return (
    <>
      <HStack justify={onOnlyLeftChange ? 'space-between' : 'flex-end'} mb="2" flexWrap="wrap" gap="2">
        {onOnlyLeftChange && <LeftFilter checked={!!onlyLeft} onChange={onOnlyLeftChange} />}
        <CsvExportButton
          disabled={!page?.total && !paging.args.search}
          csv={{
            filename: csvName,
            header: ['Student', 'Email', 'Exam', 'Score', 'Total Questions', ...(showStarted ? ['Started'] : []), 'Submitted', ...SCORE_HEADERS, ...LEAVE_CSV_HEADERS],
            load: loadAll,
            rowKey: (r) => r._id,
            // the record of leaving the exam as the table shows it: with a result (an attempt still running: empty)
            toCsvRow: (r) => [
              r.student, r.email, r.exam, r.score, r.total, ...(showStarted ? [formatDateTime(r.started, zone)] : []),
              formatDateTime(r.submitted, zone), ...scoreCells(r.scores),
              ...leaveCells(r.resultId ? r.leaves : undefined),
            ],
            errorTitle: 'Error cannot get Results',
          }}
        />
      </HStack>
      <DataTable
        rows={page?.rows}
        total={page?.total}
        paging={paging}
        loading={loading}
        fetching={fetching}
        rowKey={(r) => r._id}
        caption={caption ?? i18n._('Results')}
        emptyText={emptyText}
        searchField="Email"
        columns={[
          { header: /*i18n*/ 'Student', cell: (r) => r.student },
          { header: /*i18n*/ 'Email', cell: (r) => r.email },
          { header: /*i18n*/ 'Exam', cell: (r) => r.exam },
          { header: /*i18n*/ 'Score', cell: score },
          // one attempt, one submission time on every list (the result page's Date too); the start only where it is named
          ...(showStarted ? [{ header: /*i18n*/ 'Started', cell: (r: ResultRow) => showDateTime(r.started, zone) }] : []),
          { header: /*i18n*/ 'Submitted', cell: (r) => (r.submitted ? showDateTime(r.submitted, zone) : '—') },
          ...SCORE_HEADERS.map((header, i) => ({ header, cell: (r: ResultRow) => figure(scoreCells(r.scores)[i]) })),
          { header: LEFT_HEADER, cell: (r) => (r.resultId ? <LeftBadge leaves={r.leaves} /> : null) },
          {
            header: /*i18n*/ 'Actions',
            cell: (r) =>
              r.resultId ? (
                <Button size="xs" variant="outline" aria-label={i18n._('View result of {student} in {exam}', { student: r.student, exam: r.exam })} onClick={() => navigate(resultPath(r.resultId!))}>
                  {i18n._('View')}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
