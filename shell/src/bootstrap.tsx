import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreProvider, deviceLanguage, getLanguage, setLanguage } from 'shared-api';
import { BrowserRouter, LanguageProvider, UiProvider, globalStylesReady } from 'shared-ui';
import { App } from './app';
import { capturePrerenderedLogin } from './prerendered-login';
import { registerServiceWorker } from './service-worker';

capturePrerenderedLogin();
// The global stylesheet is preloaded by index.html: waiting for it costs nothing and nothing paints unstyled.
// The first render is a transition: React renders it in slices of a few ms and yields between them, so a phone's
// main thread stays free for taps and paints instead of one long task (the page shows "Loading…" or the
// prerendered login form meanwhile).
globalStylesReady().then(() => {
  // a language chosen in the prerendered login page after this code was read: the first render is in it
  if (deviceLanguage() !== getLanguage()) void setLanguage(deviceLanguage(), { keep: false });
  const root = createRoot(document.getElementById('root')!);
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
