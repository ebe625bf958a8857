/**
 * The running exam: overview (all) and single-question modes, the server-owned countdown, autosave through the
 * answer queue, listening play counts, and the submission (by the student or at time zero).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  LISTENING_RANGE, MSG, READING_RANGE, UNANSWERED, errorText, useRecordListeningMutation, useSaveAnswersMutation,
  useSubmitResultMutation, useUpdateReportMutation, type AudioKey, type ListeningStatus, type RunningExam,
  type SubmitResponse,
} from 'shared-api';
import {
  Badge, Box, Button, ConfirmDialog, HStack, QuestionView, SimpleGrid, Stack, Text, notify, questionAudioUrls,
} from 'shared-ui';
import { AnswerQueue, mergeAnswers, type SaveStatus } from './answer-queue';
import { clockOffset, formatMmSs, remainingMs } from './clock';
import { deviceCopy } from './device-copy';
import { ExamEndedDialog } from './exam-ended-dialog';
import { exitFullScreen, requestFullScreen, useBeforeUnload, useNavigationBlocker } from './guards';
import { usePrefetch } from './prefetch';
import { examStorage, mergeListening } from './storage';

type Mode = 'all' | 'single';
type Filter = 'all' | 'solved' | 'unsolved';

const SAVE_TEXT: Record<SaveStatus, string> = {
  saved: 'All answers saved',
  saving: 'Saving…',
  offline: 'Offline — answers kept on this device',
  error: 'Not saved yet — retrying',
};
const SAVE_PALETTE: Record<SaveStatus, string> = { saved: 'green', saving: 'blue', offline: 'orange', error: 'red' };

const isSolved = (a: string | undefined) => !!a && a !== UNANSWERED;

export function ExamRunner({ data, userId, receivedAt, fromDeviceCopy = false }: {
  data: RunningExam;
  userId: string;
  /** when this device received `data` (Date.now()): the clock's offset to the server's */
  receivedAt: number;
  /** `data` is this device's copy (the server could not be reached) */
  fromDeviceCopy?: boolean;
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

  useEffect(() => {
    // Choices made here and never confirmed (a reload while offline) go out again.
    if (Object.keys(queue.pendingAnswers).length) void queue.flush();
    const on = () => queue.online();
    const off = () => queue.offlineNow();
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [queue]);

  // --- listening play counts: the larger of the server's and this device's
  const [listening, setListening] = useState<ListeningStatus>(() =>
    mergeListening(data.listeningStatus ?? {}, examStorage.listening(attemptId)),
  );
  const [audioPlaying, setAudioPlaying] = useState(false);
  const audioUrls = useMemo(() => Array.from(new Set(questions.flatMap(questionAudioUrls))), [questions]);
  const prefetch = usePrefetch(audioUrls);

  // --- view
  const [mode, setMode] = useState<Mode>('all');
  const [index, setIndex] = useState(0);
  const [filter, setFilter] = useState<Filter>('all');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [ended, setEnded] = useState<SubmitResponse | null>(null);
  const running = !ended;
  const submittingRef = useRef(false);
  const [submitFailures, setSubmitFailures] = useState(0);

  useBeforeUnload(running);
  useNavigationBlocker(running);
  useEffect(() => requestFullScreen(), []);

  const solvedCount = questions.filter((q) => isSolved(answers[q._id])).length;
  const timeOver = remaining <= 0;

  const select = (questionId: string, answer: string) => {
    if (timeOver || submitting || ended) return;
    setAnswers((a) => ({ ...a, [questionId]: answer }));
    void queue.set(questionId, answer);
  };

  const onAudioPlayed = useCallback(
    (questionId: string, key: AudioKey) => {
      setListening((s) => {
        const next = { ...s, [questionId]: { ...s[questionId], [key]: (s[questionId]?.[key] ?? 0) + 1 } };
        examStorage.setListening(attemptId, next);
        return next;
      });
      recordListening({ attemptId, userId, question: questionId, audio: key })
        .unwrap()
        .then((server) => setListening((s) => mergeListening(server, s)))
        .catch(() => {
          /* kept on this device; the count is informative */
        });
    },
    [attemptId, userId, recordListening],
  );

  const submit = useCallback(async () => {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    setConfirmOpen(false);
    await queue.flush();
    const all = questions.map((q) => ({ question: q._id, answer: answersRef.current[q._id] ?? UNANSWERED }));
    try {
      const res = await submitResult({ examId, userId, report: attemptId, answers: all }).unwrap();
      await updateReport({ reportId: attemptId, userId, result: res.resultId }).unwrap().catch(() => undefined);
      queue.clear();
      examStorage.clear(attemptId);
      exitFullScreen();
      setEnded(res);
      notify.success('Result Saved Sucessfully');
    } catch (e) {
      // The answers stay queued on this device; the submission is retried.
      notify.error('Error cannot save result', errorText(e, ''), 'submit-error');
      submittingRef.current = false;
      setSubmitting(false);
      setSubmitFailures((n) => n + 1);
    }
  }, [queue, questions, submitResult, updateReport, examId, userId, attemptId]);

  // Time zero: submit by itself (and keep trying until the server has it).
  useEffect(() => {
    if (!timeOver || ended || submittingRef.current) return;
    if (submitFailures === 0) {
      void submit();
      return;
    }
    const t = setTimeout(() => void submit(), Math.min(30_000, 2000 * submitFailures));
    const onOnline = () => void submit();
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(t);
      window.removeEventListener('online', onOnline);
    };
  }, [timeOver, ended, submit, submitFailures]);

  const navLocked = audioPlaying;
  const current = questions[index];

  const numberButton = (qn: { _id: string; question_number: number }, i: number) => {
    const solved = isSolved(answers[qn._id]);
    return (
      <Button
        key={qn._id}
        size="sm"
        variant={solved ? 'solid' : 'outline'}
        colorPalette={solved ? 'green' : 'gray'}
        aria-label={`Question ${qn.question_number} (${solved ? 'solved' : 'unsolved'})`}
        disabled={navLocked}
        onClick={() => {
          setIndex(i);
          setMode('single');
        }}
      >
        {qn.question_number}
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
            No questions
          </Text>
        )}
      </Box>
    );
  };

  return (
    <Stack gap="4" maxW="5xl" mx="auto">
      <Box
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
          <Text fontWeight="bold" fontSize={{ base: 'sm', md: 'md' }} truncate maxW={{ base: 'full', md: 'sm' }}>
            {attempt.examTitle}
          </Text>
          {mode === 'all' ? (
            <HStack gap="3" fontSize="sm">
              <Text data-testid="count-total">Total: {questions.length}</Text>
              <Text data-testid="count-solved">Solved: {solvedCount}</Text>
              <Text data-testid="count-unsolved">Unsolved: {questions.length - solvedCount}</Text>
            </HStack>
          ) : (
            <Text fontSize="sm" data-testid="count-remaining">
              Remaining questions: {questions.length - solvedCount}
            </Text>
          )}
          <Text
            role="timer"
            aria-label="Time remaining"
            fontFamily="mono"
            fontWeight="bold"
            fontSize="lg"
            color={remaining < 5 * 60_000 ? 'fg.error' : 'fg'}
            data-testid="countdown"
          >
            {formatMmSs(remaining)}
          </Text>
        </HStack>
        <HStack gap="3" mt="1" flexWrap="wrap">
          <Badge role="status" aria-live="polite" colorPalette={SAVE_PALETTE[save.status]} data-testid="save-status" data-status={save.status}>
            {SAVE_TEXT[save.status]}
          </Badge>
          {fromDeviceCopy && (
            <Text fontSize="xs" color="fg.muted" data-testid="device-copy">
              No connection: this exam was kept on this device. Your answers are sent when the connection is back.
            </Text>
          )}
          {prefetch.total > 0 && (
            <Text fontSize="xs" color="fg.muted" data-testid="audio-ready">
              audio ready {prefetch.ready}/{prefetch.total}
            </Text>
          )}
        </HStack>
      </Box>

      {mode === 'all' && (
        <Stack gap="5">
          <HStack gap="2" role="radiogroup" aria-label="Filter questions" flexWrap="wrap">
            {(['all', 'solved', 'unsolved'] as const).map((f) => (
              <Button
                key={f}
                size="sm"
                role="radio"
                aria-checked={filter === f}
                variant={filter === f ? 'solid' : 'outline'}
                onClick={() => setFilter(f)}
              >
                {f === 'all' ? 'All' : f === 'solved' ? 'Solved' : 'Unsolved'}
              </Button>
            ))}
          </HStack>
          {grid('Reading', READING_RANGE)}
          {grid('Listening', LISTENING_RANGE)}
          <HStack justify="flex-end">
            <Button colorPalette="red" onClick={() => setConfirmOpen(true)} loading={submitting} disabled={!!ended}>
              Submit And Finish Exam
            </Button>
          </HStack>
        </Stack>
      )}

      {mode === 'single' && current && (
        <Stack gap="4">
          <Box borderWidth="1px" borderRadius="lg" p={{ base: 3, md: 5 }}>
            <QuestionView
              key={current._id}
              question={current}
              selected={answers[current._id]}
              onSelect={timeOver || ended ? undefined : (a) => select(current._id, a)}
              playCounts={listening[current._id] ?? {}}
              onAudioPlayed={(k) => onAudioPlayed(current._id, k)}
              onAudioPlayingChange={setAudioPlaying}
            />
          </Box>
          <HStack justify="space-between" gap="2">
            <Button variant="outline" disabled={navLocked || index === 0} onClick={() => setIndex((i) => Math.max(0, i - 1))}>
              Previous
            </Button>
            <Button variant="subtle" disabled={navLocked} onClick={() => setMode('all')}>
              Total Question
            </Button>
            <Button
              colorPalette="blue"
              disabled={navLocked}
              onClick={() => {
                if (index >= questions.length - 1) setMode('all');
                else setIndex(index + 1);
              }}
            >
              Next
            </Button>
          </HStack>
        </Stack>
      )}

      <ConfirmDialog
        open={confirmOpen}
        title="Submit And Finish Exam"
        message={MSG.submitConfirm}
        onConfirm={submit}
        onClose={() => setConfirmOpen(false)}
      />
      {ended && <ExamEndedDialog result={ended} />}
    </Stack>
  );
}
