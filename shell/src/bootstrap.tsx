import { createRoot } from 'react-dom/client';
import { StoreProvider } from 'shared-api';
import { BrowserRouter, UiProvider } from 'shared-ui';
import { App } from './app';

createRoot(document.getElementById('root')!).render(
  <StoreProvider>
    <UiProvider>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </UiProvider>
  </StoreProvider>,
);
