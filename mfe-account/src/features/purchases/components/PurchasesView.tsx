import { useId } from 'react';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { Link, useSearchParams } from 'react-router-dom';
import { Empty, LoadError, Loading } from '../../../components/RequestStatus';
import { useRetry } from '../../../lib/use-retry';
import { useMisEventos } from '../api/use-mis-eventos';
import { readViewState, writeViewState, type PurchasesViewState } from '../lib/view-params';
import { EventPurchaseCard } from './EventPurchaseCard';
import { PurchaseTabs } from './PurchaseTabs';
import { ViewToggle } from './ViewToggle';
import './purchases.css';

/** Mis compras: upcoming and past events (tabs), as a list or a grid, both kept in the URL. */
export function PurchasesView() {
  const [params, setParams] = useSearchParams();
  const state = readViewState(params);
  const [attempt, retry] = useRetry();
  const eventos = useMisEventos(attempt);
  const panelId = useId();
  const change = (next: Partial<PurchasesViewState>) => setParams(writeViewState(params, next), { replace: true });
  const search = params.toString() ? `?${params.toString()}` : '';

  const list = eventos.status === 'success' ? eventos.data[state.tab] : [];
  const none = eventos.status === 'success' && eventos.data.proximos.length === 0 && eventos.data.pasados.length === 0;

  return (
    <section className="account__page" aria-labelledby="account-title">
      <h1 id="account-title">Mis compras</h1>
      <div className="purchases__bar">
        <PurchaseTabs
          tab={state.tab}
          proximos={eventos.status === 'success' ? eventos.data.proximos.length : null}
          panelId={panelId}
          onChange={(tab) => change({ tab })}
        />
        <ViewToggle vista={state.vista} onChange={(vista) => change({ vista })} />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`tab-${state.tab}`} className="purchases__panel">
        {eventos.status === 'loading' && <Loading label="Cargando tus compras…" />}
        {eventos.status === 'error' && <LoadError message={serverMessageOr(eventos.error, cuentaMessages.TICKET_LIST_FAILED)} onRetry={retry} />}
        {none && (
          <Empty>
            <p className="account__empty-title">{cuentaMessages.NO_PURCHASES}</p>
            <p>{cuentaMessages.NO_PURCHASES_HINT}</p>
            <Link className="account__button" to="/eventos">
              Ver eventos
            </Link>
          </Empty>
        )}
        {eventos.status === 'success' && !none && list.length === 0 && (
          <Empty>
            <p className="account__empty-title">{state.tab === 'proximos' ? cuentaMessages.NO_UPCOMING_EVENTS : cuentaMessages.NO_PAST_EVENTS}</p>
          </Empty>
        )}
        {eventos.status === 'success' && list.length > 0 && (
          <ul className={`purchases purchases--${state.vista}`} aria-label="Tus eventos">
            {list.map((evento) => (
              <li key={evento.id}>
                <EventPurchaseCard evento={evento} ahora={eventos.data.ahora} search={search} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
