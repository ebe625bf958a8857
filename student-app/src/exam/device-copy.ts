/**
 * The device's copy of the running exam, so a reload without a connection can go on with it: the exam as the server
 * last sent it (its questions, never their answers: the server does not send those before the end) and every choice
 * on screen since. The exam page reads it; the start page writes the first one at Get Started (startFrom);
 * examStorage.clear removes it with the attempt.
 */
import type { Attempt, Question, RunningExam } from 'shared-api';
import { choicesKey, copyKey, read, write } from './storage';

/** The running exam as the server last sent it, and when this device received it (for the clock's offset). */
export interface ExamCopy {
  data: RunningExam;
  receivedAt: number;
  /** the student it was sent to (a shared device: nobody else gets it) */
  userId: string;
}

export const deviceCopy = {
  /** The student's copy of the attempt, its answers replaced by the choices last on screen (null when there is none). */
  get(attemptId: string, userId: string): ExamCopy | null {
    const copy = read<ExamCopy>(copyKey(attemptId));
    if (!copy?.data?.attempt || copy.data.attempt._id !== attemptId || copy.userId !== userId || !Array.isArray(copy.data.questions)
      || !Number.isFinite(copy.receivedAt)) {
      return null;
    }
    const choices = read<Record<string, string>>(choicesKey(attemptId));
    return choices ? { ...copy, data: { ...copy.data, answers: { ...copy.data.answers, ...choices } } } : copy;
  },
  set: (copy: ExamCopy) => write(copyKey(copy.data.attempt._id), copy),
  /**
   * Get Started has answered: the exam downloaded on the start page becomes the attempt's copy (the server's
   * deadline from the start call), so the exam page has its questions even if the connection drops before it has
   * loaded them. A copy this device already has of the attempt (a resumed one) is kept.
   */
  startFrom(attempt: Attempt, questions: Question[], playLimit: number | null, userId: string, receivedAt: number) {
    if (deviceCopy.get(attempt._id, userId)) return;
    const { _id, exam, examTitle, status, startedAt, deadlineAt, serverNow, resultId } = attempt;
    deviceCopy.set({
      data: { attempt: { _id, exam, examTitle, status, startedAt, deadlineAt, serverNow, resultId }, questions, answers: {}, listeningStatus: {}, playLimit },
      receivedAt,
      userId,
    });
  },
  /** Every choice on screen (saved or not): the copy alone would show the answers of the moment it was received. */
  setChoices: (attemptId: string, choices: Record<string, string>) => write(choicesKey(attemptId), choices),
};
