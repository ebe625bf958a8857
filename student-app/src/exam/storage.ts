/**
 * What the browser keeps about the student's exam: the selected exam, the running attempt, local play counts, a
 * submission waiting for the connection, the exam downloaded on the start page (its questions; its media are in the
 * media cache) (and, written by device-copy.ts, a copy of the running exam, removed here with the attempt).
 */
import type { ExamDownload, ListedExam, ListeningStatus } from 'shared-api';

export interface RunningRecord {
  examId: string;
  attemptId: string;
}

const SELECTED = 'selectedExam';
const RUNNING = 'runningExam';
/** the last exam downloaded on the start page, with the student it was sent to (one at a time: the next replaces it) */
const PACKAGE = 'examPackage';
const listeningKey = (attemptId: string) => `examListening:${attemptId}`;
/** the student submitted and the server has not stored it yet (offline, or the server failing): sent again */
const submissionKey = (attemptId: string) => `examSubmission:${attemptId}`;
export const copyKey = (attemptId: string) => `examCopy:${attemptId}`;
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
  listening: (attemptId: string) => read<ListeningStatus>(listeningKey(attemptId)) ?? {},
  setListening: (attemptId: string, s: ListeningStatus) => write(listeningKey(attemptId), s),
  /** A submission not yet stored by the server is kept until it is (cleared with the attempt). */
  submissionKept: (attemptId: string) => read<{ at: number }>(submissionKey(attemptId)) !== null,
  keepSubmission: (attemptId: string) => write(submissionKey(attemptId), { at: Date.now() }),
  dropSubmission: (attemptId: string) => {
    try {
      localStorage.removeItem(submissionKey(attemptId));
    } catch {
      /* ignore */
    }
  },
  /** Clears the selected and running exam (and the attempt's play counts and copy). Pending answers are cleared by their queue. */
  clear(attemptId?: string) {
    try {
      localStorage.removeItem(SELECTED);
      localStorage.removeItem(RUNNING);
      if (attemptId) {
        localStorage.removeItem(listeningKey(attemptId));
        localStorage.removeItem(copyKey(attemptId));
        localStorage.removeItem(choicesKey(attemptId));
        localStorage.removeItem(submissionKey(attemptId));
      }
    } catch {
      /* ignore */
    }
  },
};

/** Play counts: the larger of the server's and this device's count for each audio (a play may not have reached the server). */
export function mergeListening(server: ListeningStatus, local: ListeningStatus): ListeningStatus {
  const out: ListeningStatus = {};
  for (const q of new Set([...Object.keys(server), ...Object.keys(local)])) {
    const a = server[q] ?? {};
    const b = local[q] ?? {};
    const merged: ListeningStatus[string] = {};
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof typeof a>) {
      merged[k] = Math.max(a[k] ?? 0, b[k] ?? 0);
    }
    out[q] = merged;
  }
  return out;
}
