import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary, LoadingState } from 'shared-ui';
import { loadRemoteApp } from './remotes';
import { i18n, type RemoteName } from 'shared-api';

/** Renders a role's remote; an unreachable remote shows a clear message with Retry, never a blank page. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazy(() => loadRemoteApp(name, attempt > 0)), [name, attempt]);
  return (
    <ErrorBoundary
      key={attempt}
      title={i18n._('This part of the platform could not be loaded')}
      message={i18n._('The server did not answer. Check your internet connection, then press Retry.')}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<LoadingState />}>
        <Remote />
      </Suspense>
    </ErrorBoundary>
  );
}
