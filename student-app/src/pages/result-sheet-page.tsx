/**
 * /student/results/{resultId}/print: one attempt's result sheet, laid out for one A4 page (the browser's print, or
 * "Save as PDF" there): student, institute, exam, date, the scores, the rank, and the right/wrong grid of the
 * questions when the exam's review policy shows it (the server leaves each answer's `correct` out otherwise). Shown
 * without the area's top bar and sidebar (app.tsx).
 */
import {
  MAX_SCORE, READING_RANGE, SECTION_MAX_SCORE, UNANSWERED, errorText, formatNumber, i18n, localDigits, useSession, useTimeZone, type ResultAnswer,
} from 'shared-api';
import { showDateTime } from 'shared-api/dates';
import { formatRank, useGetResultQuery } from 'shared-api/progress';
import { reviewNote } from 'shared-api/scores';
import { Box, Button, EmptyState, ErrorState, Grid, HStack, Heading, LoadingState, SimpleGrid, Stack, Text, useNavigate, useParams } from 'shared-ui';
import { contentLang } from '../exam/content-lang';
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
const MARK: Record<Mark, { sign: string; bg: string }> = {
  right: { sign: '✓', bg: '#dcfce7' },
  wrong: { sign: '✗', bg: '#fee2e2' },
  unanswered: { sign: '–', bg: '#f4f4f5' },
};
/** A question's cell as a screen reader reads it. */
const markLabel = (mark: Mark, number: number): string => {
  const values = { number: formatNumber(number) };
  if (mark === 'right') return i18n._('Question {number}, right', values);
  if (mark === 'wrong') return i18n._('Question {number}, wrong', values);
  return i18n._('Question {number}, not attempted', values);
};
const markOf = (a: ResultAnswer): Mark => (!a.answer || a.answer === UNANSWERED ? 'unanswered' : a.correct ? 'right' : 'wrong');

/** One figure; `label` is its English name (marked for translation where it is given; the test id keeps it). */
function Figure({ label, value, big, note }: { label: string; value: string; big?: boolean; note?: string }) {
  return (
    <Box borderWidth="1px" borderColor="gray.400" borderRadius="md" px="3" py="2">
      <Text fontSize="xs" color="gray.600">{i18n._(label)}</Text>
      <Text fontWeight="bold" fontSize={big ? '2xl' : 'lg'} data-testid={`sheet-${label}`}>{value}</Text>
      {note && <Text fontSize="xs" data-testid={`sheet-${label}-note`}>{note}</Text>}
    </Box>
  );
}

function QuestionGrid({ title, label, answers }: { title: string; label: string; answers: ResultAnswer[] }) {
  if (!answers.length) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb="1">{title}</Text>
      <SimpleGrid columns={10} gap="1" role="list" aria-label={label}>
        {answers.map((a) => {
          const m = MARK[markOf(a)];
          return (
            <Box
              key={a.question}
              role="listitem"
              aria-label={markLabel(markOf(a), a.questionNumber)}
              data-mark={markOf(a)}
              borderWidth="1px"
              borderColor="gray.400"
              borderRadius="sm"
              textAlign="center"
              py="1"
              style={{ background: m.bg, printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }}
            >
              <Text fontSize="xs" lineHeight="1.2">{formatNumber(a.questionNumber)}</Text>
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
      {i18n._('Back')}
    </Button>
  );
  if (isLoading) return <LoadingState />;
  if (!data) {
    const status = (error as { status?: number } | undefined)?.status;
    return (
      <Stack p="6" gap="4" maxW="3xl" mx="auto">
        <HStack>{back}</HStack>
        {status === 404 || status === 403 || !error
          ? <EmptyState title={i18n._("User haven't completed exam")}><Text>{i18n._('No Result Found')}</Text></EmptyState>
          : <ErrorState title={errorText(error, i18n._('Error cannot get Result from id'))} onRetry={() => void refetch()} />}
      </Stack>
    );
  }

  const { result, review } = data;
  const answers = [...result.answers].sort((a, b) => a.questionNumber - b.questionNumber);
  const marks = review.shows !== 'score';
  const total = result.total_questions || answers.length;
  const name = [result.user.firstname, result.user.lastname].filter(Boolean).join(' ') || result.user.email;
  const rank = ranks.get(result._id);
  // [English name (the test id), value]; the names are shown translated
  const details: [string, string][] = [
    [/*i18n*/ 'Student', name],
    [/*i18n*/ 'Institute', institute?.name ?? i18n._('No institute')],
    [/*i18n*/ 'Exam', result.exam],
    [/*i18n*/ 'Date', showDateTime(result.createdAt, zone)],
  ];
  const outOf = (points: number, max: number) => `${formatNumber(points)} / ${formatNumber(max)}`;
  const ofTotal = (count: number) => i18n._('{count} of {total}', { count: formatNumber(count), total: formatNumber(total) });

  return (
    <Box bg="white" color="black" minH="100vh" data-testid="result-sheet">
      <style>{PRINT_CSS}</style>
      <HStack className="no-print" justify="space-between" p="4" borderBottomWidth="1px">
        {back}
        <Button size="sm" onClick={() => window.print()}>{i18n._('Print')}</Button>
      </HStack>
      <Stack as="main" gap="4" maxW="186mm" mx="auto" p={{ base: 4, md: 6 }}>
        <Box borderBottomWidth="2px" borderColor="black" pb="2">
          <Heading as="h1" size="lg">{i18n._('EPS-TOPIK Mock Exam: Result Sheet')}</Heading>
        </Box>
        <Grid as="dl" templateColumns="max-content 1fr" columnGap="4" rowGap="1">
          {details.map(([k, v]) => [
            <Text as="dt" key={`${k}-k`} fontWeight="semibold">{i18n._(k)}</Text>,
            <Text as="dd" key={`${k}-v`} data-testid={`sheet-${k}`} lang={k === 'Exam' ? contentLang(v) : undefined}>{v}</Text>,
          ])}
        </Grid>
        <SimpleGrid columns={3} gap="3">
          <Figure label={/*i18n*/ 'Score'} value={outOf(result.totalScore, MAX_SCORE)} big />
          <Figure label={/*i18n*/ 'Reading'} value={outOf(result.readingScore, SECTION_MAX_SCORE)} big />
          <Figure label={/*i18n*/ 'Listening'} value={outOf(result.listeningScore, SECTION_MAX_SCORE)} big />
          <Figure label={/*i18n*/ 'Correct'} value={ofTotal(result.score)} />
          <Figure label={/*i18n*/ 'Attempted'} value={ofTotal(result.attempted)} />
          <Figure
            label={/*i18n*/ 'Rank'}
            value={rank ? formatRank(rank) : '—'}
            note={rank ? i18n._('percentile {percentile}', { percentile: localDigits(rank.percentile) }) : undefined}
          />
        </SimpleGrid>
        {rank && (
          <Text fontSize="xs" color="gray.600">
            {rank.scope === 'none'
              ? i18n._('Rank among the attempts of this exam by students of no institute; equal scores share a place. Percentile: the share of those attempts that scored lower, equal scores counted half.')
              : i18n._('Rank among the attempts of this exam by students of the same institute; equal scores share a place. Percentile: the share of those attempts that scored lower, equal scores counted half.')}
          </Text>
        )}
        {marks ? (
          <Stack gap="3" data-testid="sheet-grid">
            <QuestionGrid
              title={i18n._('Reading')}
              label={i18n._('Reading questions')}
              answers={answers.filter((a) => a.questionNumber <= READING_RANGE[1])}
            />
            <QuestionGrid
              title={i18n._('Listening')}
              label={i18n._('Listening questions')}
              answers={answers.filter((a) => a.questionNumber > READING_RANGE[1])}
            />
            <Text fontSize="xs" color="gray.600">{i18n._('✓ right · ✗ wrong · – not attempted')}</Text>
          </Stack>
        ) : (
          <Text fontSize="sm" color="gray.600" data-testid="sheet-no-grid">{reviewNote(review)}</Text>
        )}
      </Stack>
    </Box>
  );
}
