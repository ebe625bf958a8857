/**
 * The score per item type (server/src/attempts/item-types.ts), weakest first: a list whose every line is the figure in
 * words ("Listening, picture to answer: 2 of 5"), each with a bar of its share right drawn beside it for the eye only
 * (aria-hidden: the words are what it says). Shown on the result detail (one result), the student's Results page and
 * the back office's user detail (a student's results) and exam results (an exam's). Narrow screens: a line wraps, its
 * bar takes the whole width under it.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { errorText, formatNumber, i18n, type ItemTypeBreakdown, type ItemTypeScore } from 'shared-api';
import { itemTypeScoreText, itemTypeShare } from 'shared-api/item-type-scores';
import { EmptyState, ErrorState, LoadingState } from '../components/states';

export interface ItemTypeScoresProps {
  scores: readonly ItemTypeScore[];
  /** the heading ('Score by item type' by default) */
  title?: string;
  /** a line under the heading (whose results these are) */
  note?: string;
}

/** The list itself (no loading or empty state: the caller has the scores). */
export function ItemTypeScores({ scores, title, note }: ItemTypeScoresProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="item-type-scores">
      <Heading as="h2" size="md" id={headingId}>{title ?? i18n._('Score by item type')}</Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {note ? `${note} ` : ''}{i18n._('Weakest first.')}
      </Text>
      <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
        {scores.map((s) => {
          const share = itemTypeShare(s);
          return (
            <Box as="li" key={s.itemType} data-testid="item-type-score" data-item-type={s.itemType}
              display="grid" gridTemplateColumns={{ base: '1fr', sm: 'minmax(0, 1fr) 10rem' }} columnGap="3" rowGap="1" alignItems="center">
              <Text minW="0" overflowWrap="anywhere">{itemTypeScoreText(s)}</Text>
              <Box aria-hidden="true" display="flex" alignItems="center" gap="2">
                <Box flex="1" h="2" bg="bg.emphasized" borderRadius="full" overflow="hidden">
                  <Box h="full" w={`${Math.round(share * 100)}%`} bg={share < 0.5 ? 'orange.solid' : 'blue.solid'} borderRadius="full" />
                </Box>
                <Text as="span" fontSize="xs" color="fg.muted" minW="9" textAlign="end">{formatNumber(Math.round(share * 100))}%</Text>
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

export interface ItemTypePanelProps {
  /** the breakdown's query, as RTK Query gives it */
  data: ItemTypeBreakdown | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** when there is nothing to count */
  emptyText: string;
  /** whose results (shown under the heading with the count) */
  scope?: string;
}

/** A breakdown as it loads: the loading state, an error with Retry, an empty state, or the list with how many results it counts. */
export function ItemTypePanel({ data, isLoading, error, onRetry, title, emptyText, scope }: ItemTypePanelProps) {
  const heading = title ?? i18n._('Score by item type');
  if (isLoading) return <LoadingState label={heading} />;
  if (error || !data) {
    return <ErrorState title={i18n._('Error cannot get the score by item type')} message={errorText(error, i18n._('Error loading Results'))} onRetry={onRetry} />;
  }
  const hidden = !data.hidden ? ''
    : data.hidden === 1 ? i18n._('1 result of an exam that shows the score only is not counted.')
      : i18n._('{count} results of exams that show the score only are not counted.', { count: formatNumber(data.hidden) });
  if (!data.types.length) {
    return (
      <Box data-testid="item-type-scores-empty">
        <EmptyState title={heading}>
          <Text>{emptyText}</Text>
          {hidden && <Text fontSize="sm" color="fg.muted">{hidden}</Text>}
        </EmptyState>
      </Box>
    );
  }
  const counted = data.results === 1
    ? i18n._('Across 1 result.')
    : i18n._('Across {count} results.', { count: formatNumber(data.results) });
  return <ItemTypeScores scores={data.types} title={heading} note={[scope, counted, hidden].filter(Boolean).join(' ')} />;
}
