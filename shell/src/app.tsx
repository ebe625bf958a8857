import { useEffect } from 'react';
import { MSG, endSession, noticeShown, tokenExpiry, useAppDispatch, useSession } from 'shared-api';
import { Navigate, NotFoundPage, Route, Routes, notify, useCatalogs } from 'shared-ui';
import { AREAS } from './areas';
import { SHELL_CATALOG } from './catalog';
import { AreaGuard } from './guards';
import { LoginPage } from './login-page';

/** Tells the user once when a stored session was dropped, and logs out when the token expires while open. */
function useSessionExpiry() {
  const { token, notice } = useSession();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (notice === 'expired') {
      notify.error(MSG.tokenExpired, MSG.loginAgain, 'token-expired');
      dispatch(noticeShown());
    }
  }, [notice, dispatch]);
  useEffect(() => {
    if (!token) return;
    const exp = tokenExpiry(token);
    if (exp === null) return;
    const ms = exp * 1000 - Date.now();
    // setTimeout cannot wait longer than ~24.8 days; a session that long is re-checked on the next load.
    if (ms > 2 ** 31 - 1) return;
    const t = setTimeout(() => endSession(dispatch, 'expired'), Math.max(0, ms));
    return () => clearTimeout(t);
  }, [token, dispatch]);
}

function Home() {
  const { user, role } = useSession();
  if (user && role !== null) return <Navigate to={AREAS[role].path} replace />;
  return <LoginPage />;
}

export function App() {
  // nothing renders half in one language: the shell's, the UI kit's and the API's catalogs first
  useCatalogs('shared-api', 'shared-ui', SHELL_CATALOG);
  useSessionExpiry();
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/student/*" element={<AreaGuard role={0} />} />
      <Route path="/institute/*" element={<AreaGuard role={1} />} />
      <Route path="/admin/*" element={<AreaGuard role={2} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
