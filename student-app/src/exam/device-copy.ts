/**
 * The device's copy of the running exam, so a reload without a connection can go on with it: the exam as the server
 * last sent it (its questions, never their answers: the server does not send those before the end) and every choice
 * on screen since. Only the exam page loads this module; examStorage.clear removes the copy with the attempt.
 */
import type { RunningExam } from 'shared-api';
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
  /** Every choice on screen (saved or not): the copy alone would show the answers of the moment it was received. */
  setChoices: (attemptId: string, choices: Record<string, string>) => write(choicesKey(attemptId), choices),
};
