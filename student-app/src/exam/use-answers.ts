/**
 * The running exam's answers: shown at once when chosen, kept and sent by the answer queue (./answer-queue.ts; a choice
 * made here and not yet confirmed wins over the server's copy, after a reload too), every choice on screen kept in
 * the device's copy of the exam (./device-copy.ts), and the queue's save status for the header.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { UNANSWERED, type Question } from 'shared-api';
import { useSaveAnswersMutation } from 'shared-api/student-exam';
import { AnswerQueue, mergeAnswers, type AnswerItem, type QueueSnapshot } from './answer-queue';
import { deviceCopy } from './device-copy';

/** An answer that counts as solved (not none, not '0'). */
export const isSolved = (a: string | undefined) => !!a && a !== UNANSWERED;

export interface ExamAnswers {
  /** question id → the answer on screen */
  answers: Record<string, string>;
  /** the answer queue's status (saved, saving, offline, error) */
  save: QueueSnapshot;
  /** a choice: on screen at once, kept on the device and sent */
  choose: (questionId: string, answer: string) => void;
  /** every question's answer on screen ('0' when none), as the submission sends them */
  onScreen: () => AnswerItem[];
  /** sends what waits (resolves true when nothing is left) */
  flush: () => Promise<boolean>;
  /** the attempt's result is stored: forget what waits */
  clear: () => void;
}

export function useAnswers({ attemptId, userId, questions, saved, onServerNow }: {
  attemptId: string;
  userId: string;
  questions: Question[];
  /** the server's answers (the running exam, or the device's copy of it) */
  saved: Record<string, string>;
  /** a save's answer carried the server's clock */
  onServerNow: (serverNow: string) => void;
}): ExamAnswers {
  const [saveAnswers] = useSaveAnswersMutation();
  const queue = useMemo(
    () =>
      new AnswerQueue({
        attemptId,
        send: async (answers) => {
          const res = await saveAnswers({ attemptId, userId, answers }).unwrap();
          if (res?.serverNow) onServerNow(res.serverNow);
        },
      }),
    [attemptId, userId, saveAnswers, onServerNow],
  );
  useEffect(() => () => queue.dispose(), [queue]);
  const [answers, setAnswers] = useState<Record<string, string>>(() => mergeAnswers(saved, queue.pendingAnswers));
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

  const choose = useCallback((questionId: string, answer: string) => {
    setAnswers((a) => ({ ...a, [questionId]: answer }));
    void queue.set(questionId, answer);
  }, [queue]);
  const onScreen = useCallback(
    () => questions.map((q) => ({ question: q._id, answer: answersRef.current[q._id] ?? UNANSWERED })),
    [questions],
  );
  const flush = useCallback(() => queue.flush(), [queue]);
  const clear = useCallback(() => queue.clear(), [queue]);
  return { answers, save, choose, onScreen, flush, clear };
}
