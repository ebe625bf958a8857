/**
 * /student/results/{resultId}/print: one attempt's result sheet, laid out for one A4 page (the browser's print, or
 * "Save as PDF" there): student, institute, exam, date, the scores, the rank, and the right/wrong grid of the
 * questions when the exam's review policy shows it (the server leaves each answer's `correct` out otherwise). Shown
 * without the area's top bar and sidebar (app.tsx).
 */
import {
  MAX_SCORE, READING_RANGE, SECTION_MAX_SCORE, UNANSWERED, errorText, formatDateTime, useGetResultQuery, useSession, useTimeZone, type ResultAnswer,
} from 'shared-api';
import { formatRank } from 'shared-api/progress';
import { reviewNote } from 'shared-api/scores';
import { Box, Button, EmptyState, ErrorState, Grid, HStack, Heading, LoadingState, SimpleGrid, Stack, Text, useNavigate, useParams } from 'shared-ui';
import { paths } from '../paths';
import { useResultRanks } from './progress';

/** One A4 page: the page box, and nothing but the sheet on paper. */
const PRINT_CSS = `
@page { size: A4 portrait; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  .no-print { display: none !important; }
}`;

type Mark = 'right' | 'wrong' | 'unanswered';
const MARK: Record<Mark, { sign: string; label: string; bg: string }> = {
  right: { sign: '✓', label: 'right', bg: '#dcfce7' },
  wrong: { sign: '✗', label: 'wrong', bg: '#fee2e2' },
  unanswered: { sign: '–', label: 'not attempted', bg: '#f4f4f5' },
};
const markOf = (a: ResultAnswer): Mark => (!a.answer || a.answer === UNANSWERED ? 'unanswered' : a.correct ? 'right' : 'wrong');

function Figure({ label, value, big, note }: { label: string; value: string; big?: boolean; note?: string }) {
  return (
    <Box borderWidth="1px" borderColor="gray.400" borderRadius="md" px="3" py="2">
      <Text fontSize="xs" color="gray.600">{label}</Text>
      <Text fontWeight="bold" fontSize={big ? '2xl' : 'lg'} data-testid={`sheet-${label}`}>{value}</Text>
      {note && <Text fontSize="xs" data-testid={`sheet-${label}-note`}>{note}</Text>}
    </Box>
  );
}

function QuestionGrid({ title, answers }: { title: string; answers: ResultAnswer[] }) {
  if (!answers.length) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb="1">{title}</Text>
      <SimpleGrid columns={10} gap="1" role="list" aria-label={`${title} questions`}>
        {answers.map((a) => {
          const m = MARK[markOf(a)];
          return (
            <Box
              key={a.question}
              role="listitem"
              aria-label={`Question ${a.questionNumber}, ${m.label}`}
              data-mark={markOf(a)}
              borderWidth="1px"
              borderColor="gray.400"
              borderRadius="sm"
              textAlign="center"
              py="1"
              style={{ background: m.bg, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }}
            >
              <Text fontSize="xs" lineHeight="1.2">{a.questionNumber}</Text>
              <Text fontWeight="bold" lineHeight="1.2" aria-hidden="true">{m.sign}</Text>
            </Box>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

export function ResultSheetPage() {
  const { resultId = '' } = useParams();
  const navigate = useNavigate();
  const { user, institute } = useSession();
  const zone = useTimeZone();
  const { data, error, isLoading, refetch } = useGetResultQuery({ resultId, userId: user?._id ?? '' }, { skip: !user || !resultId });
  const ranks = useResultRanks();

  const back = (
    <Button variant="outline" size="sm" onClick={() => navigate(paths.result(resultId))}>
      Back
    </Button>
  );
  if (isLoading) return <LoadingState />;
  if (!data) {
    const status = (error as { status?: number } | undefined)?.status;
    return (
      <Stack p="6" gap="4" maxW="3xl" mx="auto">
        <HStack>{back}</HStack>
        {status === 404 || status === 403 || !error
          ? <EmptyState title="User haven't completed exam"><Text>No Result Found</Text></EmptyState>
          : <ErrorState title={errorText(error, 'Error cannot get Result from id')} onRetry={() => void refetch()} />}
      </Stack>
    );
  }

  const { result, review } = data;
  const answers = [...result.answers].sort((a, b) => a.questionNumber - b.questionNumber);
  const marks = review.shows !== 'score';
  const total = result.total_questions || answers.length;
  const name = [result.user.firstname, result.user.lastname].filter(Boolean).join(' ') || result.user.email;
  const rank = ranks.get(result._id);
  const details: [string, string][] = [
    ['Student', name],
    ['Institute', institute?.name ?? 'No institute'],
    ['Exam', result.exam],
    ['Date', formatDateTime(result.createdAt, zone)],
  ];

  return (
    <Box bg="white" color="black" minH="100vh" data-testid="result-sheet">
      <style>{PRINT_CSS}</style>
      <HStack className="no-print" justify="space-between" p="4" borderBottomWidth="1px">
        {back}
        <Button size="sm" onClick={() => window.print()}>Print</Button>
      </HStack>
      <Stack as="main" gap="4" maxW="186mm" mx="auto" p={{ base: 4, md: 6 }}>
        <Box borderBottomWidth="2px" borderColor="black" pb="2">
          <Heading as="h1" size="lg">EPS-TOPIK Mock Exam: Result Sheet</Heading>
        </Box>
        <Grid as="dl" templateColumns="max-content 1fr" columnGap="4" rowGap="1">
          {details.map(([k, v]) => [
            <Text as="dt" key={`${k}-k`} fontWeight="semibold">{k}</Text>,
            <Text as="dd" key={`${k}-v`} data-testid={`sheet-${k}`}>{v}</Text>,
          ])}
        </Grid>
        <SimpleGrid columns={3} gap="3">
          <Figure label="Score" value={`${result.totalScore} / ${MAX_SCORE}`} big />
          <Figure label="Reading" value={`${result.readingScore} / ${SECTION_MAX_SCORE}`} big />
          <Figure label="Listening" value={`${result.listeningScore} / ${SECTION_MAX_SCORE}`} big />
          <Figure label="Correct" value={`${result.score} of ${total}`} />
          <Figure label="Attempted" value={`${result.attempted} of ${total}`} />
          <Figure label="Rank" value={rank ? formatRank(rank) : '—'} note={rank ? `percentile ${rank.percentile}` : undefined} />
        </SimpleGrid>
        {rank && (
          <Text fontSize="xs" color="gray.600">
            Rank among the attempts of this exam by students of {rank.scope === 'none' ? 'no institute' : 'the same institute'}; equal scores
            share a place. Percentile: the share of those attempts that scored lower, equal scores counted half.
          </Text>
        )}
        {marks ? (
          <Stack gap="3" data-testid="sheet-grid">
            <QuestionGrid title="Reading" answers={answers.filter((a) => a.questionNumber <= READING_RANGE[1])} />
            <QuestionGrid title="Listening" answers={answers.filter((a) => a.questionNumber > READING_RANGE[1])} />
            <Text fontSize="xs" color="gray.600">✓ right · ✗ wrong · – not attempted</Text>
          </Stack>
        ) : (
          <Text fontSize="sm" color="gray.600" data-testid="sheet-no-grid">{reviewNote(review)}</Text>
        )}
      </Stack>
    </Box>
  );
}
