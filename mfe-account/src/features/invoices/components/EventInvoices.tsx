import { useRequest } from '@taquilla/shared/use-request';
import { getFacturasDeEvento } from '@taquilla/shared/api/facturas';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { LoadError, Loading } from '../../../components/RequestStatus';
import { useRetry } from '../../../lib/use-retry';
import { InvoicePanel } from './InvoicePanel';

/** Mis compras › an event: the signed-in buyer's purchases of it and their facturas. */
export function EventInvoices({ eventoId }: { eventoId: string }) {
  const [attempt, retry] = useRetry();
  const state = useRequest(`facturas/eventos/${eventoId}#${attempt}`, () => getFacturasDeEvento(eventoId));
  if (state.status === 'loading') return <Loading label="Cargando tus facturas…" />;
  if (state.status === 'error') return <LoadError message={serverMessageOr(state.error, 'No pudimos cargar tus facturas.')} onRetry={retry} />;
  if (state.data.compras.length === 0) return null;
  return <InvoicePanel compras={state.data.compras} comprador={{}} />;
}
