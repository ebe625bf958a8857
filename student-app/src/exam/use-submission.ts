/**
 * The running exam's submission (by the student, or by itself at time zero): kept on this device and sent by the
 * submission queue (./submission-queue.ts, on the exam page's one durable sender) until the server has stored it,
 * after a reload too. Each send first sends the answers that wait and finishes the record of leaving (before the
 * submission closes the attempt). The server links the result to the attempt; once it is stored, the attempt's
 * answers, plays and records on the device are forgotten and the result dialog opens.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { errorText, i18n, type SubmitResponse } from 'shared-api';
import { useSubmitResultMutation } from 'shared-api/student-exam';
import { notify } from 'shared-ui';
import type { AnswerItem } from './answer-queue';
import { exitFullScreen } from './fullscreen';
import { examStorage } from './storage';
import { SubmissionQueue, type SubmissionState } from './submission-queue';

export interface ExamSubmission {
  state: SubmissionState;
  /** the server's result once it has stored the submission */
  ended: SubmitResponse | null;
  /** submits every answer on screen (once: again only after the server refused it) */
  submit: () => void;
}

export interface SubmissionOptions {
  attemptId: string;
  examId: string;
  userId: string;
  /** every question's answer on screen */
  answersOnScreen: () => AnswerItem[];
  /** before each send: the answers that wait go out, the record of leaving is finished */
  beforeSend: () => Promise<void>;
  /** after the result is stored: the attempt's answers and plays on the device are forgotten */
  onStored: () => void;
  /** the student submitted (or the time ran out, or a kept submission was found): the page keeps this runner */
  onSubmit?: () => void;
}

export function useSubmission(options: SubmissionOptions): ExamSubmission {
  const { attemptId, examId, userId } = options;
  // the page's latest callbacks, for a send that starts later (a retry, the browser back online)
  const latest = useRef(options);
  latest.current = options;
  const [submitResult] = useSubmitResultMutation();
  const queue = useMemo(
    () =>
      new SubmissionQueue({
        attemptId,
        send: async (submission) => {
          await latest.current.beforeSend();
          const answers = submission.answers ?? latest.current.answersOnScreen();
          return submitResult({ examId, userId, report: attemptId, answers }).unwrap();
        },
        onStored: () => {
          latest.current.onStored();
          examStorage.clear(attemptId);
          exitFullScreen();
          notify.success(i18n._('Result Saved Sucessfully'));
        },
        // nothing to send again: the student may press Submit again
        onRefused: (e) => notify.error(i18n._('Error cannot save result'), errorText(e, ''), 'submit-error'),
      }),
    [attemptId, examId, userId, submitResult],
  );
  const { state, result } = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  useEffect(() => {
    // A submission kept on this device (before a reload) goes out again until the server has stored it.
    if (queue.waiting) {
      latest.current.onSubmit?.();
      void queue.flush();
    }
    const online = () => queue.online();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      queue.dispose();
    };
  }, [queue]);

  const submit = useCallback(() => {
    if (queue.getSnapshot().state !== 'none') return;
    latest.current.onSubmit?.();
    void queue.submit(latest.current.answersOnScreen());
  }, [queue]);

  return { state, ended: result, submit };
}
