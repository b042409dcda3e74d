import { filaLabel, formatDateTime, formatMoney } from '@taquilla/shared';
import { placeLabel, type TicketView } from '../lib/tickets';
import { TicketQr } from './TicketQr';

interface Props {
  ticket: TicketView;
  fecha: string;
  zonaHoraria: string;
  onEnlarge: (ticket: TicketView) => void;
}

/** One ticket: date, category, block, section, row and seat, id, price and its QR. */
export function TicketCard({ ticket, fecha, zonaHoraria, onEnlarge }: Props) {
  const titleId = `boleto-${ticket.id}`;
  return (
    <article className="ticket account__panel" aria-labelledby={titleId}>
      <div className="ticket__info">
        <h4 className="ticket__title" id={titleId}>
          {placeLabel(ticket)}
        </h4>
        <dl className="ticket__facts">
          <div>
            <dt>Fecha</dt>
            <dd>{formatDateTime(fecha, { timeZone: zonaHoraria })}</dd>
          </div>
          <div>
            <dt>Categoría</dt>
            <dd>{ticket.categoria}</dd>
          </div>
          <div>
            <dt>Bloque</dt>
            <dd>{ticket.bloque}</dd>
          </div>
          <div>
            <dt>Sección</dt>
            <dd>{ticket.seccion}</dd>
          </div>
          {ticket.fila !== null && (
            <div>
              <dt>Fila y asiento</dt>
              <dd>
                {filaLabel(ticket.fila)}, asiento {ticket.numero}
              </dd>
            </div>
          )}
          <div>
            <dt>Precio</dt>
            <dd>{formatMoney(ticket.precio)}</dd>
          </div>
          <div className="ticket__id">
            <dt>Boleto</dt>
            <dd>{ticket.id}</dd>
          </div>
        </dl>
      </div>
      <div className="ticket__qr">
        <TicketQr payload={ticket.qr} label={`Código QR del boleto ${placeLabel(ticket)}`} />
        <button type="button" className="account__button account__button--secondary" onClick={() => onEnlarge(ticket)} aria-describedby={titleId}>
          Ver en pantalla completa
        </button>
      </div>
    </article>
  );
}
