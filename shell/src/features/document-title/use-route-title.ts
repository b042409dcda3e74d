import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { routeTitle } from './route-title';

/**
 * Sets the tab title on every navigation (the shell owns routing, so it owns the default title).
 * A layout effect runs before every passive effect of the same commit, so a remote that sets a
 * more precise title in its own useEffect (an event's name) wins even when its data is cached.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = routeTitle(pathname);
  }, [pathname]);
}
