import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What shows instead of `children` once one of them has thrown while rendering. */
  fallback: (error: unknown) => ReactNode;
  /** Shows `children` again when it changes (the next screen, say). */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

/**
 * Keeps an error in one part of the console (a screen's code that failed to download on a flaky
 * network, most often) to that part: without it, React takes the whole page down to a blank one,
 * header, live updates and all.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> {
    return Object.is(props.resetKey, state.resetKey) ? {} : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A part of the console failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
