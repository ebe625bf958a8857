import { render, screen } from '@testing-library/react';
import { makeStore, sessionActions, StoreProvider, type User } from 'shared-api';
import { Route, Routes, UiProvider } from 'shared-ui';
import { MemoryRouter } from 'shared-ui/testing';

jest.mock('../remote-area', () => ({
  RemoteArea: ({ name }: { name: string }) => <div>remote {name}</div>,
}));

import { AreaGuard } from '../guards';

function renderAt(path: string, role: 0 | 1 | 2 | null) {
  const store = makeStore();
  store.dispatch(sessionActions.signedOut());
  if (role !== null) {
    store.dispatch(sessionActions.signedIn({ token: 't', user: { _id: 'u', role, email: 'e@x.com', name: 'U' } as unknown as User, institute: null }));
  }
  return render(
    <StoreProvider value={store}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<div>home page</div>} />
            <Route path="/login" element={<div>login page</div>} />
            <Route path="/student/*" element={<AreaGuard role={0} />} />
            <Route path="/institute/*" element={<AreaGuard role={1} />} />
            <Route path="/admin/*" element={<AreaGuard role={2} />} />
          </Routes>
        </MemoryRouter>
      </UiProvider>
    </StoreProvider>,
  );
}

describe('area guards', () => {
  it('lets each role into its own area only', async () => {
    renderAt('/admin', 2);
    expect(await screen.findByText('remote admin_app')).toBeInTheDocument();
  });

  it('sends a student who opens /admin to /login', async () => {
    renderAt('/admin', 0);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('sends an institute who opens /student to /', async () => {
    renderAt('/student/exams', 1);
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('requires a stored user', async () => {
    renderAt('/institute', null);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });
});
