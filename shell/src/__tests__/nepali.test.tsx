/** The shell's own screens in Nepali: the remote area's error (a role's part of the platform that cannot be loaded). */
import { act, render, screen } from '@testing-library/react';
import { setLanguage } from 'shared-api';
import { UiProvider } from 'shared-ui';
import '../catalog';

jest.mock('../remotes', () => ({
  loadRemoteApp: () => Promise.reject(new Error('RUNTIME-003')),
}));

import { RemoteArea } from '../remote-area';

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
});

test('a remote that cannot be loaded says so in Nepali, with Retry', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(() => setLanguage('ne'));
  render(<UiProvider><RemoteArea name="student_app" /></UiProvider>);
  expect(await screen.findByText('प्लेटफर्मको यो भाग लोड गर्न सकिएन')).toBeInTheDocument();
  expect(screen.getByText('सर्भरले जवाफ दिएन। आफ्नो इन्टरनेट जडान जाँच गरेर फेरि प्रयास गर्नुहोस्।')).toBeInTheDocument();
  expect(screen.queryByText('This part of the platform could not be loaded')).toBeNull();
  expect(screen.getByRole('button')).toBeInTheDocument(); // Retry (the UI kit's words)
});

test('in English, the same screen in the English of the spec', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<UiProvider><RemoteArea name="student_app" /></UiProvider>);
  expect(await screen.findByText('This part of the platform could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('The server did not answer. Check your internet connection, then press Retry.')).toBeInTheDocument();
});
