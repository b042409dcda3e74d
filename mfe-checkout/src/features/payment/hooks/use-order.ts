import { useEffect, useState } from 'react';
import { eventRates, type CartLine, type EventRates } from '@taquilla/shared/money';
import { usePaymentDeps } from '../api/deps';
import { cartLines } from '../lib/order';

export interface Order {
  lines: CartLine[];
  rates: EventRates;
  eventoNombre: string;
  recinto: string;
  seccionNombre: string;
}

export type OrderState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; order: Order };

/**
 * The hold's cart and the event's rates, read once per hold: for the all-in price per ticket and
 * for a code's spec §5 message before it is sent. The totals are the server's (PaymentStep).
 * The categories' service fees come with the event's sections (the same list the section's seats
 * carry), so a seat hold does not read its section's seats again after the rest.
 */
export function useOrder(eventoId: string, reservaId: string): OrderState {
  const deps = usePaymentDeps();
  const [state, setState] = useState<OrderState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [evento, reserva, detalleSeccion] = await Promise.all([
          deps.getEventoDetalle(eventoId),
          deps.getReserva(eventoId, reservaId),
          deps.getDetalleSeccion(eventoId),
        ]);
        const seccion = detalleSeccion.secciones.find((s) => s.id === reserva.seccionId);
        if (!seccion) throw new Error('sección desconocida');
        const lines = cartLines({ evento, reserva, seccion, categoriasEvento: detalleSeccion.categoriasEvento });
        if (!live) return;
        setState({
          status: 'ready',
          order: {
            lines,
            rates: eventRates(evento),
            eventoNombre: evento.nombre,
            recinto: evento.recinto.nombre,
            seccionNombre: seccion.nombreEspecial ?? seccion.nombre,
          },
        });
      } catch {
        if (live) setState({ status: 'error' });
      }
    })();
    return () => {
      live = false;
    };
  }, [deps, eventoId, reservaId]);
  return state;
}
