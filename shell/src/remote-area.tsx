import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ErrorState, LoadingState } from 'shared-ui';
import { loadRemoteApp, reloadPage, sharedTooOldFor } from './remotes';
import { i18n, type RemoteName } from 'shared-api';

interface BoundaryProps { name: RemoteName; onRetry: () => void; children: ReactNode }
interface BoundaryState { failed: boolean; reason: 'checking' | 'network' | 'page-outdated' }

/**
 * A remote that fails to load or to start: unreachable (Retry loads it again), or built for a later UI kit or API
 * package than this page has, where loading it again against the same page would fail again: the student is told the
 * platform was updated, and the button reloads the page.
 */
class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, reason: 'checking' };
  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error(error);
    void sharedTooOldFor(this.props.name).then((tooOld) => {
      if (tooOld.length) console.error(`This page's ${tooOld.join(', ')}: the ${this.props.name} remote needs the shell deployed with it`);
      this.setState({ reason: tooOld.length ? 'page-outdated' : 'network' });
    });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.reason === 'checking') return <LoadingState />;
    const outdated = this.state.reason === 'page-outdated';
    return (
      <ErrorState
        title={i18n._('This part of the platform could not be loaded')}
        message={outdated
          ? i18n._('The platform has been updated. Reload the page to use the new version.')
          : i18n._('The server did not answer. Check your internet connection, then press Retry.')}
        onRetry={outdated ? reloadPage : this.props.onRetry}
      />
    );
  }
}

/** Renders a role's remote; one that cannot be loaded or started shows a clear message with Retry, never a blank page. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazy(() => loadRemoteApp(name, attempt > 0)), [name, attempt]);
  return (
    <RemoteBoundary key={attempt} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingState />}>
        <Remote />
      </Suspense>
    </RemoteBoundary>
  );
}
