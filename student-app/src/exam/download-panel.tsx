/** The start page's download box: the exam's size, then the download's progress and what it means for the exam. */
import { Box, Button, HStack, Spinner, Stack, Text } from 'shared-ui';
import { formatNumber, i18n, translateServerMessage, type ApiFailure } from 'shared-api';
import type { DownloadProgress } from './download';
import { formatBytes, formatProgress } from './size';
import type { ExamDownloadState } from './use-exam-download';

export const DOWNLOAD_COMPLETE = /*i18n*/ 'The exam is on this device: it can be taken without a connection.';
export const NEEDS_CONNECTION = /*i18n*/ 'This device cannot keep the exam: it needs the connection for the whole exam (audio and images load as they are needed).';
export const DOWNLOAD_OFFLINE = /*i18n*/ 'You are offline: the download goes on when the connection is back.';
export const START_WITHOUT_WARNING = /*i18n*/ 'Audio and images need the connection: if it drops during the exam, they may not play or show.';

const percent = (p: DownloadProgress) => (p.totalBytes > 0 ? Math.min(100, Math.floor((p.doneBytes / p.totalBytes) * 100)) : 100);

/**
 * The download's bar: a progressbar (its value for assistive technology, its name 'Exam download') drawn with the
 * kit's tokens as Chakra's Progress draws it (outline variant, size sm), without its state machine, which would be
 * fetched with the start page only for this.
 */
function DownloadBar({ value, stopped }: { value: number; stopped: boolean }) {
  return (
    <Box
      role="progressbar" aria-label={i18n._('Exam download')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}
      data-state={value >= 100 ? 'complete' : 'loading'} position="relative" overflow="hidden" width="full" h="2"
      borderRadius="l1" bg="bg.muted" shadow="inset"
    >
      <Box
        h="full" bg={stopped ? 'orange.solid' : 'blue.solid'} transitionProperty="width" transitionDuration="slow"
        style={{ width: `${value}%` }} // inline, as Chakra's: not a new CSS rule for every percent
      />
    </Box>
  );
}

/** Why there is no package to download from. */
const packageProblem = (error: ApiFailure, online: boolean) =>
  error.status === 0 || !online
    ? i18n._(DOWNLOAD_OFFLINE)
    : i18n._('The exam cannot be downloaded: {reason}', { reason: translateServerMessage(error.error) });

/** Why the download stopped (the downloader's reason is already in the user's language: ./download.ts). */
const stoppedText = (error: string | null) =>
  error ? i18n._('The download stopped: {reason}', { reason: error }) : i18n._('The download stopped: a file could not be downloaded.');

/** What a screen reader hears: every 10 %, and where the download stopped or ended (not every byte). */
function announcement(state: ExamDownloadState, online: boolean): string {
  const p = state.progress;
  if (state.support === 'no') return i18n._(NEEDS_CONNECTION);
  if (!p && state.error) return packageProblem(state.error, online);
  if (p?.phase === 'complete') return i18n._(DOWNLOAD_COMPLETE);
  if (p?.phase === 'failed') return stoppedText(p.error);
  if (p?.phase === 'offline' || (!online && !state.pkg)) return i18n._(DOWNLOAD_OFFLINE);
  if (p) return i18n._('Downloading the exam: {percent} %', { percent: formatNumber(Math.floor(percent(p) / 10) * 10) });
  return '';
}

export function DownloadPanel({ state, listedBytes, online }: {
  state: ExamDownloadState;
  /** the size the exam list gave, shown until the package says */
  listedBytes: number | undefined;
  online: boolean;
}) {
  const { support, pkg, error, progress, retry } = state;
  const size = progress?.totalBytes ?? pkg?.bytes ?? listedBytes;
  const stopped = progress?.phase === 'offline' || progress?.phase === 'failed';
  return (
    <Box
      borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} data-testid="exam-download" data-phase={progress?.phase ?? support}
      data-files={progress ? `${progress.filesStored}/${progress.filesTotal}` : undefined}
    >
      <Stack gap="3">
        {size !== undefined && (
          <Text fontWeight="semibold" data-testid="download-size">
            {i18n._('Download: {size}', { size: formatBytes(size) })}
          </Text>
        )}
        {support === 'checking' && (
          <HStack gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>{i18n._('Checking whether this device can keep the exam…')}</Text>
          </HStack>
        )}
        {support === 'no' && <Text color="fg.warning">{i18n._(NEEDS_CONNECTION)}</Text>}
        {support === 'yes' && !progress && !error && (
          <HStack gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>{online ? i18n._('Preparing the download…') : i18n._(DOWNLOAD_OFFLINE)}</Text>
          </HStack>
        )}
        {support === 'yes' && !progress && error && (
          <HStack gap="3" flexWrap="wrap">
            <Text color="fg.warning" flex="1" data-testid="download-stopped">
              {packageProblem(error, online)}
            </Text>
            <Button size="sm" variant="outline" onClick={retry}>
              {i18n._('Retry')}
            </Button>
          </HStack>
        )}
        {progress && progress.phase !== 'complete' && (
          <>
            <DownloadBar value={percent(progress)} stopped={stopped} />
            <Text data-testid="download-progress">{i18n._('Downloading the exam: {progress}', { progress: formatProgress(progress.doneBytes, progress.totalBytes) })}</Text>
          </>
        )}
        {stopped && (
          <HStack gap="3" flexWrap="wrap">
            <Text color="fg.warning" flex="1" data-testid="download-stopped">
              {progress.phase === 'offline' ? i18n._(DOWNLOAD_OFFLINE) : stoppedText(progress.error)}
            </Text>
            <Button size="sm" variant="outline" onClick={retry}>
              {i18n._('Retry')}
            </Button>
          </HStack>
        )}
        {progress?.phase === 'complete' && (
          <Text color="fg.success" fontWeight="medium" data-testid="download-complete">
            {i18n._(DOWNLOAD_COMPLETE)}
          </Text>
        )}
      </Stack>
      <Box srOnly role="status" aria-live="polite" data-testid="download-announcement">
        {announcement(state, online)}
      </Box>
    </Box>
  );
}
