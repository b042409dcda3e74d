import { useMemo, useState } from 'react';
import { formatDateTime } from '@taquilla/shared';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LoadError, Loading } from '../../../components/RequestStatus';
import { useRetry } from '../../../lib/use-retry';
import { EventInvoices } from '../../invoices/components/EventInvoices';
import { useMiEvento } from '../api/use-mi-evento';
import { countdownLabel, daysUntil } from '../lib/countdown-label';
import { groupBySection, ticketViews, type TicketView } from '../lib/tickets';
import { OrderSummary } from './OrderSummary';
import { TicketCard } from './TicketCard';
import { TicketFullscreen } from './TicketFullscreen';
import { WalletActions } from './WalletActions';
import './ticket-wallet.css';

/** 'detalle de boleto(s)': the tickets of one event with their QR, the wallet extras and the order summary. */
export function PurchaseDetail() {
  const { eventoId = '' } = useParams();
  const { search } = useLocation();
  const [attempt, retry] = useRetry();
  const detalle = useMiEvento(eventoId, attempt);
  const [enlarged, setEnlarged] = useState<TicketView | null>(null);
  const tickets = useMemo(() => (detalle.status === 'success' ? ticketViews(detalle.data) : []), [detalle]);
  const back = (
    <Link className="account__link" to={{ pathname: '/perfil/mis_compras', search }}>
      ← Volver a mis compras
    </Link>
  );

  if (detalle.status === 'loading')
    return (
      <section className="account__page">
        {back}
        <Loading label="Cargando tus boletos…" />
      </section>
    );
  if (detalle.status === 'error') {
    return (
      <section className="account__page">
        {back}
        <LoadError message={serverMessageOr(detalle.error, cuentaMessages.TICKET_LIST_FAILED)} onRetry={retry} />
      </section>
    );
  }

  const { evento } = detalle.data;
  const days = daysUntil(evento.fecha, new Date(), evento.zonaHoraria);
  return (
    <section className="account__page purchase-detail" aria-labelledby="account-title">
      {back}
      <header className="purchase-detail__header">
        <h1 id="account-title">{evento.nombre}</h1>
        <p>
          <time dateTime={evento.fecha}>{formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria })}</time> · {countdownLabel(days)}
        </p>
        <p>
          {evento.recinto.nombre}, {evento.ciudad.nombre}
        </p>
        <WalletActions evento={evento} tickets={tickets} upcoming={days !== null && days >= 0} />
      </header>
      <div className="purchase-detail__layout">
        <div className="purchase-detail__tickets">
          <h2>{tickets.length === 1 ? 'Tu boleto' : `Tus ${tickets.length} boletos`}</h2>
          {groupBySection(tickets).map((group) => (
            <section key={group.key} className="ticket-group" aria-label={`${group.bloque} · ${group.seccion}`}>
              <h3 className="ticket-group__title">
                {group.bloque} · {group.seccion}
              </h3>
              <ul className="ticket-group__list">
                {group.tickets.map((ticket) => (
                  <li key={ticket.id}>
                    <TicketCard ticket={ticket} fecha={evento.fecha} zonaHoraria={evento.zonaHoraria} onEnlarge={setEnlarged} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="purchase-detail__side">
          <OrderSummary resumen={evento.resumen} />
          <EventInvoices eventoId={eventoId} />
        </div>
      </div>
      <TicketFullscreen ticket={enlarged} evento={evento} onClose={() => setEnlarged(null)} />
    </section>
  );
}
