import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bus, loadRuntimeConfig } from '@taquilla/shared';
import { App } from './app/App';
import { inlinedFetch } from './app/inlined-fetch';
import { federation, startFederation } from './federation/host';
import { installAuthBus } from './features/auth/auth-bus';
import { checkSession } from './features/auth/session';
import { keyThisEntry } from './features/scroll/scroll-memory';
import './styles.css';

installAuthBus();
keyThisEntry();

// Paint the frame at once (not in a transition: the toast listener must be mounted before the
// session check can answer); remote slots wait for federation.ready() on their own.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App federation={federation} />
  </StrictMode>,
);

void (async () => {
  const configProblem = await loadRuntimeConfig(inlinedFetch(fetch));
  if (configProblem) bus.emit('ui:toast', { kind: 'warning', message: configProblem });
  await Promise.all([startFederation(), checkSession()]);
})();
