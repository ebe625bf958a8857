/**
 * The remote area when the role's remote cannot run: unreachable (Retry loads it again), or built for a later UI kit
 * or API package than this page has (Module Federation withholds it: webpack.common.ts shares them strictly), where
 * loading it again against the same page would fail again, so the button reloads the page.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from 'shared-api';
import { UiProvider } from 'shared-ui';
import '../catalog';

const loadRemoteApp = jest.fn();
const sharedTooOldFor = jest.fn();
const reloadPage = jest.fn();
jest.mock('../remotes', () => ({
  loadRemoteApp: (...args: unknown[]) => loadRemoteApp(...args),
  sharedTooOldFor: (...args: unknown[]) => sharedTooOldFor(...args),
  reloadPage: () => reloadPage(),
}));

import { RemoteArea } from '../remote-area';

const UPDATED = 'The platform has been updated. Reload the page to use the new version.';
const NETWORK = 'The server did not answer. Check your internet connection, then press Retry.';
/** What a remote does when it is withheld the UI kit: it starts without it, and fails as it renders. */
const StartsWithoutTheKit = () => {
  const kit = undefined as unknown as { useCatalogs(): void };
  kit.useCatalogs();
  return null;
};

beforeEach(() => {
  for (const f of [loadRemoteApp, sharedTooOldFor, reloadPage]) f.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
});

test('a remote that needs a later UI kit than this page: told the platform was updated, and the button reloads the page', async () => {
  loadRemoteApp.mockResolvedValue({ default: StartsWithoutTheKit });
  sharedTooOldFor.mockResolvedValue(['shared-ui 1.0.0 (needs ^1.1.0)']);
  render(<UiProvider><RemoteArea name="student_app" /></UiProvider>);
  expect(await screen.findByText(UPDATED)).toBeInTheDocument();
  expect(screen.queryByText(NETWORK)).toBeNull();
  expect(sharedTooOldFor).toHaveBeenCalledWith('student_app');
  expect(console.error).toHaveBeenCalledWith(expect.stringContaining('shared-ui 1.0.0 (needs ^1.1.0)'));
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(reloadPage).toHaveBeenCalledTimes(1);
  expect(loadRemoteApp).toHaveBeenCalledTimes(1); // not loaded again against the same page
});

test('the same in Nepali', async () => {
  loadRemoteApp.mockRejectedValue(new Error('RUNTIME-008'));
  sharedTooOldFor.mockResolvedValue(['shared-api 1.0.0 (needs ^1.2.0)']);
  await act(() => setLanguage('ne'));
  render(<UiProvider><RemoteArea name="student_app" /></UiProvider>);
  expect(await screen.findByText('प्लेटफर्म अद्यावधिक भएको छ। नयाँ संस्करण प्रयोग गर्न पृष्ठ फेरि लोड गर्नुहोस्।')).toBeInTheDocument();
});

test('an unreachable remote (nothing on this page too old): Retry loads it again, and it renders once it answers', async () => {
  loadRemoteApp.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValueOnce({ default: () => <p>the student area</p> });
  sharedTooOldFor.mockResolvedValue([]);
  render(<UiProvider><RemoteArea name="student_app" /></UiProvider>);
  expect(await screen.findByText(NETWORK)).toBeInTheDocument();
  expect(screen.queryByText(UPDATED)).toBeNull();
  expect(loadRemoteApp).toHaveBeenLastCalledWith('student_app', false);
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('the student area')).toBeInTheDocument();
  expect(loadRemoteApp).toHaveBeenLastCalledWith('student_app', true);
  expect(reloadPage).not.toHaveBeenCalled();
});
