import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FederationContext, type FederationApi } from '../federation/federation-api';
import { createRoutes } from './routes';

export function App({ federation }: { federation: FederationApi }) {
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <FederationContext value={federation}>
      <RouterProvider router={router} />
    </FederationContext>
  );
}
