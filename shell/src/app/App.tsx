import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { FederationContext, useFederation, type FederationApi } from '../federation/federation-api';
import { AppRoutes } from './routes';

/** Tells the federation of every new page: a safe moment to follow a registry change. */
function NavigationWatch() {
  const { pathname } = useLocation();
  const federation = useFederation();
  useEffect(() => federation.navigated?.(pathname), [federation, pathname]);
  return null;
}

export function App({ federation }: { federation: FederationApi }) {
  return (
    <FederationContext value={federation}>
      <BrowserRouter>
        <NavigationWatch />
        <AppRoutes />
      </BrowserRouter>
    </FederationContext>
  );
}
