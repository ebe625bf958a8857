/**
 * /student/exams/exam/{examId}: loads the running attempt (or sends the student back to the exam list). Without a
 * connection (a reload on a dead or stalled link), the exam goes on from the copy this device kept when it last
 * loaded it: the questions, the deadline on the server's clock and every choice made here; the answers go out when
 * the connection is back, and the server's copy replaces this one.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { i18n, useSession, type RunningExam } from 'shared-api';
import { useGetRunningExamQuery } from 'shared-api/student-exam';
import { ErrorState, LoadingState, useNavigate, useParams } from 'shared-ui';
import { browserOnline, worthRetrying } from '../exam/retry';
import { deviceCopy } from '../exam/device-copy';
import { ExamRunner } from '../exam/exam-runner';
import { examStorage } from '../exam/storage';
import { paths } from '../paths';

/** A first request still unanswered after this long (a dead link the browser thinks is up): the copy meanwhile. */
const COPY_AFTER_MS = 4000;
/** While the copy is shown, the server is asked again this often. */
const RETRY_MS = 20_000;

export function ExamPage() {
  const { examId = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  // read once: the runner clears it when the server has stored the submission, and this page keeps showing the result
  const [record] = useState(() => examStorage.running());
  const valid = !!record && record.examId === examId;
  const { data, error, isLoading, fulfilledTimeStamp, refetch } = useGetRunningExamQuery(
    { examId, userId: user?._id ?? '' },
    { skip: !valid || !user, refetchOnMountOrArgChange: true },
  );
  const status = (error as { status?: number } | undefined)?.status;
  const notRunning = !valid || status === 404 || (!!data && data.attempt.status !== 'running');
  // read once per attempt and student: the copy is the exam as it was when this page was opened
  const attemptId = valid ? record.attemptId : undefined;
  const copy = useMemo(() => (attemptId && user ? deviceCopy.get(attemptId, user._id) : null), [attemptId, user]);
  // Submitted (this visit, or kept on the device before a reload): the runner shown stays until the server has stored
  // the submission and the result dialog has been left, whatever the server now says of the attempt.
  const [closing, setClosing] = useState(() => !!attemptId && examStorage.submissionKept(attemptId));
  const onSubmit = useCallback(() => setClosing(true), []);
  const shown = useRef<ReactElement | null>(null);

  useEffect(() => {
    if (!notRunning || (closing && (shown.current || copy))) return;
    examStorage.clear(record?.attemptId);
    navigate(paths.exams, { replace: true });
  }, [notRunning, closing, copy, record?.attemptId, navigate]);

  useEffect(() => {
    // Another device may have started the attempt: follow the server's.
    if (data && record && data.attempt._id !== record.attemptId) {
      examStorage.setRunning({ examId, attemptId: data.attempt._id });
    }
  }, [data, record, examId]);

  useEffect(() => {
    if (data?.attempt.status === 'running' && user) deviceCopy.set({ data, receivedAt: fulfilledTimeStamp ?? Date.now(), userId: user._id });
  }, [data, fulfilledTimeStamp, user]);

  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!isLoading || !copy) return;
    const t = setTimeout(() => setSlow(true), COPY_AFTER_MS);
    return () => clearTimeout(t);
  }, [isLoading, copy]);

  // The server cannot be reached or is failing (no answer, 5xx, 408, 429), or the first request is out while the
  // browser knows it is offline or is still unanswered after a few seconds: the copy, until the server's answer
  // arrives (asked again when the browser is back online, and every RETRY_MS).
  const serverDown = status !== undefined && worthRetrying(status);
  const unreachable = serverDown || (isLoading && (!browserOnline() || slow));
  useEffect(() => {
    if (!unreachable || !copy) return;
    const retry = () => void refetch();
    window.addEventListener('online', retry);
    const t = setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(t);
    };
  }, [unreachable, copy, refetch]);

  if (!user) return null;
  if (closing && shown.current) return shown.current;
  const runner = (d: RunningExam, receivedAt: number, fromDeviceCopy = false) => {
    shown.current = (
      <ExamRunner key={d.attempt._id} data={d} userId={user._id} receivedAt={receivedAt} fromDeviceCopy={fromDeviceCopy} onSubmit={onSubmit} />
    );
    return shown.current;
  };
  // a submission kept on the device that the server has since stored (its answer was lost): sent again, it answers with the result
  if (notRunning) return closing && copy ? runner(copy.data, copy.receivedAt, true) : null;
  if (!data && copy && unreachable) return runner(copy.data, copy.receivedAt, true);
  if (isLoading || !data) {
    if (error) return <ErrorState title={i18n._('Error cannot get Questions')} message={i18n._('Check your connection; your saved answers are kept.')} onRetry={() => void refetch()} />;
    return <LoadingState label={i18n._('Loading exam…')} />;
  }
  return runner(data, fulfilledTimeStamp ?? Date.now());
}
