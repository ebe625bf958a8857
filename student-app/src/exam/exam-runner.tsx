/**
 * The running exam, put together from its parts: the clock (./use-exam-clock.ts), the answers (./use-answers.ts), the
 * listening plays (./use-listening-plays.ts), the submission (./use-submission.ts), the record of leaving
 * (./use-leave-record.ts), where the student is and the focus (./use-exam-navigation.ts), and the view: the header
 * (./exam-header.tsx), the question list (./question-overview.tsx) or one question (./question-screen.tsx), the
 * confirmation and the result (./exam-ended-dialog.tsx: fetched when the submission starts, see EndedDialog).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MSG, i18n, type AudioKey, type RunningExam, type SubmitResponse } from 'shared-api';
import { ConfirmDialog, Stack, Text, lazyScreen, questionAudioUrls } from 'shared-ui';
import { ExamHeader } from './exam-header';
import { fullScreenAllowed, useInFullScreen } from './fullscreen';
import { useBeforeUnload, useNavigationBlocker } from './guards';
import { usePrefetch } from './prefetch';
import { QuestionOverview } from './question-overview';
import { QuestionScreen } from './question-screen';
import { isSolved, useAnswers } from './use-answers';
import { useBrowserOnline } from './use-browser-online';
import { useExamClock } from './use-exam-clock';
import { useExamNavigation } from './use-exam-navigation';
import { useLeaveRecord } from './use-leave-record';
import { useListeningPlays } from './use-listening-plays';
import { useSubmission } from './use-submission';

/**
 * The result dialog and the scores' wording are the exam's end, not the exam page's start: their code is fetched when
 * the submission starts (the student's, the clock's, or one kept on this device), while the submission travels, so
 * it is there when the server has stored it; fetched again when it is shown if that fetch failed (offline), with
 * Retry if it still cannot be.
 */
const EndedDialog = lazyScreen<{ result: SubmitResponse }>(
  () => import(/* webpackChunkName: "exam-ended" */ './exam-ended-dialog').then((m) => m.ExamEndedDialog), null);

const SUBMIT_OFFLINE_NOTE = /*i18n*/ 'This device is offline: your submission is kept on this device and sent when the connection is back.';

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
  const questions = useMemo(() => [...data.questions].sort((a, b) => a.question_number - b.question_number), [data.questions]);

  const clock = useExamClock(attempt, receivedAt);
  const answers = useAnswers({ attemptId, userId, questions, saved: data.answers, onServerNow: clock.serverNow });
  const plays = useListeningPlays({ attemptId, userId, playLimit: data.playLimit, serverCounts: data.listeningStatus });
  // the submission finishes the record of leaving, which runs until the submission is stored (below)
  const finishLeaves = useRef<() => Promise<void>>(async () => undefined);
  const submission = useSubmission({
    attemptId,
    examId: attempt.exam,
    userId,
    answersOnScreen: answers.onScreen,
    beforeSend: async () => {
      await answers.flush();
      // a failure here (offline) keeps the records on the device
      await finishLeaves.current().catch(() => undefined);
    },
    onStored: () => {
      answers.clear();
      plays.clear();
    },
    onSubmit: () => {
      void EndedDialog.preload();
      onSubmit?.();
    },
  });
  const { ended, submit: submitNow } = submission;
  const submitting = submission.state !== 'none';
  const running = !ended;
  // the record of leaving the exam page while it runs (information for the institute, never a penalty)
  finishLeaves.current = useLeaveRecord(attemptId, userId, running, clock.offsetRef);
  useBeforeUnload(running);
  useNavigationBlocker(running);
  // Full screen is asked for by the press that started the exam (the start page); left (Esc, a reload), the header
  // offers it again: a browser grants it only to a press.
  const inFullScreen = useInFullScreen();
  const offerFullScreen = running && !inFullScreen && fullScreenAllowed();
  const online = useBrowserOnline();
  const nav = useExamNavigation(questions);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [audioPlaying, setAudioPlaying] = useState(false);
  const audioUrls = useMemo(() => Array.from(new Set(questions.flatMap(questionAudioUrls))), [questions]);
  const prefetch = usePrefetch(audioUrls);

  const { timeOver } = clock;
  const solvedCount = questions.filter((q) => isSolved(answers.answers[q._id])).length;

  const submit = useCallback(() => {
    setConfirmOpen(false);
    submitNow();
  }, [submitNow]);

  // Time zero: submit by itself, once (kept and sent again like the student's own).
  const submittedAtZero = useRef(false);
  useEffect(() => {
    if (!timeOver || submittedAtZero.current) return;
    submittedAtZero.current = true;
    submit();
  }, [timeOver, submit]);

  const choose = (questionId: string, answer: string) => {
    if (!timeOver && !submitting) answers.choose(questionId, answer);
  };

  /** A play starts from the student's tap: counted and queued, or refused when no play of it is left. */
  const onAudioPlayed = useCallback(
    (questionId: string, key: AudioKey) => !timeOver && !ended && plays.play(questionId, key),
    [plays, timeOver, ended],
  );

  const { current } = nav;
  return (
    <Stack gap="4" maxW="5xl" mx="auto">
      <ExamHeader
        examTitle={attempt.examTitle}
        overview={nav.overview}
        total={questions.length}
        solved={solvedCount}
        remaining={clock.remaining}
        timeNote={clock.timeNote}
        submissionKept={submission.state === 'kept'}
        saveStatus={answers.save.status}
        fromDeviceCopy={fromDeviceCopy}
        audio={prefetch}
        offerFullScreen={offerFullScreen}
      />

      {nav.overview && (
        <QuestionOverview
          questions={questions}
          answers={answers.answers}
          filter={nav.filter}
          onFilter={nav.setFilter}
          locked={audioPlaying}
          onOpen={nav.showQuestion}
          listRef={nav.listRef}
          submitting={submitting}
          ended={!!ended}
          onSubmit={() => setConfirmOpen(true)}
        />
      )}

      {current && (
        <QuestionScreen
          question={current}
          selected={answers.answers[current._id]}
          onSelect={timeOver || ended ? undefined : (a) => choose(current._id, a)}
          playCounts={plays.counts[current._id] ?? {}}
          playLimit={plays.limit}
          onAudioPlayed={(k) => onAudioPlayed(current._id, k)}
          stopRequest={plays.stopRequest?.question === current._id ? plays.stopRequest : undefined}
          onAudioPlayingChange={setAudioPlaying}
          locked={audioPlaying}
          first={nav.index === 0}
          onPrevious={nav.previous}
          onList={nav.showList}
          onNext={nav.next}
          questionRef={nav.questionRef}
        />
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
      {ended && <EndedDialog result={ended} />}
    </Stack>
  );
}
