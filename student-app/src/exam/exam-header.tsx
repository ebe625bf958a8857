/**
 * The running exam's sticky header: the exam's title, the question counts, the countdown and its notes, the
 * submission kept on this device, the answers' save status, the device's copy, the audio ready and full screen.
 */
import { useRef } from 'react';
import { formatNumber, i18n, localDigits } from 'shared-api';
import { Badge, Box, Button, HStack, Text, useStickyScrollPadding } from 'shared-ui';
import type { SaveStatus } from './answer-queue';
import { formatMmSs } from './clock';
import { contentLang } from './content-lang';
import { requestFullScreen } from './fullscreen';

// English, marked for translation: shown with i18n._
const SAVE_TEXT: Record<SaveStatus, string> = {
  saved: /*i18n*/ 'All answers saved',
  saving: /*i18n*/ 'Saving…',
  offline: /*i18n*/ 'Offline — answers kept on this device',
  error: /*i18n*/ 'Not saved yet — retrying',
};
const SAVE_PALETTE: Record<SaveStatus, string> = { saved: 'green', saving: 'blue', offline: 'orange', error: 'red' };
const SUBMIT_KEPT = /*i18n*/ 'Exam submitted on this device: it is sent when the connection is back, and your result shows once it is saved. Keep this page open.';

export function ExamHeader({
  examTitle, overview, total, solved, remaining, timeNote, submissionKept, saveStatus, fromDeviceCopy, audio, offerFullScreen,
}: {
  examTitle: string;
  /** the question list is shown (else one question) */
  overview: boolean;
  total: number;
  solved: number;
  remaining: number;
  timeNote: string | null;
  /** a submission waits on this device for the server */
  submissionKept: boolean;
  saveStatus: SaveStatus;
  fromDeviceCopy: boolean;
  /** the exam's audio files stored ahead, of all */
  audio: { ready: number; total: number };
  offerFullScreen: boolean;
}) {
  // focus and scrolling stay below the sticky exam header
  const headerRef = useRef<HTMLDivElement>(null);
  useStickyScrollPadding(headerRef);
  const timeOver = remaining <= 0;
  return (
    <Box
      ref={headerRef}
      position="sticky"
      top="14"
      zIndex="1"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      px={{ base: 3, md: 4 }}
      py="2"
      data-testid="exam-header"
    >
      <HStack gap={{ base: 2, md: 4 }} flexWrap="wrap" justify="space-between">
        <Text fontWeight="bold" fontSize={{ base: 'sm', md: 'md' }} truncate maxW={{ base: 'full', md: 'sm' }} lang={contentLang(examTitle)}>
          {examTitle}
        </Text>
        {overview ? (
          <HStack gap="3" fontSize="sm">
            <Text data-testid="count-total">{i18n._('Total: {count}', { count: formatNumber(total) })}</Text>
            <Text data-testid="count-solved">{i18n._('Solved: {count}', { count: formatNumber(solved) })}</Text>
            <Text data-testid="count-unsolved">{i18n._('Unsolved: {count}', { count: formatNumber(total - solved) })}</Text>
          </HStack>
        ) : (
          <Text fontSize="sm" data-testid="count-remaining">
            {i18n._('Remaining questions: {count}', { count: formatNumber(total - solved) })}
          </Text>
        )}
        <Text
          role="timer"
          aria-label={i18n._('Time remaining')}
          fontFamily="mono"
          fontWeight="bold"
          fontSize="lg"
          color={remaining < 5 * 60_000 ? 'fg.error' : 'fg'}
          data-testid="countdown"
        >
          {localDigits(formatMmSs(remaining))}
        </Text>
      </HStack>
      <Box srOnly aria-live="polite" data-testid="time-announcement">
        {timeNote}
      </Box>
      {timeNote && !timeOver && (
        <Text aria-hidden mt="1" fontSize="sm" fontWeight="semibold" color="fg.error" data-testid="time-note">
          {timeNote}
        </Text>
      )}
      {submissionKept && (
        <Text role="status" aria-live="polite" mt="1" fontSize="sm" color="fg.warning" fontWeight="medium" data-testid="submit-pending">
          {i18n._(SUBMIT_KEPT)}
        </Text>
      )}
      <HStack gap="3" mt="1" flexWrap="wrap">
        <Badge role="status" aria-live="polite" colorPalette={SAVE_PALETTE[saveStatus]} data-testid="save-status" data-status={saveStatus}>
          {i18n._(SAVE_TEXT[saveStatus])}
        </Badge>
        {fromDeviceCopy && (
          <Text fontSize="xs" color="fg.muted" data-testid="device-copy">
            {i18n._('No connection: this exam was kept on this device. Your answers are sent when the connection is back.')}
          </Text>
        )}
        {audio.total > 0 && (
          <Text fontSize="xs" color="fg.muted" data-testid="audio-ready">
            {i18n._('audio ready {ready}/{total}', { ready: formatNumber(audio.ready), total: formatNumber(audio.total) })}
          </Text>
        )}
        {offerFullScreen && (
          <Button size="xs" variant="outline" ms="auto" onClick={() => void requestFullScreen()}>
            {i18n._('Full screen')}
          </Button>
        )}
      </HStack>
    </Box>
  );
}
