import { useId } from 'react';
import { formatDateTime } from '@taquilla/shared';
import { Dialog } from '@taquilla/shared/ui';
import { placeLabel, type TicketView } from '../lib/tickets';
import { TicketQr } from './TicketQr';

interface Props {
  ticket: TicketView | null;
  evento: { nombre: string; fecha: string; zonaHoraria: string };
  onClose: () => void;
}

/**
 * One ticket filling the screen for the gate: the biggest QR the viewport allows on white,
 * and just enough text to match it to the buyer's seat. Escape or 'Cerrar' returns to the list.
 */
export function TicketFullscreen({ ticket, evento, onClose }: Props) {
  const titleId = useId();
  // The QR is drawn at the dialog's width; CSS caps it to the viewport.
  const size = Math.max(240, Math.min(globalThis.innerWidth || 360, globalThis.innerHeight || 640) - 48);
  return (
    <Dialog open={ticket !== null} labelledBy={titleId} onRequestClose={onClose} className="account-dialog account-dialog--fullscreen">
      {ticket && (
        <div className="ticket-full">
          <h2 id={titleId} className="ticket-full__title">
            {evento.nombre}
          </h2>
          <p className="ticket-full__meta">{formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria })}</p>
          <TicketQr payload={ticket.qr} label={`Código QR del boleto ${placeLabel(ticket)}`} size={size} className="ticket-full__qr" />
          <p className="ticket-full__place">
            {ticket.seccion} · {placeLabel(ticket)} · {ticket.categoria}
          </p>
          <p className="ticket-full__id">Boleto {ticket.id}</p>
          <button type="button" className="account__button" onClick={onClose} data-autofocus>
            Cerrar
          </button>
        </div>
      )}
    </Dialog>
  );
}
