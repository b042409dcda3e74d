// Bench only: the same pages as the federated storefront, built as ONE ordinary bundle (no
// federation): the shell's real code with a FederationApi double that imports the remotes'
// exposed modules directly. The catalog's EventList (the /eventos page) is a static import,
// like the first route of any SPA; every other exposed module is a lazy route chunk.
// (This is the one place allowed to import other packages' src/: it measures them.)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bus, loadRuntimeConfig, type RemoteName } from '@taquilla/shared';
import EventList from '../../../mfe-catalog/src/app/EventList';
import { App } from '../../../shell/src/app/App';
import { inlinedFetch } from '../../../shell/src/app/inlined-fetch';
import { installAuthBus } from '../../../shell/src/features/auth/auth-bus';
import { checkSession } from '../../../shell/src/features/auth/session';
import { keyThisEntry } from '../../../shell/src/features/scroll/scroll-memory';
import type { FederationApi } from '../../../shell/src/federation/federation-api';
import '../../../shell/src/styles.css';

const modules: Record<string, () => Promise<unknown>> = {
  'catalog/EventList': async () => ({ default: EventList }),
  'catalog/EventInfo': () => import('../../../mfe-catalog/src/app/EventInfo'),
  'seating/EventDetail': () => import('../../../mfe-seating/src/app/EventDetail'),
  'seating/VenueMap': () => import('../../../mfe-seating/src/app/VenueMap'),
  'seating/SeatSelection': () => import('../../../mfe-seating/src/app/SeatSelection'),
  'checkout/CheckoutPanel': () => import('../../../mfe-checkout/src/app/CheckoutPanel'),
  'checkout/GeneralPurchase': () => import('../../../mfe-checkout/src/app/GeneralPurchase'),
  'checkout/ConfirmPurchase': () => import('../../../mfe-checkout/src/app/ConfirmPurchase'),
  'account/Profile': () => import('../../../mfe-account/src/app/Profile'),
  'auth/AuthRoutes': () => import('../../../mfe-auth/src/app/AuthRoutes'),
};

const direct: FederationApi = {
  ready: () => Promise.resolve(),
  loadRemote: async <T,>(id: string) => ((await modules[id]?.()) as T) ?? null,
  refreshRemote: (_name: RemoteName) => Promise.resolve(false),
  preload: () => undefined,
  // Telemetry beacons are the federated shell's; this build sends none (no bytes either way).
  report: { sessionStarted: () => undefined, failed: () => undefined },
};

installAuthBus();
keyThisEntry();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App federation={direct} />
  </StrictMode>,
);
void (async () => {
  // As shell/src/bootstrap.tsx (minus federation start-up).
  const configProblem = await loadRuntimeConfig(inlinedFetch(fetch));
  if (configProblem) bus.emit('ui:toast', { kind: 'warning', message: configProblem });
  await checkSession();
})();
