import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorPage } from '../pages/ErrorPage';

interface BoundaryProps {
  /** Changes on every navigation; a new value clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Like the data router's errorElement: a navigation renders the children again. The key is
  // taken before the children render, so an error thrown by the navigation itself still sticks.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  // Logged once per failure here, not in ErrorPage's render (which React may repeat).
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    console.error('[taquilla] error de ruta', error);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}

/**
 * The root route's error page: a shell-level failure anywhere under it (a remote's own failure
 * stays in its slot) shows ErrorPage instead; navigating anywhere (a new location) recovers.
 */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{children}</ErrorBoundary>;
}
