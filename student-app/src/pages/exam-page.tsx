/** /student/exams/exam/{examId}: loads the running attempt (or sends the student back to the exam list). */
import { useEffect } from 'react';
import { useGetRunningExamQuery, useSession } from 'shared-api';
import { ErrorState, LoadingState, useNavigate, useParams } from 'shared-ui';
import { ExamRunner } from '../exam/exam-runner';
import { examStorage } from '../exam/storage';
import { paths } from '../paths';

export function ExamPage() {
  const { examId = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const record = examStorage.running();
  const valid = !!record && record.examId === examId;
  const { data, error, isLoading, fulfilledTimeStamp, refetch } = useGetRunningExamQuery(
    { examId, userId: user?._id ?? '' },
    { skip: !valid || !user, refetchOnMountOrArgChange: true },
  );
  const status = (error as { status?: number } | undefined)?.status;
  const notRunning = !valid || status === 404 || (!!data && data.attempt.status !== 'running');

  useEffect(() => {
    if (!notRunning) return;
    examStorage.clear(record?.attemptId);
    navigate(paths.exams, { replace: true });
  }, [notRunning, record?.attemptId, navigate]);

  useEffect(() => {
    // Another device may have started the attempt: follow the server's.
    if (data && record && data.attempt._id !== record.attemptId) {
      examStorage.setRunning({ examId, attemptId: data.attempt._id });
    }
  }, [data, record, examId]);

  if (notRunning || !user) return null;
  if (isLoading || !data) {
    if (error) return <ErrorState title="Error cannot get Questions" message="Check your connection; your saved answers are kept." onRetry={() => void refetch()} />;
    return <LoadingState label="Loading exam…" />;
  }
  return <ExamRunner key={data.attempt._id} data={data} userId={user._id} receivedAt={fulfilledTimeStamp ?? Date.now()} />;
}
