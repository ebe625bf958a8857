import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { UiProvider } from '../provider';
import { lazyScreen } from './lazy-screen';

describe('lazyScreen', () => {
  it('shows the loading state, then the screen', async () => {
    let arrive: (c: (p: { name: string }) => ReactElement) => void = () => {};
    const Screen = lazyScreen<{ name: string }>(() => new Promise((resolve) => { arrive = resolve; }));
    // (async act: React resumes a component suspended on a promise inside the act scope that awaits it)
    await act(async () => {
      render(<UiProvider><Screen name="Asha" /></UiProvider>);
    });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => arrive(({ name }) => <p>Hello {name}</p>));
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });

  it('offline: says so with Retry, and Retry fetches again', async () => {
    let online = false;
    const Screen = lazyScreen<object>(async () => {
      if (!online) throw new Error('ChunkLoadError: Loading chunk 12 failed');
      return () => <p>Results</p>;
    });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(<UiProvider><Screen /></UiProvider>);
    });
    expect(await screen.findByText('Could not load this page')).toBeInTheDocument();
    online = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('Results')).toBeInTheDocument();
    spy.mockRestore();
  });
});
