/**
 * The start page's download of an exam, as React state: whether this device can keep an exam, the package (questions
 * without answers and the list of media files, from the server, or as this device kept it when the server cannot be
 * reached), and the media download (./download.ts) into the service worker's media cache: started at once, stopped
 * when the browser goes offline, resumed when it is back or on Retry.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { MEDIA_CACHE, type ApiFailure, type ExamDownload } from 'shared-api';
import { useGetExamDownloadQuery } from 'shared-api/student-exam';
import { ExamDownloader, type DownloadProgress } from './download';
import { examStorage } from './storage';
import { worthRetrying } from './retry';

/** 'checking' until known; 'no' without Cache Storage or a service worker to serve it (the exam needs the connection). */
export type DeviceSupport = 'checking' | 'yes' | 'no';

/** How long to wait for the service worker to be active before saying this device cannot keep the exam. */
const WORKER_WAIT_MS = 5000;

/** Cache Storage and an active service worker to serve it (none in development, none where the browser blocks it). */
async function deviceCanKeepExam(): Promise<boolean> {
  if (typeof caches === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !globalThis.isSecureContext) {
    return false;
  }
  // none registered (development, a browser that blocks workers): no waiting; one installing: a few seconds
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registration) return false;
  if (registration.active) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), WORKER_WAIT_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready.then((reg) => !!reg.active), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const noProgress = () => () => undefined;
const nothing = () => null;

export interface ExamDownloadState {
  support: DeviceSupport;
  /** the exam's package: from the server, or this device's copy when the server cannot be reached */
  pkg: ExamDownload | null;
  /** the package could not be fetched and this device has none */
  error: ApiFailure | null;
  /** the media download (null before the package is here) */
  progress: DownloadProgress | null;
  /** goes on with what is missing (the package, then the files not yet stored) */
  retry: () => void;
}

export function useExamDownload(examId: string, userId: string): ExamDownloadState {
  const [support, setSupport] = useState<DeviceSupport>('checking');
  useEffect(() => {
    let live = true;
    void deviceCanKeepExam().then((ok) => live && setSupport(ok ? 'yes' : 'no'));
    return () => {
      live = false;
    };
  }, []);

  const query = useGetExamDownloadQuery({ examId, userId }, { skip: support !== 'yes' || !userId, refetchOnMountOrArgChange: true });
  const failure = query.error as ApiFailure | undefined;
  // only when the server cannot be reached: a refusal (403, 404) is the server's word, not a reason to use a copy
  const unreachable = !!failure && worthRetrying(failure.status);
  const kept = useMemo(() => (unreachable ? examStorage.downloaded(examId, userId) : null), [unreachable, examId, userId]);
  const fresh = query.data?.examId === examId ? query.data : undefined;
  const pkg = fresh ?? kept;
  useEffect(() => {
    if (fresh) examStorage.setDownloaded(userId, fresh);
  }, [fresh, userId]);

  // One downloader per package content (filesKey): a refetch answering the same files keeps the progress.
  const pkgRef = useRef(pkg);
  pkgRef.current = pkg;
  const filesKey = pkg ? `${pkg.examId}|${pkg.bytes}|${pkg.files.map((f) => `${f.url}:${f.bytes}`).join(',')}` : '';
  const downloader = useMemo(() => {
    const current = pkgRef.current;
    if (!filesKey || !current || support !== 'yes') return null;
    const mediaBytes = current.files.reduce((n, f) => n + f.bytes, 0);
    return new ExamDownloader({
      files: current.files,
      packageBytes: Math.max(0, current.bytes - mediaBytes),
      openCache: () => caches.open(MEDIA_CACHE),
    });
  }, [filesKey, support]);

  useEffect(() => {
    if (!downloader) return;
    void downloader.run();
    const onOnline = () => {
      const { phase } = downloader.getSnapshot();
      if (phase === 'offline' || phase === 'failed') void downloader.run();
    };
    const onOffline = () => downloader.stop('offline');
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      downloader.stop();
    };
  }, [downloader]);

  // no package yet: asked again when the connection is back
  const { refetch } = query;
  const waiting = support === 'yes' && !pkg && !!failure;
  useEffect(() => {
    if (!waiting) return;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [waiting, refetch]);

  const progress = useSyncExternalStore(downloader?.subscribe ?? noProgress, downloader?.getSnapshot ?? nothing);
  const retry = useCallback(() => {
    if (downloader) void downloader.run();
    else if (support === 'yes') void refetch();
  }, [downloader, support, refetch]);

  return { support, pkg, error: pkg ? null : failure ?? null, progress, retry };
}
