import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  remote: string;
  /** Renders the fallback; `reset` clears the error so children render again. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
  /** Told of every error caught, after it is logged (the slot reports it and reads the registry again). */
  onError?: (error: unknown) => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** One per remote slot: a remote that fails or throws takes down only its own region. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[taquilla] el remote "${this.props.remote}" falló`, error, info.componentStack);
    this.props.onError?.(error);
  }

  reset = () => this.setState({ error: null, failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
