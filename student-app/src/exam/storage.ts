/**
 * What the browser keeps about the student's exam: the selected exam, the running attempt, local play counts, a
 * submission waiting for the connection, the exam downloaded on the start page (its questions; its media are in the
 * media cache) (and, written by device-copy.ts, a copy of the running exam, removed here with the attempt).
 */
import type { ExamDownload, ListedExam } from 'shared-api';

export interface RunningRecord {
  examId: string;
  attemptId: string;
}

const SELECTED = 'selectedExam';
const RUNNING = 'runningExam';
/** the last exam downloaded on the start page, with the student it was sent to (one at a time: the next replaces it) */
const PACKAGE = 'examPackage';
/** the student submitted and the server has not stored it yet (offline, or the server failing): ./submission-queue.ts */
export const submissionKey = (attemptId: string) => `examSubmission:${attemptId}`;
export const copyKey = (attemptId: string) => `examCopy:${attemptId}`;
/** the attempt's listening plays on this device: their counts, and the plays not yet confirmed (./play-queue.ts) */
export const playCountsKey = (attemptId: string) => `examListening:${attemptId}`;
export const pendingPlaysKey = (attemptId: string) => `examPlays:${attemptId}`;
export const choicesKey = (attemptId: string) => `examChoices:${attemptId}`;

export function read<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function write(key: string, value: unknown) {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the server copy still exists */
  }
}

export const examStorage = {
  selected: () => read<ListedExam>(SELECTED),
  setSelected: (exam: ListedExam) => write(SELECTED, exam),
  running: () => read<RunningRecord>(RUNNING),
  /** The exam this student downloaded on the start page (its questions without answers, its files), or null. */
  downloaded(examId: string, userId: string): ExamDownload | null {
    const kept = read<{ userId: string; pkg: ExamDownload }>(PACKAGE);
    const pkg = kept?.userId === userId ? kept.pkg : null;
    return pkg?.examId === examId && Array.isArray(pkg.questions) && Array.isArray(pkg.files) && Number.isFinite(pkg.bytes) ? pkg : null;
  },
  setDownloaded: (userId: string, pkg: ExamDownload) => write(PACKAGE, { userId, pkg }),
  setRunning: (r: RunningRecord) => write(RUNNING, r),
  /** A submission is kept on this device, not yet stored by the server (./submission-queue.ts; cleared with the attempt). */
  submissionKept: (attemptId: string) => read<unknown>(submissionKey(attemptId)) !== null,
  /** Clears the selected and running exam (and the attempt's play counts, plays not yet sent and copy). Pending answers are cleared by their queue. */
  clear(attemptId?: string) {
    try {
      localStorage.removeItem(SELECTED);
      localStorage.removeItem(RUNNING);
      if (attemptId) {
        localStorage.removeItem(playCountsKey(attemptId));
        localStorage.removeItem(pendingPlaysKey(attemptId));
        localStorage.removeItem(copyKey(attemptId));
        localStorage.removeItem(choicesKey(attemptId));
        localStorage.removeItem(submissionKey(attemptId));
      }
    } catch {
      /* ignore */
    }
  },
};
