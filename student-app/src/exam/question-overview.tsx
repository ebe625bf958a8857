/**
 * The running exam's question list: a filter (all, solved, unsolved), the Reading and Listening numbers (each opens
 * its question; solved ones filled) and Submit And Finish Exam.
 */
import type { RefObject } from 'react';
import { LISTENING_RANGE, READING_RANGE, formatNumber, i18n, type Question } from 'shared-api';
import { Box, Button, HStack, SimpleGrid, Stack, Text } from 'shared-ui';
import { isSolved } from './use-answers';
import type { QuestionFilter } from './use-exam-navigation';

const FILTERS: readonly QuestionFilter[] = ['all', 'solved', 'unsolved'];

export function QuestionOverview({
  questions, answers, filter, onFilter, locked, onOpen, listRef, submitting, ended, onSubmit,
}: {
  questions: Question[];
  answers: Record<string, string>;
  filter: QuestionFilter;
  onFilter: (f: QuestionFilter) => void;
  /** an audio is playing: the numbers wait */
  locked: boolean;
  /** opens the question at this index of `questions` */
  onOpen: (index: number) => void;
  listRef: RefObject<HTMLDivElement | null>;
  submitting: boolean;
  ended: boolean;
  /** asks to submit (the confirmation) */
  onSubmit: () => void;
}) {
  const numberButton = (qn: Question, i: number) => {
    const solved = isSolved(answers[qn._id]);
    return (
      <Button
        key={qn._id}
        size="sm"
        variant={solved ? 'solid' : 'outline'}
        colorPalette={solved ? 'green' : 'gray'}
        aria-label={solved
          ? i18n._('Question {number} (solved)', { number: formatNumber(qn.question_number) })
          : i18n._('Question {number} (unsolved)', { number: formatNumber(qn.question_number) })}
        data-number={qn.question_number}
        disabled={locked}
        onClick={() => onOpen(i)}
      >
        {formatNumber(qn.question_number)}
      </Button>
    );
  };

  const grid = (title: string, [from, to]: readonly [number, number]) => {
    const items = questions
      .map((q, i) => ({ q, i }))
      .filter(({ q }) => q.question_number >= from && q.question_number <= to)
      .filter(({ q }) => (filter === 'all' ? true : filter === 'solved' ? isSolved(answers[q._id]) : !isSolved(answers[q._id])));
    return (
      <Box as="section" aria-label={title}>
        <Text fontWeight="semibold" mb="2">
          {title}
        </Text>
        {items.length ? (
          <SimpleGrid columns={{ base: 5, sm: 10 }} gap="2">
            {items.map(({ q, i }) => numberButton(q, i))}
          </SimpleGrid>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {i18n._('No questions')}
          </Text>
        )}
      </Box>
    );
  };

  return (
    <Stack gap="5" ref={listRef}>
      <HStack gap="2" role="radiogroup" aria-label={i18n._('Filter questions')} flexWrap="wrap">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            role="radio"
            aria-checked={filter === f}
            variant={filter === f ? 'solid' : 'outline'}
            onClick={() => onFilter(f)}
          >
            {f === 'all' ? i18n._('All') : f === 'solved' ? i18n._('Solved') : i18n._('Unsolved')}
          </Button>
        ))}
      </HStack>
      {grid(i18n._('Reading'), READING_RANGE)}
      {grid(i18n._('Listening'), LISTENING_RANGE)}
      <HStack justify="flex-end">
        <Button colorPalette="red" onClick={onSubmit} loading={submitting && !ended} disabled={ended}>
          {i18n._('Submit And Finish Exam')}
        </Button>
      </HStack>
    </Stack>
  );
}
