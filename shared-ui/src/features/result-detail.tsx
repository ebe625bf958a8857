/**
 * A finished attempt: its figures (the spec's and the EPS-TOPIK scores), then the summary of the questions (green
 * correct, red wrong, grey not attempted); a number opens the question with the answer revealed. Shared by the
 * student, institute and admin result pages. A student sees what the exam's review policy lets the server send
 * (data.review): without marks the numbers are neutral (answered or not), without answer keys no answer is revealed,
 * and a line says what is hidden and why. Under the numbers, the result's score per item type (not where the marks
 * are hidden).
 */
import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNANSWERED, errorText, formatNumber, i18n, useSession, useTimeZone, type ResultAnswer } from 'shared-api';
import { useGetResultQuery } from 'shared-api/progress';
import { showDateTime } from 'shared-api/dates';
import { leaveText } from 'shared-api/leaves';
import { formatSectionScore, formatTotalScore, reviewNote } from 'shared-api/scores';
import { EmptyState, ErrorState, LoadingState } from '../components/states';
import { PageHeader } from '../layout/app-layout';
import { QuestionView } from './question-view';
import { ItemTypeScores } from './item-type-scores';

export interface ResultDetailProps {
  resultId: string;
  onBack?: () => void;
  /** beside the result's title once the result is shown (the student's 'Print result sheet') */
  actions?: ReactNode;
}

type Outcome = 'correct' | 'wrong' | 'answered' | 'unanswered';

/** `marks`: whether right or wrong may be shown (the review policy's level is above "Score only"). */
function outcomeOf(a: ResultAnswer, marks: boolean): Outcome {
  if (!a.answer || a.answer === UNANSWERED) return 'unanswered';
  if (!marks) return 'answered';
  return a.correct ? 'correct' : 'wrong';
}

/**
 * Each outcome has a colour, an icon and a word: colour is never the only signal (WCAG 1.4.1). The words are English,
 * shown with `i18n._` (in the interface's language).
 */
export const OUTCOME_STYLE: Record<Outcome, { palette: string; label: string; icon: string; legend: string }> = {
  correct: { palette: 'green', label: /*i18n*/ 'correct', icon: '✓', legend: /*i18n*/ 'Correct' },
  wrong: { palette: 'red', label: /*i18n*/ 'wrong', icon: '✗', legend: /*i18n*/ 'Wrong' },
  answered: { palette: 'blue', label: /*i18n*/ 'answered', icon: '•', legend: /*i18n*/ 'Answered' },
  unanswered: { palette: 'gray', label: /*i18n*/ 'not attempted', icon: '–', legend: /*i18n*/ 'Not attempted' },
};

export function ResultDetail({ resultId, onBack, actions }: ResultDetailProps) {
  const { user } = useSession();
  const zone = useTimeZone();
  const { data, error, isLoading, isFetching, refetch } = useGetResultQuery(
    { resultId, userId: user?._id ?? '' },
    { skip: !user || !resultId },
  );
  const [open, setOpen] = useState<number | null>(null);
  // A number tapped: the question (below every number, far below the fold on a phone) comes into view with the focus.
  const [revealed, setRevealed] = useState(0);
  const questionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = questionRef.current;
    if (!revealed || !el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [revealed]);

  const answers = useMemo(
    () => [...(data?.result.answers ?? [])].sort((a, b) => a.questionNumber - b.questionNumber),
    [data],
  );
  const questionsById = useMemo(() => new Map((data?.questions ?? []).map((q) => [q._id, q])), [data]);

  if (isLoading) return <LoadingState />;
  const status = (error as { status?: number } | undefined)?.status;
  // Not there, or not the viewer's to see (another student's): the spec's no-result message; a retry cannot help.
  if (!data && (status === 404 || status === 403 || (!error && !isFetching))) {
    return (
      <>
        <PageHeader title={i18n._('Result')} onBack={onBack} />
        <EmptyState title={i18n._("User haven't completed exam")}>
          <Text>{i18n._('No Result Found')}</Text>
        </EmptyState>
      </>
    );
  }
  if (error || !data) {
    return (
      <>
        <PageHeader title={i18n._('Result')} onBack={onBack} />
        <ErrorState title={errorText(error, i18n._('Error cannot get Result from id'))} onRetry={() => void refetch()} />
      </>
    );
  }

  const { result, review } = data;
  const marks = review.shows !== 'score';
  const answerKeys = review.shows === 'answers';
  const note = reviewNote(review);
  const total = result.total_questions || answers.length;
  const percentage = formatNumber(total ? (result.score / total) * 100 : 0, 2);
  const name = [result.user.firstname, result.user.lastname].filter(Boolean).join(' ') || result.user.email;
  const openAnswer = open === null ? undefined : answers.find((a) => a.questionNumber === open);
  const openQuestion = openAnswer ? questionsById.get(openAnswer.question) : undefined;

  const grid = (from: number, to: number, title: string) => {
    const part = answers.filter((a) => a.questionNumber >= from && a.questionNumber <= to);
    if (!part.length) return null;
    return (
      <Box>
        <Text fontWeight="semibold" mb="2">
          {title}
        </Text>
        <SimpleGrid columns={{ base: 5, sm: 10 }} gap="2">
          {part.map((a) => {
            const o = outcomeOf(a, marks);
            const s = OUTCOME_STYLE[o];
            return (
              <Button
                key={a.question}
                size="sm"
                variant={open === a.questionNumber ? 'solid' : 'subtle'}
                colorPalette={s.palette}
                aria-label={i18n._('Question {number}, {outcome}', { number: formatNumber(a.questionNumber), outcome: i18n._(s.label) })}
                aria-pressed={open === a.questionNumber}
                data-outcome={o}
                onClick={() => {
                  setOpen(a.questionNumber);
                  setRevealed((n) => n + 1);
                }}
              >
                <span aria-hidden="true" data-testid="outcome-icon">{s.icon}</span>
                {formatNumber(a.questionNumber)}
              </Button>
            );
          })}
        </SimpleGrid>
      </Box>
    );
  };

  return (
    <Stack gap="5">
      <PageHeader title={result.exam} onBack={onBack} actions={actions} />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="result-summary">
        {/* the figures' names are English (their test ids), shown translated */}
        {[
          [/*i18n*/ 'Name', name],
          [/*i18n*/ 'Total Questions', formatNumber(total)],
          [/*i18n*/ 'Total Attempt', formatNumber(result.attempted)],
          [/*i18n*/ 'Total Correct', formatNumber(result.score)],
          [/*i18n*/ 'Percentage', `${percentage}%`],
          [/*i18n*/ 'Score', formatTotalScore(result)],
          [/*i18n*/ 'Reading', formatSectionScore(result.readingScore)],
          [/*i18n*/ 'Listening', formatSectionScore(result.listeningScore)],
          [/*i18n*/ 'Date', showDateTime(result.createdAt, zone)],
        ].map(([k, v]) => (
          <Box key={k} borderWidth="1px" borderRadius="md" p="3">
            <Text fontSize="xs" color="fg.muted">
              {i18n._(k)}
            </Text>
            <Text fontWeight="semibold" data-testid={`result-${k}`}>{v}</Text>
          </Box>
        ))}
      </SimpleGrid>
      {result.leaves && (
        // the back office only (students never get it): information, never a penalty
        <Text fontSize="sm" color={result.leaves.count ? 'fg.warning' : 'fg.muted'} data-testid="result-leaves">
          {i18n._('{leaves} (the exam page hidden, the window left or full screen left)', { leaves: leaveText(result.leaves) })}
        </Text>
      )}
      {note && (
        <Box role="note" borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" borderRadius="md" p="3" data-testid="review-note">
          <Text>{note}</Text>
        </Box>
      )}
      <HStack gap="3" flexWrap="wrap" fontSize="sm">
        {(marks ? (['correct', 'wrong', 'unanswered'] as const) : (['answered', 'unanswered'] as const)).map((o) => (
          <Badge key={o} colorPalette={OUTCOME_STYLE[o].palette} data-testid={`legend-${o}`}>
            <span aria-hidden="true">{OUTCOME_STYLE[o].icon}</span> {i18n._(OUTCOME_STYLE[o].legend)}
          </Badge>
        ))}
      </HStack>
      {grid(1, 20, i18n._('Reading'))}
      {grid(21, 40, i18n._('Listening'))}
      {openAnswer && (
        <Box
          ref={questionRef}
          tabIndex={-1}
          role="region"
          aria-label={i18n._('Question {number}', { number: formatNumber(openAnswer.questionNumber) })}
          scrollMarginTop="16"
          outline="none"
          borderWidth="1px"
          borderRadius="lg"
          p={{ base: 3, md: 5 }}
          data-testid="result-question"
        >
          {openQuestion ? (
            <QuestionView
              question={openQuestion}
              selected={openAnswer.answer}
              correctAnswer={answerKeys ? (openQuestion.answer ?? '') : undefined}
              chosenCorrect={marks && !answerKeys ? openAnswer.correct : undefined}
            />
          ) : (
            <Text color="fg.muted">{i18n._('This question is no longer available.')}</Text>
          )}
          <HStack mt="4" justify="space-between">
            <Button
              variant="outline"
              disabled={answers[0]?.questionNumber === open}
              onClick={() => {
                const i = answers.findIndex((a) => a.questionNumber === open);
                if (i > 0) setOpen(answers[i - 1]!.questionNumber);
              }}
            >
              {i18n._('Previous')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              {i18n._('Close')}
            </Button>
            <Button
              variant="outline"
              disabled={answers[answers.length - 1]?.questionNumber === open}
              onClick={() => {
                const i = answers.findIndex((a) => a.questionNumber === open);
                if (i >= 0 && i < answers.length - 1) setOpen(answers[i + 1]!.questionNumber);
              }}
            >
              {i18n._('Next')}
            </Button>
          </HStack>
        </Box>
      )}
      {/* null when the exam shows a student the score only: the counts would give the marks away */}
      {data.itemTypes && data.itemTypes.length > 0 && <ItemTypeScores scores={data.itemTypes} note={i18n._('This result.')} />}
    </Stack>
  );
}
