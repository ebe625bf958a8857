/**
 * A screen fetched when it is first shown, so that it is not in anyone's first render. While it arrives the page
 * shows the loading state; if it cannot be fetched (offline) the page says so and offers Retry, which fetches again
 * (React.lazy would remember the failure until a reload).
 */
import { Component, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { i18n, lazyModule } from 'shared-api';
import { ErrorState, LoadingState } from './states';

class LoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        title={i18n._('Could not load this page')}
        message={i18n._('Please check your connection.')}
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}

export type LazyScreen<P> = ComponentType<P> & {
  /** fetches the screen ahead of need (never rejects; a failure is retried when it is shown) */
  preload(): Promise<void>;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <LoadingState />): LazyScreen<P> {
  const screen = lazyModule(load);
  function Inner(props: P) {
    const Screen = screen.now() ?? use(screen.load());
    return <Screen {...props} />;
  }
  function LazyScreen(props: P) {
    const [, setAttempt] = useState(0);
    if (screen.now()) return <Inner {...props} />;
    return (
      <LoadBoundary
        onRetry={() => {
          setAttempt((a) => a + 1);
        }}
      >
        <Suspense fallback={fallback}>
          <Inner {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  LazyScreen.preload = () => screen.settled().then(() => undefined);
  return LazyScreen;
}
