import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  /** When this changes the boundary forgets the error (e.g. the location, so links recover). */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

/** Catches a crash below it and shows the fallback instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, failed: false, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(_error: unknown, _info: ErrorInfo) {
    // Reported by the fallback (ErrorPage), which also logs in development.
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
