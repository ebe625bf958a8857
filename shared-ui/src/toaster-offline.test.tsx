import { render, screen } from '@testing-library/react';
import { UiProvider } from './provider';
import { notify } from './toaster';

// The toast machinery is a chunk of its own; here it cannot be fetched (a student offline before any toast).
jest.mock('./overlays/toast', () => {
  throw new Error('ChunkLoadError: Loading chunk ui-toast failed');
});

describe('toasts without the toast module', () => {
  it('still shows the message, with its description, in a status box', async () => {
    render(<UiProvider><p>page</p></UiProvider>);
    notify.error('Exam Error', 'No internet connection.');
    expect(await screen.findByRole('status')).toHaveTextContent('Exam Error');
    expect(screen.getByRole('status')).toHaveTextContent('No internet connection.');
  });
});
