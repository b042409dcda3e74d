import { BrowserRouter } from 'react-router-dom';
import { FederationContext, type FederationApi } from '../federation/federation-api';
import { AppRoutes } from './routes';

export function App({ federation }: { federation: FederationApi }) {
  return (
    <FederationContext value={federation}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </FederationContext>
  );
}
