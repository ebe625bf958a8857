/** Question Summary: for numbers 1-40, whether each exists, its type and option type, and item analysis from results. */
import { TOTAL_QUESTIONS, errorText, type QuestionSummaryRow } from 'shared-api';
import { useGetExamQuery, useGetQuestionSummaryQuery } from 'shared-api/back-office';
import { Box, DataTable, ErrorState, HStack, Heading, LoadingState, PageHeader, Stack, Text, type Column } from 'shared-ui';
import type { AuthoringScope } from './scope';
import { useExamRoute } from './use-exam-route';
import { useLoadErrorToast } from './use-load-error';

/** The correct rate, or a dash when there is none to speak of: no results yet, or nobody answered the question. */
const rate = (r: QuestionSummaryRow): number | null => (r.answered === 0 ? null : r.correctRate);
const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(2)}%`);

/** Horizontal bars of the correct rate per question number, drawn with boxes (no chart library). */
function CorrectRateChart({ rows }: { rows: QuestionSummaryRow[] }) {
  const withData = rows.filter((r) => rate(r) !== null);
  if (withData.length === 0) return <Text color="fg.muted">No results yet: the chart fills in once students have taken this exam.</Text>;
  return (
    <Stack gap="1" role="img" aria-label="Correct answer rate per question" data-testid="summary-chart">
      {rows.map((r) => {
        const v = rate(r);
        return (
          <HStack key={r.question_number} gap="2" fontSize="xs">
            <Text w="6" textAlign="right" flexShrink={0}>{r.question_number}</Text>
            <Box flex="1" bg="bg.muted" h="3" borderRadius="sm" overflow="hidden">
              {v !== null && (
                <Box h="full" w={`${Math.round(v * 100)}%`} bg={v >= 0.7 ? 'green.solid' : v >= 0.4 ? 'orange.solid' : 'red.solid'} />
              )}
            </Box>
            <Text w="16" flexShrink={0}>{pct(v)}</Text>
          </HStack>
        );
      })}
    </Stack>
  );
}

export function QuestionSummaryPage({ scope }: { scope: AuthoringScope }) {
  const { examId, navigate, paths, args, skip } = useExamRoute(scope);
  const exam = useGetExamQuery(args, { skip });
  const summary = useGetQuestionSummaryQuery(args, { skip });
  useLoadErrorToast(summary.isError, summary.error, 'Error cannot get Questions');

  const rows = summary.data ?? [];
  const existing = rows.filter((r) => r.exists).length;
  const columns: Column<QuestionSummaryRow>[] = [
    { header: 'Number', cell: (r) => r.question_number },
    { header: 'Exists', cell: (r) => (r.exists ? 'Yes' : 'No') },
    { header: 'Type', cell: (r) => r.type ?? '—' },
    { header: 'Option Type', cell: (r) => r.option_type ?? '—' },
    { header: 'Answered', cell: (r) => r.answered },
    { header: 'Correct Rate', cell: (r) => pct(rate(r)) },
    { header: 'Most Chosen Wrong', cell: (r) => r.mostChosenWrong ?? '—' },
  ];
  return (
    <>
      <PageHeader title={`Question Summary${exam.data ? ` — ${exam.data.title}` : ''}`} onBack={() => navigate(paths.exam(examId))} />
      {summary.isLoading ? (
        <LoadingState />
      ) : summary.isError ? (
        <ErrorState title="Error cannot get Questions" message={errorText(summary.error, '')} onRetry={() => void summary.refetch()} />
      ) : (
        <Stack gap="6">
          <Text>{existing} of {TOTAL_QUESTIONS} questions exist.</Text>
          <Box>
            <Heading as="h2" size="md" mb="3">Correct answer rate</Heading>
            <CorrectRateChart rows={rows} />
          </Box>
          <DataTable rows={rows} columns={columns} rowKey={(r) => String(r.question_number)} pageSize={50} caption="Question summary" />
        </Stack>
      )}
    </>
  );
}

export default QuestionSummaryPage;
