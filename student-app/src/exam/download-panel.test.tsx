import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from 'shared-ui';
import '../catalog'; // the area's English messages with placeholders (registered by the area's app in use)
import type { DownloadProgress } from './download';
import { DOWNLOAD_COMPLETE, DOWNLOAD_OFFLINE, DownloadPanel, NEEDS_CONNECTION } from './download-panel';
import type { ExamDownloadState } from './use-exam-download';

const pkg = { examId: 'e1', questions: [], files: [{ url: '/media/a.mp3', bytes: 3_000_000 }], playLimit: null, bytes: 3_400_000 };
const progress = (doneBytes: number, phase: DownloadProgress['phase'] = 'downloading', error: string | null = null): DownloadProgress => ({
  phase, doneBytes, totalBytes: 3_400_000, filesStored: 0, filesTotal: 1, error,
});

function panel(state: Partial<ExamDownloadState>, online = true) {
  const full: ExamDownloadState = { support: 'yes', pkg, error: null, progress: null, retry: jest.fn(), ...state };
  return (
    <UiProvider>
      <DownloadPanel state={full} listedBytes={3_350_000} online={online} />
    </UiProvider>
  );
}

const announced = () => screen.getByTestId('download-announcement').textContent;

describe('the start page download box', () => {
  it('says the size before anything is downloaded, then the progress in MB', () => {
    const { rerender } = render(panel({ pkg: null, support: 'checking' }));
    expect(screen.getByTestId('download-size')).toHaveTextContent('Download: 3.4 MB');
    expect(screen.getByText('Checking whether this device can keep the exam…')).toBeInTheDocument();
    rerender(panel({ progress: progress(2_130_000) }));
    expect(screen.getByTestId('download-progress')).toHaveTextContent('Downloading the exam: 2.1 of 3.4 MB');
    const bar = screen.getByRole('progressbar', { name: 'Exam download' });
    expect(bar).toHaveAttribute('aria-valuenow', '62');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect((bar.firstChild as HTMLElement).style.width).toBe('62%');
    rerender(panel({ progress: progress(3_400_000, 'complete') }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('tells a screen reader every 10 %, not every byte', () => {
    const { rerender } = render(panel({ progress: progress(400_000) }));
    expect(announced()).toBe('Downloading the exam: 10 %');
    const region = screen.getByTestId('download-announcement');
    expect(region).toHaveAttribute('aria-live', 'polite');
    const observer = new MutationObserver(() => undefined);
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    rerender(panel({ progress: progress(450_000) }));
    rerender(panel({ progress: progress(600_000) }));
    expect(observer.takeRecords()).toEqual([]); // the live region is not touched: nothing is read out again
    expect(announced()).toBe('Downloading the exam: 10 %');
    rerender(panel({ progress: progress(700_000) }));
    expect(observer.takeRecords().length).toBeGreaterThan(0);
    expect(announced()).toBe('Downloading the exam: 20 %');
    rerender(panel({ progress: progress(3_400_000, 'complete') }));
    expect(announced()).toBe(DOWNLOAD_COMPLETE);
    expect(screen.getByTestId('download-complete')).toHaveTextContent(DOWNLOAD_COMPLETE);
    expect(screen.queryByTestId('download-progress')).toBeNull();
    observer.disconnect();
  });

  it('offline or stopped: says why and offers Retry', () => {
    const retry = jest.fn();
    const { rerender } = render(panel({ progress: progress(1_000_000, 'offline'), retry }, false));
    expect(screen.getByTestId('download-stopped')).toHaveTextContent(DOWNLOAD_OFFLINE);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(panel({ progress: progress(1_000_000, 'failed', 'This device has no room left for the exam.'), retry }));
    expect(screen.getByTestId('download-stopped')).toHaveTextContent('The download stopped: This device has no room left for the exam.');
    expect(screen.getByTestId('download-progress')).toHaveTextContent('Downloading the exam: 1.0 of 3.4 MB');
  });

  it('the package refused or unreachable, and a device that cannot keep the exam', () => {
    const { rerender } = render(panel({ pkg: null, error: { status: 403, error: 'No access to this exam' } }));
    expect(screen.getByTestId('download-stopped')).toHaveTextContent('The exam cannot be downloaded: No access to this exam');
    expect(announced()).toBe('The exam cannot be downloaded: No access to this exam');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    rerender(panel({ pkg: null, error: { status: 0, error: 'Network Error' } }, false));
    expect(screen.getByTestId('download-stopped')).toHaveTextContent(DOWNLOAD_OFFLINE);
    rerender(panel({ pkg: null, support: 'no' }));
    expect(screen.getAllByText(NEEDS_CONNECTION).length).toBeGreaterThan(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
