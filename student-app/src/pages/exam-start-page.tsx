/**
 * /student/exams/start/{examId}: the notes before the exam and its download (questions and media onto this device,
 * ../exam/use-exam-download.ts); Get Started creates (or resumes) the attempt, enabled when the exam is on the device
 * (or at once, for a student who chooses to start without downloading, and where the device cannot keep it).
 */
import { useEffect, useState } from 'react';
import {
  EXAM_DURATION_SECONDS, TOTAL_QUESTIONS, errorText, formatNumber, i18n, useGetAvailableExamsQuery, useSession,
} from 'shared-api';
import { useGetExtraTimeQuery, useIncreaseCountMutation, useStartAttemptMutation } from 'shared-api/student-exam';
import { minutesText } from 'shared-api/leaves';
import { Box, Button, HStack, PageHeader, Stack, Text, notify, preloadOverlays, QuestionView, useNavigate, useParams } from 'shared-ui';
import { contentLang } from '../exam/content-lang';
import { deviceCopy } from '../exam/device-copy';
import { DownloadPanel, START_WITHOUT_WARNING } from '../exam/download-panel';
import { exitFullScreen, requestFullScreen } from '../exam/fullscreen';
import { useBrowserOnline } from '../exam/use-browser-online';
import { useExamDownload } from '../exam/use-exam-download';
import { RunningNote } from '../exam/running-note';
import { examStorage } from '../exam/storage';
import { paths } from '../paths';
import { ExamPage } from './lazy';

export function ExamStartPage() {
  const { examId = '' } = useParams();
  const { user, institute } = useSession();
  const navigate = useNavigate();
  // The exam page (its runner, the question view and the dialogs) is fetched while the student reads the rules,
  // so Start opens it at once, even if the connection drops in between.
  useEffect(() => {
    void ExamPage.preload();
    void preloadOverlays('Dialog');
    void QuestionView.preload();
  }, []);
  const selected = examStorage.selected();
  const matches = !!selected && selected._id === examId;
  // A running attempt is resumed: the list (cached from the exam list page, else asked) has its time left.
  const available = useGetAvailableExamsQuery(user?._id ?? '', { skip: !user || !matches });
  const listed = available.data?.find((e) => e._id === examId);
  const running = listed ? listed.running : selected?.running;
  const [startAttempt, { isLoading }] = useStartAttemptMutation();
  const [increaseCount] = useIncreaseCountMutation();
  const [busy, setBusy] = useState(false);
  const online = useBrowserOnline();
  const download = useExamDownload(matches ? examId : '', matches ? user?._id ?? '' : '');
  const onDevice = download.progress?.phase === 'complete';
  // plays allowed of each listening audio (the exam's, as listed; the downloaded copy's while the list is not known)
  const playLimit = (listed ? listed.play_limit : download.pkg?.playLimit ?? selected?.play_limit) ?? null;

  // the student's own length (extra time, set by the institute); the exam's usual one until it is known
  const extra = useGetExtraTimeQuery({ userId: user?._id ?? '' }, { skip: !user || !matches });
  const base = extra.data?.durationSeconds ?? EXAM_DURATION_SECONDS;
  const length = extra.data?.extraSeconds
    ? i18n._('{total} for you ({usual} + {extra} extra time)', {
      total: minutesText(base + extra.data.extraSeconds), usual: minutesText(base), extra: minutesText(extra.data.extraSeconds),
    })
    : minutesText(base);

  useEffect(() => {
    if (!matches) navigate(paths.exams, { replace: true });
  }, [matches, navigate]);
  if (!matches || !user) return null;

  const start = async () => {
    // first, while the press is being handled: browsers grant full screen only inside a gesture, not after an await
    const fullScreen = requestFullScreen();
    setBusy(true);
    try {
      const attempt = await startAttempt({ userId: user._id, exam: examId, institute: institute?._id ?? user.created_by ?? null }).unwrap();
      // the downloaded questions become the attempt's copy: the exam page has them even if the link drops now
      if (download.pkg) deviceCopy.startFrom(attempt, download.pkg.questions, download.pkg.playLimit ?? null, user._id, Date.now());
      // The server counts the attempt with its creation; this call only keeps the spec's flow (and its counts).
      await increaseCount({ examId, userId: user._id }).unwrap().catch(() => undefined);
      examStorage.setRunning({ examId, attemptId: attempt._id });
      navigate(paths.exam(examId));
    } catch (e) {
      // not started: the page the student stays on is not the exam's (once the browser has answered the request)
      void fullScreen.then(exitFullScreen);
      notify.error(i18n._('Cannot start exam'), errorText(e, i18n._('Error cannot get Exams')));
      setBusy(false);
    }
  };

  // Get Started waits for the download where the device can keep the exam; the student may choose not to wait
  const canWait = download.support === 'yes' && !onDevice;
  const ready = online && (download.support === 'no' || onDevice);

  return (
    <Stack gap="5" maxW="3xl" mx="auto">
      <PageHeader title={<span lang={contentLang(selected.title)}>{selected.title}</span>} onBack={() => navigate(paths.exams)} />
      <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
        <Text fontWeight="semibold" mb="3">
          {i18n._('Before you start')}
        </Text>
        {/* a plain list (the kit's List is a chunk of its own): the exam's pages keep within their budget */}
        <Stack as="ul" gap="2" ps="5" listStyleType="disc">
          <Box as="li" data-testid="exam-length">
            {i18n._('The exam has {count} questions (Reading 1-20, Listening 21-40) and lasts {length}.', { count: formatNumber(TOTAL_QUESTIONS), length })}
          </Box>
          <Box as="li">
            {i18n._('If the internet disconnects during the exam, the exam is counted but the result is not saved. Your answers and your submission are kept on this device and sent when the connection is back; the result shows once it is saved.')}
          </Box>
          <Box as="li">{i18n._('Unanswered questions are marked as not attempted.')}</Box>
          <Box as="li">{i18n._('The clock keeps running if you close or reload the page; reopen the exam to continue.')}</Box>
          <Box as="li" data-testid="play-limit">
            {playLimit === null
              ? i18n._('Audio can be replayed; navigation is paused while an audio plays.')
              : playLimit === 1
                ? i18n._('Each listening audio can be played only once in this exam; the plays left show beside it. Navigation is paused while an audio plays.')
                : i18n._('Each listening audio can be played at most {count} times in this exam; the plays left show beside it. Navigation is paused while an audio plays.', { count: formatNumber(playLimit) })}
          </Box>
        </Stack>
      </Box>
      {running && (
        <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} borderColor="border.info">
          <RunningNote running={running} receivedAt={listed ? available.fulfilledTimeStamp : undefined} />
        </Box>
      )}
      <DownloadPanel state={download} listedBytes={selected.downloadBytes} online={online} />
      {!online && (
        <Text role="status" color="fg.warning" fontWeight="medium" data-testid="start-offline">
          {running
            ? i18n._("You are offline. Resume needs the connection: the server starts the exam's clock when you press it.")
            : i18n._("You are offline. Get Started needs the connection: the server starts the exam's clock when you press it.")}
        </Text>
      )}
      {canWait && (
        <Text fontSize="sm" color="fg.muted" id="start-without-warning">
          {i18n._(START_WITHOUT_WARNING)}
        </Text>
      )}
      <HStack justify="flex-end" gap="3" flexWrap="wrap">
        {canWait && (
          <Button variant="outline" size="lg" disabled={!online || busy} onClick={start} aria-describedby="start-without-warning">
            {i18n._('Start without downloading')}
          </Button>
        )}
        <Button colorPalette="blue" size="lg" loading={busy || isLoading} disabled={!ready} onClick={start}>
          {running ? i18n._('Resume') : i18n._('Get Started')}
        </Button>
      </HStack>
    </Stack>
  );
}
