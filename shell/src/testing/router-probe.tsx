import { act } from '@testing-library/react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';

/** Where the router is, and a way to navigate, for a test rendering outside the route table. */
export interface RouterProbeHandle {
  pathname: string;
  navigate: NavigateFunction;
  /** navigate() inside act(), for a test's next step. */
  go: (to: string | number) => void;
}

export function createRouterProbe(): RouterProbeHandle {
  const handle = { pathname: '' } as RouterProbeHandle;
  handle.go = (to) => act(() => void (typeof to === 'number' ? handle.navigate(to) : handle.navigate(to)));
  return handle;
}

/** Render inside the router (beside the routes): keeps `probe` up to date. */
export function RouterProbe({ probe }: { probe: RouterProbeHandle }) {
  probe.pathname = useLocation().pathname;
  probe.navigate = useNavigate();
  return null;
}
