/**
 * The running exam: overview (all) and single-question modes, the server-owned countdown, autosave through the
 * answer queue, listening play counts, and the submission (by the student or at time zero).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  LISTENING_RANGE, MSG, READING_RANGE, UNANSWERED, errorText, formatNumber, i18n, localDigits, type AudioKey, type RunningExam, type SubmitResponse,
} from 'shared-api';
import {
  useRecordListeningMutation, useSaveAnswersMutation, useSubmitResultMutation, useUpdateReportMutation,
} from 'shared-api/student-exam';
import {
  Badge, Box, Button, ConfirmDialog, HStack, QuestionView, useStickyScrollPadding, SimpleGrid, Stack, Text, notify, questionAudioUrls,
} from 'shared-ui';
import { AnswerQueue, mergeAnswers, type SaveStatus } from './answer-queue';
import { backoffDelay } from './retry';
import { clockOffset, formatMmSs, remainingMs, timeAnnouncement } from './clock';
import { contentLang } from './content-lang';
import { deviceCopy } from './device-copy';
import { ExamEndedDialog } from './exam-ended-dialog';
import { exitFullScreen, fullScreenAllowed, requestFullScreen, useInFullScreen } from './fullscreen';
import { useBeforeUnload, useNavigationBlocker } from './guards';
import { usePrefetch } from './prefetch';
import { useBrowserOnline } from './use-browser-online';
import { PlayQueue } from './play-queue';
import { examStorage } from './storage';
import { useLeaveRecord } from './use-leave-record';

type Mode = 'all' | 'single';
type Filter = 'all' | 'solved' | 'unsolved';

// English, marked for translation: shown with i18n._
const SAVE_TEXT: Record<SaveStatus, string> = {
  saved: /*i18n*/ 'All answers saved',
  saving: /*i18n*/ 'Saving…',
  offline: /*i18n*/ 'Offline — answers kept on this device',
  error: /*i18n*/ 'Not saved yet — retrying',
};
const SAVE_PALETTE: Record<SaveStatus, string> = { saved: 'green', saving: 'blue', offline: 'orange', error: 'red' };
const SUBMIT_OFFLINE_NOTE = /*i18n*/ 'This device is offline: your submission is kept on this device and sent when the connection is back.';
const SUBMIT_KEPT = /*i18n*/ 'Exam submitted on this device: it is sent when the connection is back, and your result shows once it is saved. Keep this page open.';

/** Not reached, or a failing server (a proxy's 502, a timeout, too many requests): the submission is sent again. */
const sendAgain = (e: unknown) => {
  const status = (e as { status?: unknown })?.status;
  return typeof status !== 'number' || status === 0 || status >= 500 || status === 408 || status === 429;
};

const isSolved = (a: string | undefined) => !!a && a !== UNANSWERED;

export function ExamRunner({ data, userId, receivedAt, fromDeviceCopy = false, onSubmit }: {
  data: RunningExam;
  userId: string;
  /** when this device received `data` (Date.now()): the clock's offset to the server's */
  receivedAt: number;
  /** `data` is this device's copy (the server could not be reached) */
  fromDeviceCopy?: boolean;
  /** the student submitted (or the time ran out): the page keeps this runner until it has shown the result */
  onSubmit?: () => void;
}) {
  const { attempt } = data;
  const attemptId = attempt._id;
  const examId = attempt.exam;
  const questions = useMemo(() => [...data.questions].sort((a, b) => a.question_number - b.question_number), [data.questions]);

  const [saveAnswers] = useSaveAnswersMutation();
  const [recordListening] = useRecordListeningMutation();
  const [submitResult] = useSubmitResultMutation();
  const [updateReport] = useUpdateReportMutation();

  // --- clock: the server's deadline on the server's clock
  const [offset, setOffset] = useState(() => clockOffset(attempt.serverNow, receivedAt));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const remaining = remainingMs(attempt.deadlineAt, offset, now);
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  // 10 and 5 minutes left: said once each to screen readers (a polite live region) and shown in the header
  const [timeNote, setTimeNote] = useState<string | null>(null);
  const remainingBefore = useRef<number | null>(null);
  useEffect(() => {
    const note = timeAnnouncement(remainingBefore.current, remaining);
    remainingBefore.current = remaining;
    if (note) setTimeNote(note);
  }, [remaining]);

  // --- answers: local state at once, the queue keeps and sends them
  const queue = useMemo(
    () =>
      new AnswerQueue({
        attemptId,
        send: async (answers) => {
          const res = await saveAnswers({ attemptId, userId, answers }).unwrap();
          if (res?.serverNow) setOffset(clockOffset(res.serverNow, Date.now()));
        },
      }),
    [attemptId, userId, saveAnswers],
  );
  useEffect(() => () => queue.dispose(), [queue]);
  const [answers, setAnswers] = useState<Record<string, string>>(() => mergeAnswers(data.answers, queue.pendingAnswers));
  const answersRef = useRef(answers);
  answersRef.current = answers;
  // every choice on screen, for a reload without a connection (the device's copy of the exam)
  useEffect(() => deviceCopy.setChoices(attemptId, answers), [attemptId, answers]);
  const save = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  // --- listening plays: counted on this device at once, sent like the answers (kept and sent again until the server
  // has them); the limit is checked here from this device's counts, and the server refuses a play beyond it
  const [stopRequest, setStopRequest] = useState<{ key: AudioKey; seq: number; question: string }>();
  const plays = useMemo(
    () =>
      new PlayQueue({
        attemptId,
        limit: data.playLimit ?? null,
        serverCounts: data.listeningStatus ?? {},
        send: (play) => recordListening({ attemptId, userId, ...play }).unwrap(),
        onRefused: (play) => setStopRequest((r) => ({ key: play.audio, question: play.question, seq: (r?.seq ?? 0) + 1 })),
      }),
    // one queue per attempt: the server's later limit and counts are taken in below
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attemptId, userId, recordListening],
  );
  useEffect(() => () => plays.dispose(), [plays]);
  useEffect(() => {
    plays.setLimit(data.playLimit ?? null);
    plays.serverCounts(data.listeningStatus ?? {});
  }, [plays, data.playLimit, data.listeningStatus]);
  const listening = useSyncExternalStore(plays.subscribe, plays.getSnapshot);

  useEffect(() => {
    // Choices made here and never confirmed (a reload while offline) go out again.
    if (Object.keys(queue.pendingAnswers).length) void queue.flush();
    // Plays made here and never confirmed go out again too.
    void plays.flush();
    const on = () => {
      queue.online();
      plays.online();
    };
    const off = () => queue.offlineNow();
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [queue, plays]);

  const [audioPlaying, setAudioPlaying] = useState(false);
  const audioUrls = useMemo(() => Array.from(new Set(questions.flatMap(questionAudioUrls))), [questions]);
  const prefetch = usePrefetch(audioUrls);

  // --- view
  const [mode, setMode] = useState<Mode>('all');
  const [index, setIndex] = useState(0);
  const [filter, setFilter] = useState<Filter>('all');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [ended, setEnded] = useState<SubmitResponse | null>(null);
  const running = !ended;
  const online = useBrowserOnline();
  // The submission: 'kept' once the server could not be reached for it (kept on this device, in storage, and sent
  // again until the server has stored it, after a reload too), 'sending' on the way the first time.
  const [submission, setSubmission] = useState<'none' | 'sending' | 'kept'>(() =>
    examStorage.submissionKept(attemptId) ? 'kept' : 'none',
  );
  const submitting = submission !== 'none';
  const sendingRef = useRef(false);
  /** set once the server has stored the submission: a retry timer or an 'online' event that fires before the page
   * re-renders must not post it again */
  const storedRef = useRef(false);
  const [submitFailures, setSubmitFailures] = useState(0);

  // the record of leaving the exam page while it runs (information for the institute, never a penalty)
  const finishLeaves = useLeaveRecord(attemptId, userId, running, offsetRef);
  useBeforeUnload(running);
  useNavigationBlocker(running);
  // Full screen is asked for by the press that started the exam (the start page); left (Esc, a reload), the header
  // offers it again: a browser grants it only to a press.
  const inFullScreen = useInFullScreen();
  const offerFullScreen = running && !inFullScreen && fullScreenAllowed();

  const solvedCount = questions.filter((q) => isSolved(answers[q._id])).length;
  const timeOver = remaining <= 0;

  const select = (questionId: string, answer: string) => {
    if (timeOver || submitting || ended) return;
    setAnswers((a) => ({ ...a, [questionId]: answer }));
    void queue.set(questionId, answer);
  };

  /** A play starts from the student's tap: counted and queued, or refused when no play of it is left. */
  const onAudioPlayed = useCallback(
    (questionId: string, key: AudioKey) => !timeOver && !ended && plays.play(questionId, key) !== null,
    [plays, timeOver, ended],
  );

  /** Sends the submission (every answer on screen; the server scores from them, or past the time from those saved). */
  const send = useCallback(async () => {
    if (sendingRef.current || storedRef.current) return;
    sendingRef.current = true;
    await queue.flush();
    // before the submission closes the attempt; a failure here (offline) keeps them on the device
    await finishLeaves().catch(() => undefined);
    const all = questions.map((q) => ({ question: q._id, answer: answersRef.current[q._id] ?? UNANSWERED }));
    try {
      const res = await submitResult({ examId, userId, report: attemptId, answers: all }).unwrap();
      storedRef.current = true;
      await updateReport({ reportId: attemptId, userId, result: res.resultId }).unwrap().catch(() => undefined);
      queue.clear();
      plays.clear();
      examStorage.clear(attemptId);
      exitFullScreen();
      setEnded(res);
      notify.success(i18n._('Result Saved Sucessfully'));
    } catch (e) {
      if (sendAgain(e)) {
        // Kept on this device (the answers too) and sent again: when the browser is back online, and meanwhile with
        // a growing pause (a link the browser thinks is up, a failing server).
        examStorage.keepSubmission(attemptId);
        setSubmission('kept');
        setSubmitFailures((n) => n + 1);
      } else {
        // The server refused it: nothing to send again; the student may press Submit again.
        examStorage.dropSubmission(attemptId);
        notify.error(i18n._('Error cannot save result'), errorText(e, ''), 'submit-error');
        setSubmission('none');
      }
    } finally {
      sendingRef.current = false;
    }
  }, [queue, plays, finishLeaves, questions, submitResult, updateReport, examId, userId, attemptId]);

  const submit = useCallback(() => {
    setConfirmOpen(false);
    if (submission !== 'none' || ended) return;
    setSubmission('sending');
    onSubmit?.();
    void send();
  }, [submission, ended, onSubmit, send]);

  // A kept submission (this visit or one before a reload) goes out again until the server has stored it.
  useEffect(() => {
    if (submission !== 'kept' || ended) return;
    onSubmit?.();
    const retry = () => void send();
    const t = setTimeout(retry, submitFailures === 0 ? 0 : backoffDelay(submitFailures, 2000, 30_000));
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(t);
      window.removeEventListener('online', retry);
    };
  }, [submission, ended, send, submitFailures, onSubmit]);

  // Time zero: submit by itself, once (kept and sent again like the student's own).
  const submittedAtZero = useRef(false);
  useEffect(() => {
    if (!timeOver || submittedAtZero.current) return;
    submittedAtZero.current = true;
    submit();
  }, [timeOver, submit]);

  const navLocked = audioPlaying;
  // focus and scrolling stay below the sticky exam header
  const headerRef = useRef<HTMLDivElement>(null);
  useStickyScrollPadding(headerRef);
  // Switching between the question list and a question, or to the next or previous question, the focus follows: to
  // the question (read from its start, in view below the sticky header), or back to its number in the list.
  const focusNext = useRef<'question' | 'list' | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const showQuestion = (i: number) => {
    focusNext.current = 'question';
    setIndex(i);
    setMode('single');
  };
  const showList = () => {
    focusNext.current = 'list';
    setMode('all');
  };
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'question') {
      // its start, below the sticky headers (scroll-padding-top), even when a part of it was in view already
      questionRef.current?.scrollIntoView({ block: 'start' });
      questionRef.current?.focus({ preventScroll: true });
    }
    else if (target === 'list') {
      const n = questions[index]?.question_number;
      (listRef.current?.querySelector(`[data-number="${n}"]`) as HTMLElement | null)?.focus();
    }
  }, [mode, index, questions]);
  const current = questions[index];

  const numberButton = (qn: { _id: string; question_number: number }, i: number) => {
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
        disabled={navLocked}
        onClick={() => showQuestion(i)}
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
    <Stack gap="4" maxW="5xl" mx="auto">
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
          <Text fontWeight="bold" fontSize={{ base: 'sm', md: 'md' }} truncate maxW={{ base: 'full', md: 'sm' }} lang={contentLang(attempt.examTitle)}>
            {attempt.examTitle}
          </Text>
          {mode === 'all' ? (
            <HStack gap="3" fontSize="sm">
              <Text data-testid="count-total">{i18n._('Total: {count}', { count: formatNumber(questions.length) })}</Text>
              <Text data-testid="count-solved">{i18n._('Solved: {count}', { count: formatNumber(solvedCount) })}</Text>
              <Text data-testid="count-unsolved">{i18n._('Unsolved: {count}', { count: formatNumber(questions.length - solvedCount) })}</Text>
            </HStack>
          ) : (
            <Text fontSize="sm" data-testid="count-remaining">
              {i18n._('Remaining questions: {count}', { count: formatNumber(questions.length - solvedCount) })}
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
        {submission === 'kept' && !ended && (
          <Text role="status" aria-live="polite" mt="1" fontSize="sm" color="fg.warning" fontWeight="medium" data-testid="submit-pending">
            {i18n._(SUBMIT_KEPT)}
          </Text>
        )}
        <HStack gap="3" mt="1" flexWrap="wrap">
          <Badge role="status" aria-live="polite" colorPalette={SAVE_PALETTE[save.status]} data-testid="save-status" data-status={save.status}>
            {i18n._(SAVE_TEXT[save.status])}
          </Badge>
          {fromDeviceCopy && (
            <Text fontSize="xs" color="fg.muted" data-testid="device-copy">
              {i18n._('No connection: this exam was kept on this device. Your answers are sent when the connection is back.')}
            </Text>
          )}
          {prefetch.total > 0 && (
            <Text fontSize="xs" color="fg.muted" data-testid="audio-ready">
              {i18n._('audio ready {ready}/{total}', { ready: formatNumber(prefetch.ready), total: formatNumber(prefetch.total) })}
            </Text>
          )}
          {offerFullScreen && (
            <Button size="xs" variant="outline" ms="auto" onClick={() => void requestFullScreen()}>
              {i18n._('Full screen')}
            </Button>
          )}
        </HStack>
      </Box>

      {mode === 'all' && (
        <Stack gap="5" ref={listRef}>
          <HStack gap="2" role="radiogroup" aria-label={i18n._('Filter questions')} flexWrap="wrap">
            {(['all', 'solved', 'unsolved'] as const).map((f) => (
              <Button
                key={f}
                size="sm"
                role="radio"
                aria-checked={filter === f}
                variant={filter === f ? 'solid' : 'outline'}
                onClick={() => setFilter(f)}
              >
                {f === 'all' ? i18n._('All') : f === 'solved' ? i18n._('Solved') : i18n._('Unsolved')}
              </Button>
            ))}
          </HStack>
          {grid(i18n._('Reading'), READING_RANGE)}
          {grid(i18n._('Listening'), LISTENING_RANGE)}
          <HStack justify="flex-end">
            <Button colorPalette="red" onClick={() => setConfirmOpen(true)} loading={submitting && !ended} disabled={!!ended}>
              {i18n._('Submit And Finish Exam')}
            </Button>
          </HStack>
        </Stack>
      )}

      {mode === 'single' && current && (
        <Stack gap="4">
          <Box
            ref={questionRef}
            tabIndex={-1}
            role="region"
            aria-label={i18n._('Question {number}', { number: formatNumber(current.question_number) })}
            borderWidth="1px"
            borderRadius="lg"
            p={{ base: 3, md: 5 }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}
          >
            <QuestionView
              key={current._id}
              question={current}
              selected={answers[current._id]}
              onSelect={timeOver || ended ? undefined : (a) => select(current._id, a)}
              playCounts={listening[current._id] ?? {}}
              playLimit={plays.limit}
              onAudioPlayed={(k) => onAudioPlayed(current._id, k)}
              stopRequest={stopRequest?.question === current._id ? stopRequest : undefined}
              onAudioPlayingChange={setAudioPlaying}
            />
          </Box>
          <HStack justify="space-between" gap="2">
            <Button variant="outline" disabled={navLocked || index === 0} onClick={() => showQuestion(Math.max(0, index - 1))}>
              {i18n._('Previous')}
            </Button>
            <Button variant="subtle" disabled={navLocked} onClick={showList}>
              {i18n._('Total Question')}
            </Button>
            <Button
              colorPalette="blue"
              disabled={navLocked}
              onClick={() => {
                if (index >= questions.length - 1) showList();
                else showQuestion(index + 1);
              }}
            >
              {i18n._('Next')}
            </Button>
          </HStack>
        </Stack>
      )}

      <ConfirmDialog
        open={confirmOpen}
        title={i18n._('Submit And Finish Exam')}
        message={MSG.submitConfirm}
        onConfirm={submit}
        onClose={() => setConfirmOpen(false)}
      >
        {!online && (
          <Text mt="3" fontSize="sm" color="fg.warning" data-testid="submit-offline-note">
            {i18n._(SUBMIT_OFFLINE_NOTE)}
          </Text>
        )}
      </ConfirmDialog>
      {ended && <ExamEndedDialog result={ended} />}
    </Stack>
  );
}
