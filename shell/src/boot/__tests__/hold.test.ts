import { FIRST_MOVES, START_IDLE_TIMEOUT_MS, firstPaintHost, holdApp, markStarted, startWhenIdle } from '../hold';
import { appLoader } from '../first-render';

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => { done = true; });
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

test.each(FIRST_MOVES)("the app is held until the visitor's first move (%s), then loads and starts once", async (type) => {
  const target = new EventTarget();
  const onGo = jest.fn();
  const held = holdApp(target, onGo);
  expect(await settled(held.start)).toBe(false);
  expect(onGo).not.toHaveBeenCalled();
  target.dispatchEvent(new Event(type));
  expect(onGo).toHaveBeenCalledTimes(1);
  expect(await settled(held.start)).toBe(true);
  target.dispatchEvent(new Event(type));
  held.go();
  expect(onGo).toHaveBeenCalledTimes(1);
});

test('go() releases it without a move, and the moves no longer count', async () => {
  const target = new EventTarget();
  const onGo = jest.fn();
  const held = holdApp(target, onGo);
  held.go();
  expect(await settled(held.start)).toBe(true);
  target.dispatchEvent(new Event('keydown'));
  expect(onGo).toHaveBeenCalledTimes(1);
});

describe("the first paint's host", () => {
  const setup = () => {
    const target = new EventTarget();
    const loadApp = jest.fn();
    const scheduled: (() => void)[] = [];
    const idle: (() => void)[] = [];
    const hostRef: { h?: ReturnType<typeof firstPaintHost> } = {};
    const held = holdApp(target, () => { markStarted(hostRef.h); loadApp(); });
    hostRef.h = firstPaintHost(held, loadApp, (f) => scheduled.push(f), (f) => idle.push(f));
    return { target, loadApp, scheduled, idle, held, host: hostRef.h };
  };

  test('painted: the files load after the paint, and the app starts in the next idle time without any move', async () => {
    const { loadApp, scheduled, idle, held, host } = setup();
    host.done(true);
    expect(host.painted).toBe(true);
    expect(loadApp).not.toHaveBeenCalled();
    scheduled.forEach((f) => f());
    expect(loadApp).toHaveBeenCalled();
    expect(await settled(held.start)).toBe(false);
    expect(idle).toHaveLength(1);
    idle.forEach((f) => f());
    expect(host.started).toBe(true);
    expect(await settled(held.start)).toBe(true);
  });

  test('painted: a move before the idle time starts the app at once; the idle start then does nothing more', async () => {
    const { target, loadApp, scheduled, idle, held, host } = setup();
    host.done(true);
    scheduled.forEach((f) => f());
    target.dispatchEvent(new Event('pointerdown'));
    expect(host.started).toBe(true);
    expect(await settled(held.start)).toBe(true);
    const calls = loadApp.mock.calls.length;
    idle.forEach((f) => f());
    expect(loadApp).toHaveBeenCalledTimes(calls);
  });

  test('not painted (or the timeout): the app starts at once; only the first report counts', async () => {
    const { loadApp, scheduled, held, host } = setup();
    host.done(false);
    expect(host.painted).toBe(false);
    expect(host.started).toBe(true);
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(await settled(held.start)).toBe(true);
    host.done(true);
    expect(host.painted).toBe(false);
    expect(scheduled).toEqual([]);
  });

  test('a move before the paint reports: the app has started, so a late paint starts nothing more', async () => {
    const { target, loadApp, scheduled, host } = setup();
    target.dispatchEvent(new Event('touchstart'));
    host.done(true);
    expect(scheduled).toEqual([]);
    expect(loadApp).toHaveBeenCalledTimes(1);
  });
});

test('the idle start: requestIdleCallback with a timeout, or a task where the browser has none', () => {
  jest.useFakeTimers();
  try {
    const ric = jest.fn();
    const go = jest.fn();
    startWhenIdle(go, { requestIdleCallback: ric });
    expect(ric).toHaveBeenCalledWith(go, { timeout: START_IDLE_TIMEOUT_MS });
    startWhenIdle(go, {});
    expect(go).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(go).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});

test("the first render's plan: main.js first, then preload hints, added once; nothing without a plan", () => {
  document.head.innerHTML = '';
  const load = appLoader(document);
  load();
  expect(document.head.children).toHaveLength(0);
  document.head.innerHTML = `<script type="application/json" id="eps-first-render">${JSON.stringify({
    scripts: ['/main.1.js'], preload: ['/chakra.2.css', '/ui.3.js'],
  })}</script>`;
  load();
  load();
  const added = Array.from(document.head.children).slice(1)
    .map((el) => (el.tagName === 'SCRIPT' ? `script ${(el as HTMLScriptElement).getAttribute('src')} async=${(el as HTMLScriptElement).async}` : `${(el as HTMLLinkElement).rel} ${(el as HTMLLinkElement).as} ${el.getAttribute('href')}`));
  expect(added).toEqual(['script /main.1.js async=false', 'preload style /chakra.2.css', 'preload script /ui.3.js']);
});
