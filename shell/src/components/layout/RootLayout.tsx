import { Outlet } from 'react-router-dom';
import { GlobalSpinner } from '../feedback/GlobalSpinner';
import { Toasts } from '../feedback/Toasts';
import { DevOverrides } from '../../federation/DevOverrides';
import { RegistryBanner } from '../../federation/RegistryBanner';
import { useRouteTitle } from '../../features/document-title/use-route-title';

/** Root layout: what every page has (toasts, spinner, federation notices). */
export function RootLayout() {
  useRouteTitle();
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
