import { Component, type ReactNode } from 'react';
import { i18n } from 'shared-api';
import { ErrorState } from './states';

interface Props {
  title?: string;
  message?: string;
  children: ReactNode;
  onRetry?: () => void;
}

/** Catches a failed render or an unreachable remote and offers a Retry instead of a blank page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(error);
  }
  retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };
  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          title={this.props.title ?? i18n._('Something went wrong')}
          message={this.props.message ?? i18n._('This part of the page could not be loaded. Check your connection and try again.')}
          onRetry={this.retry}
        />
      );
    }
    return this.props.children;
  }
}
