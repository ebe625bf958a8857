/**
 * The running exam's listening plays: counted on this device at once and sent like the answers (./play-queue.ts:
 * kept and sent again until the server has them). The limit is checked here from this device's counts, and the
 * server refuses a play beyond it: such a play (another device used the plays) is stopped (`stopRequest`).
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AudioKey, ListeningStatus } from 'shared-api';
import { useRecordListeningMutation } from 'shared-api/student-exam';
import { PlayQueue } from './play-queue';

export interface StopRequest {
  key: AudioKey;
  seq: number;
  question: string;
}

export interface ListeningPlays {
  /** plays so far of each audio (the larger of the server's and this device's count) */
  counts: ListeningStatus;
  /** plays allowed of each audio; null: no limit */
  limit: number | null;
  /** a play the server refused after it started here: the question view stops it */
  stopRequest: StopRequest | undefined;
  /** a play starts: counted and queued (true), or refused when no play of it is left (false) */
  play: (questionId: string, key: AudioKey) => boolean;
  /** the attempt's result is stored: forget its plays */
  clear: () => void;
}

export function useListeningPlays({ attemptId, userId, playLimit, serverCounts }: {
  attemptId: string;
  userId: string;
  playLimit: number | null | undefined;
  serverCounts: ListeningStatus | undefined;
}): ListeningPlays {
  const [recordListening] = useRecordListeningMutation();
  const [stopRequest, setStopRequest] = useState<StopRequest>();
  const plays = useMemo(
    () =>
      new PlayQueue({
        attemptId,
        limit: playLimit ?? null,
        serverCounts: serverCounts ?? {},
        send: (play) => recordListening({ attemptId, userId, ...play }).unwrap(),
        onRefused: (play) => setStopRequest((r) => ({ key: play.audio, question: play.question, seq: (r?.seq ?? 0) + 1 })),
      }),
    // one queue per attempt: the server's later limit and counts are taken in below
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attemptId, userId, recordListening],
  );
  useEffect(() => () => plays.dispose(), [plays]);
  useEffect(() => {
    plays.setLimit(playLimit ?? null);
    plays.serverCounts(serverCounts ?? {});
  }, [plays, playLimit, serverCounts]);
  const counts = useSyncExternalStore(plays.subscribe, plays.getSnapshot);

  useEffect(() => {
    // Plays made here and never confirmed go out again.
    void plays.flush();
    const on = () => plays.online();
    window.addEventListener('online', on);
    return () => window.removeEventListener('online', on);
  }, [plays]);

  const play = useCallback((questionId: string, key: AudioKey) => plays.play(questionId, key) !== null, [plays]);
  const clear = useCallback(() => plays.clear(), [plays]);
  return { counts, limit: plays.limit, stopRequest, play, clear };
}
