/** The remote area when the role's remote cannot be fetched: a clear message, and Retry loads it again. */
import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from 'shared-ui';
import '../catalog';

const loadRemoteApp = jest.fn();
jest.mock('../remotes', () => ({ loadRemoteApp: (...args: unknown[]) => loadRemoteApp(...args) }));

import { RemoteArea } from '../remote-area';

test('an unreachable remote: Retry loads it again (registering it anew), and it renders once it answers', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadRemoteApp.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValueOnce({ default: () => <p>the student area</p> });
  render(<UiProvider><RemoteArea name="student_app" /></UiProvider>);
  expect(await screen.findByText('The server did not answer. Check your internet connection, then press Retry.')).toBeInTheDocument();
  expect(loadRemoteApp).toHaveBeenLastCalledWith('student_app', false);
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('the student area')).toBeInTheDocument();
  expect(loadRemoteApp).toHaveBeenLastCalledWith('student_app', true);
});
