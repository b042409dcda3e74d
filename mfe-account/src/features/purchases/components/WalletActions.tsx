import { useState } from 'react';
import { bus } from '@taquilla/shared';
import type { MiEvento } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { calendarFile } from '../lib/calendar-file';
import { saveFile } from '../lib/download';
import type { TicketView } from '../lib/tickets';

interface Props {
  evento: MiEvento;
  tickets: readonly TicketView[];
  /** Past events get no calendar entry. */
  upcoming: boolean;
}

/** 'Descargar PDF' (jspdf loads on the first click) and 'Agregar al calendario' (.ics). */
export function WalletActions({ evento, tickets, upcoming }: Props) {
  const [making, setMaking] = useState(false);
  const downloadPdf = async () => {
    setMaking(true);
    try {
      const { ticketsPdf } = await import('../lib/tickets-pdf');
      const { blob, filename } = await ticketsPdf(evento, tickets);
      saveFile(blob, filename);
    } catch {
      bus.emit('ui:toast', { kind: 'error', message: cuentaMessages.TICKETS_PDF_FAILED });
    } finally {
      setMaking(false);
    }
  };
  const addToCalendar = () => {
    const { blob, filename } = calendarFile(evento);
    saveFile(blob, filename);
  };
  return (
    <div className="wallet-actions">
      <button type="button" className="account__button" onClick={() => void downloadPdf()} disabled={making || tickets.length === 0}>
        {making ? 'Generando PDF…' : 'Descargar boletos (PDF)'}
      </button>
      {upcoming && (
        <button type="button" className="account__button account__button--secondary" onClick={addToCalendar}>
          Agregar al calendario
        </button>
      )}
    </div>
  );
}
