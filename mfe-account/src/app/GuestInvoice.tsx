import { useParams } from 'react-router-dom';
import { getCompraFacturable } from '@taquilla/shared/api/facturas';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { useRequest } from '@taquilla/shared/use-request';
import { LoadError, Loading } from '../components/RequestStatus';
import { InvoicePanel } from '../features/invoices/components/InvoicePanel';
import { useRetry } from '../lib/use-retry';
import './account.css';

/**
 * Exposed as `account/GuestInvoice`, mounted by the shell on /factura/:invitadoId/:reservaId —
 * the link of a guest's tickets e-mail (no session: the two ids are the capability, as for
 * resending the tickets). The purchase and its factura, the form to ask for one, downloads.
 */
export default function GuestInvoice() {
  const { invitadoId = '', reservaId = '' } = useParams();
  const [attempt, retry] = useRetry();
  const state = useRequest(`facturas/invitado/${invitadoId}/${reservaId}#${attempt}`, () => getCompraFacturable(reservaId, { invitadoId }));
  return (
    <div className="account" data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__}>
      <div className="account__content invoice-guest">
        {state.status === 'loading' && (
          <>
            <h1>Factura de tu compra</h1>
            <Loading label="Cargando tu compra…" />
          </>
        )}
        {state.status === 'error' && (
          <>
            <h1>Factura de tu compra</h1>
            <LoadError message={serverMessageOr(state.error, 'No pudimos cargar tu compra.')} onRetry={retry} />
          </>
        )}
        {state.status === 'success' && (
          <>
            <p className="account__hint">{state.data.evento.nombre}</p>
            <InvoicePanel compras={[state.data]} comprador={{ invitadoId }} headingLevel={1} />
          </>
        )}
      </div>
    </div>
  );
}
