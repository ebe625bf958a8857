/**
 * A finished attempt: summary of the questions (green correct, red wrong, grey not attempted); a number opens the
 * question with the answer revealed. Shared by the student, institute and admin result pages.
 */
import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { UNANSWERED, errorText, formatDateTime, useGetResultQuery, useSession, type ResultAnswer } from 'shared-api';
import { EmptyState, ErrorState, LoadingState } from '../components/states';
import { PageHeader } from '../layout/app-layout';
import { QuestionView } from './question-view';

export interface ResultDetailProps {
  resultId: string;
  onBack?: () => void;
}

type Outcome = 'correct' | 'wrong' | 'unanswered';

function outcomeOf(a: ResultAnswer): Outcome {
  if (!a.answer || a.answer === UNANSWERED) return 'unanswered';
  return a.correct ? 'correct' : 'wrong';
}

const OUTCOME_STYLE: Record<Outcome, { palette: string; label: string }> = {
  correct: { palette: 'green', label: 'correct' },
  wrong: { palette: 'red', label: 'wrong' },
  unanswered: { palette: 'gray', label: 'not attempted' },
};

export function ResultDetail({ resultId, onBack }: ResultDetailProps) {
  const { user } = useSession();
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
        <PageHeader title="Result" onBack={onBack} />
        <EmptyState title="User haven't completed exam">
          <Text>No Result Found</Text>
        </EmptyState>
      </>
    );
  }
  if (error || !data) {
    return (
      <>
        <PageHeader title="Result" onBack={onBack} />
        <ErrorState title={errorText(error, 'Error cannot get Result from id')} onRetry={() => void refetch()} />
      </>
    );
  }

  const { result } = data;
  const total = result.total_questions || answers.length;
  const percentage = total ? ((result.score / total) * 100).toFixed(2) : '0.00';
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
            const o = outcomeOf(a);
            const s = OUTCOME_STYLE[o];
            return (
              <Button
                key={a.question}
                size="sm"
                variant={open === a.questionNumber ? 'solid' : 'subtle'}
                colorPalette={s.palette}
                aria-label={`Question ${a.questionNumber}, ${s.label}`}
                aria-pressed={open === a.questionNumber}
                data-outcome={o}
                onClick={() => {
                  setOpen(a.questionNumber);
                  setRevealed((n) => n + 1);
                }}
              >
                {a.questionNumber}
              </Button>
            );
          })}
        </SimpleGrid>
      </Box>
    );
  };

  return (
    <Stack gap="5">
      <PageHeader title={result.exam} onBack={onBack} />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="result-summary">
        {[
          ['Name', name],
          ['Total Questions', String(total)],
          ['Total Attempt', String(result.attempted)],
          ['Total Correct', String(result.score)],
          ['Percentage', `${percentage}%`],
          ['Date', formatDateTime(result.createdAt)],
        ].map(([k, v]) => (
          <Box key={k} borderWidth="1px" borderRadius="md" p="3">
            <Text fontSize="xs" color="fg.muted">
              {k}
            </Text>
            <Text fontWeight="semibold">{v}</Text>
          </Box>
        ))}
      </SimpleGrid>
      <HStack gap="3" flexWrap="wrap" fontSize="sm">
        <Badge colorPalette="green">Correct</Badge>
        <Badge colorPalette="red">Wrong</Badge>
        <Badge colorPalette="gray">Not attempted</Badge>
      </HStack>
      {grid(1, 20, 'Reading')}
      {grid(21, 40, 'Listening')}
      {openAnswer && (
        <Box
          ref={questionRef}
          tabIndex={-1}
          role="region"
          aria-label={`Question ${openAnswer.questionNumber}`}
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
              correctAnswer={openQuestion.answer ?? ''}
            />
          ) : (
            <Text color="fg.muted">This question is no longer available.</Text>
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
              Previous
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              Close
            </Button>
            <Button
              variant="outline"
              disabled={answers[answers.length - 1]?.questionNumber === open}
              onClick={() => {
                const i = answers.findIndex((a) => a.questionNumber === open);
                if (i >= 0 && i < answers.length - 1) setOpen(answers[i + 1]!.questionNumber);
              }}
            >
              Next
            </Button>
          </HStack>
        </Box>
      )}
    </Stack>
  );
}
