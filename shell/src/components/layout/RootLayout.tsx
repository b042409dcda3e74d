import { Outlet } from 'react-router-dom';
import { GlobalSpinner } from '../feedback/GlobalSpinner';
import { Toasts } from '../feedback/Toasts';
import { OverrideBadge } from '../../federation/OverrideBadge';
import { OverrideConfirmDialog } from '../../federation/OverrideConfirmDialog';
import { RegistryBanner } from '../../federation/RegistryBanner';

/** Root layout: what every page has (toasts, spinner, federation notices). */
export function RootLayout() {
  return (
    <>
      <RegistryBanner />
      <Outlet />
      <GlobalSpinner />
      <Toasts />
      <OverrideBadge />
      <OverrideConfirmDialog />
    </>
  );
}
