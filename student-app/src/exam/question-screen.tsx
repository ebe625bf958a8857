/** One question of the running exam, with Previous, Total Question (the list) and Next. */
import type { RefObject } from 'react';
import { formatNumber, i18n, type AudioKey, type ListeningStatus, type Question } from 'shared-api';
import { Box, Button, HStack, QuestionView, Stack } from 'shared-ui';
import type { StopRequest } from './use-listening-plays';

export function QuestionScreen({
  question, selected, onSelect, playCounts, playLimit, onAudioPlayed, stopRequest, onAudioPlayingChange, locked, first,
  onPrevious, onList, onNext, questionRef,
}: {
  question: Question;
  selected: string | undefined;
  /** absent: no choice can be made (the time is over, the exam has ended) */
  onSelect: ((answer: string) => void) | undefined;
  playCounts: ListeningStatus[string];
  playLimit: number | null;
  /** a play starts: false refuses it (none left, the exam over) */
  onAudioPlayed: (key: AudioKey) => boolean;
  stopRequest: StopRequest | undefined;
  onAudioPlayingChange: (playing: boolean) => void;
  /** an audio is playing: the moves wait */
  locked: boolean;
  first: boolean;
  onPrevious: () => void;
  onList: () => void;
  onNext: () => void;
  questionRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <Stack gap="4">
      <Box
        ref={questionRef}
        tabIndex={-1}
        role="region"
        aria-label={i18n._('Question {number}', { number: formatNumber(question.question_number) })}
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: 3, md: 5 }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}
      >
        <QuestionView
          key={question._id}
          question={question}
          selected={selected}
          onSelect={onSelect}
          playCounts={playCounts}
          playLimit={playLimit}
          onAudioPlayed={onAudioPlayed}
          stopRequest={stopRequest}
          onAudioPlayingChange={onAudioPlayingChange}
        />
      </Box>
      <HStack justify="space-between" gap="2">
        <Button variant="outline" disabled={locked || first} onClick={onPrevious}>
          {i18n._('Previous')}
        </Button>
        <Button variant="subtle" disabled={locked} onClick={onList}>
          {i18n._('Total Question')}
        </Button>
        <Button colorPalette="blue" disabled={locked} onClick={onNext}>
          {i18n._('Next')}
        </Button>
      </HStack>
    </Stack>
  );
}
