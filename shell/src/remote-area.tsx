import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary, LoadingState } from 'shared-ui';
import { loadRemoteApp, reloadPage, sharedTooOldFor } from './remotes';
import { i18n, type RemoteName } from 'shared-api';

/**
 * Renders a role's remote. One that cannot be loaded or started shows a clear message, never a blank page: when it
 * is unreachable, Retry loads it again; when it was built for a later UI kit or API package than this page has
 * (shell/src/remote-compat.ts), loading it again against the same page would fail again, so the student is told the
 * platform was updated and the button reloads the page.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const [outdated, setOutdated] = useState(false);
  const Remote = useMemo(() => lazy(() => loadRemoteApp(name, attempt > 0)), [name, attempt]);
  return (
    <ErrorBoundary
      key={attempt}
      title={i18n._('This part of the platform could not be loaded')}
      message={outdated
        ? i18n._('The platform has been updated. Reload the page to use the new version.')
        : i18n._('The server did not answer. Check your internet connection, then press Retry.')}
      onError={() => void sharedTooOldFor(name).then((tooOld) => {
        if (!tooOld.length) return;
        console.error(`This page's ${tooOld.join(', ')}: the ${name} remote needs the shell deployed with it`);
        setOutdated(true);
      })}
      onRetry={outdated ? reloadPage : () => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<LoadingState />}>
        <Remote />
      </Suspense>
    </ErrorBoundary>
  );
}
