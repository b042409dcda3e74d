import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { bus, loadRuntimeConfig } from '@taquilla/shared';
import { App } from './app/App';
import { inlinedFetch } from './app/inlined-fetch';
import { installUiBus } from './components/feedback/ui-bus';
import { federation, startFederation } from './federation/host';
import { installAuthBus } from './features/auth/auth-bus';
import { checkSession } from './features/auth/session';
import './styles.css';

installUiBus();
installAuthBus();

// Paint the frame at once; remote slots wait for federation.ready() on their own. A transition,
// so the first render yields to the browser (parsing, the preloaded files) instead of one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App federation={federation} />
    </StrictMode>,
  ),
);

void (async () => {
  const configProblem = await loadRuntimeConfig(inlinedFetch(fetch));
  if (configProblem) bus.emit('ui:toast', { kind: 'warning', message: configProblem });
  await Promise.all([startFederation(), checkSession()]);
})();
