import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreProvider, deviceLanguage, getLanguage, setLanguage } from 'shared-api';
import { BrowserRouter, LanguageProvider, UiProvider, globalStylesReady } from 'shared-ui';
import { App } from './app';
import { capturePrerenderedLogin } from './prerendered-login';
import { registerServiceWorker } from './service-worker';

capturePrerenderedLogin();

/** What index.html shares with a remote's first paint (student-app/src/first-paint/handoff.ts). */
interface FirstPaintHost { painted?: boolean; ready?: () => void }

/** The longest a first paint waits for the remote's page. */
const REPLACE_AFTER_MS = 6000;

/**
 * Where the app renders. With a remote's first paint on screen (the exam list, drawn before the app ran), off-screen
 * instead, in an element that takes #root's place when the remote's page shows the same (it calls `ready()`) or after
 * REPLACE_AFTER_MS (the page failed, say): the student never sees a loading state between the two, and a control
 * focused on the first paint is focused again at once (the remote does it right after `ready()`).
 */
function firstPaintGivesWay(placeholder: HTMLElement): HTMLElement {
  const host = (window as { __epsFirstPaint?: FirstPaintHost }).__epsFirstPaint;
  if (!host?.painted) return placeholder;
  const container = document.createElement('div');
  let done = false;
  host.ready = () => {
    if (done) return;
    done = true;
    container.id = placeholder.id;
    placeholder.replaceWith(container);
  };
  setTimeout(host.ready, REPLACE_AFTER_MS);
  return container;
}

// The global stylesheet is preloaded by index.html: waiting for it costs nothing and nothing paints unstyled.
// The first render is a transition: React renders it in slices of a few ms and yields between them, so a phone's
// main thread stays free for taps and paints instead of one long task (the page shows "Loading…" or the
// prerendered login form meanwhile).
globalStylesReady().then(() => {
  // a language chosen in the prerendered login page after this code was read: the first render is in it
  if (deviceLanguage() !== getLanguage()) void setLanguage(deviceLanguage(), { keep: false });
  const root = createRoot(firstPaintGivesWay(document.getElementById('root')!));
  startTransition(() => root.render(
    <StoreProvider>
      <UiProvider>
        <BrowserRouter>
          <LanguageProvider>
            <App />
          </LanguageProvider>
        </BrowserRouter>
      </UiProvider>
    </StoreProvider>,
  ));
});

registerServiceWorker();
