import { Outlet } from 'react-router-dom';
import { GlobalSpinner } from '../feedback/GlobalSpinner';
import { Toasts } from '../feedback/Toasts';
import { DevOverrides } from '../../federation/DevOverrides';
import { RegistryBanner } from '../../federation/RegistryBanner';
import { useRouteTitle } from '../../features/document-title/use-route-title';
import { useScrollRestoration } from '../../features/scroll/use-scroll-restoration';

/** Root layout: what every page has (toasts, spinner, federation notices, scroll position per history entry). */
export function RootLayout() {
  useRouteTitle();
  useScrollRestoration();
  return (
    <>
      <RegistryBanner />
      <Outlet />
      <GlobalSpinner />
      <Toasts />
      <DevOverrides />
    </>
  );
}
