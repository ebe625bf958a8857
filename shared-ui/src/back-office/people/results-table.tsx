/** A results table (student, email, exam, score, date) with view and Download CSV; used by user detail and Today's Results. */
import { Button, HStack, useNavigate, DataTable, downloadCsv } from 'shared-ui';
import { formatDateTime } from './permissions';

export interface ResultRow {
  _id: string;
  resultId: string | null;
  student: string;
  email: string;
  exam: string;
  score: number | null;
  total: number | null;
  date: string;
}

export function ResultsTable({
  rows, loading, resultPath, emptyText, csvName, pageSize = 50, caption = 'Results',
}: {
  rows: ResultRow[] | undefined;
  loading?: boolean;
  resultPath: (resultId: string) => string;
  emptyText: string;
  csvName: string;
  pageSize?: number;
  caption?: string;
}) {
  const navigate = useNavigate();
  const score = (r: ResultRow) => (r.score === null ? 'Not submitted' : r.total ? `${r.score}/${r.total}` : String(r.score));
  return (
    <>
      <HStack justify="flex-end" mb="2">
        <Button
          size="sm"
          variant="outline"
          disabled={!rows?.length}
          onClick={() =>
            downloadCsv(
              csvName,
              ['Student', 'Email', 'Exam', 'Score', 'Total Questions', 'Date'],
              (rows ?? []).map((r) => [r.student, r.email, r.exam, r.score, r.total, formatDateTime(r.date)]),
            )
          }
        >
          Download CSV
        </Button>
      </HStack>
      <DataTable
        rows={rows}
        loading={loading}
        rowKey={(r) => r._id}
        pageSize={pageSize}
        caption={caption}
        emptyText={emptyText}
        searchField="Student"
        columns={[
          { header: 'Student', cell: (r) => r.student, text: (r) => `${r.student} ${r.email}` },
          { header: 'Email', cell: (r) => r.email },
          { header: 'Exam', cell: (r) => r.exam },
          { header: 'Score', cell: score },
          { header: 'Time', cell: (r) => formatDateTime(r.date) },
          {
            header: 'Actions',
            cell: (r) =>
              r.resultId ? (
                <Button size="xs" variant="outline" aria-label={`View result of ${r.student} in ${r.exam}`} onClick={() => navigate(resultPath(r.resultId!))}>
                  View
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
