import { exitFullScreen, requestFullScreen } from './fullscreen';

/** jsdom has no Fullscreen API: each test gives the document the one it needs. */
function browser({ enabled = true, active = true, refuse = false } = {}) {
  const request = jest.fn(() => (refuse ? Promise.reject(new TypeError('Permissions check failed')) : Promise.resolve()));
  const exit = jest.fn(() => Promise.resolve());
  let element: Element | null = null;
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => enabled });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
  Object.defineProperty(navigator, 'userActivation', { configurable: true, get: () => ({ isActive: active, hasBeenActive: active }) });
  return { request, exit, enter: () => (element = document.documentElement) };
}

describe('full screen', () => {
  it('is asked for inside a press', async () => {
    const b = browser();
    await requestFullScreen();
    expect(b.request).toHaveBeenCalledTimes(1);
  });

  it('is not asked for where the browser would refuse it with a console error: no press, or not allowed here', async () => {
    const noPress = browser({ active: false });
    await requestFullScreen();
    expect(noPress.request).not.toHaveBeenCalled();
    const frame = browser({ enabled: false });
    await requestFullScreen();
    expect(frame.request).not.toHaveBeenCalled();
  });

  it('a refusal is no error: the promise resolves', async () => {
    const b = browser({ refuse: true });
    await expect(requestFullScreen()).resolves.toBeUndefined();
    expect(b.request).toHaveBeenCalledTimes(1);
  });

  it('is left only when the page is in it', () => {
    const b = browser();
    exitFullScreen();
    expect(b.exit).not.toHaveBeenCalled();
    b.enter();
    exitFullScreen();
    expect(b.exit).toHaveBeenCalledTimes(1);
  });
});
