import { useEffect, useState } from 'react';
import { eventRates, type CartLine, type EventRates } from '@taquilla/shared/money';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { usePaymentDeps } from '../api/deps';
import { bestAutomatic, cartLines } from '../lib/order';

export interface Order {
  lines: CartLine[];
  rates: EventRates;
  /** The best automatic promotion for this cart, or null. */
  automatica: Promocion | null;
  eventoNombre: string;
  recinto: string;
  seccionNombre: string;
}

export type OrderState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; order: Order };

/** The hold's cart with the event's rates and the best automatic promotion, read once per hold. */
export function useOrder(eventoId: string, reservaId: string, esGeneral: boolean): OrderState {
  const deps = usePaymentDeps();
  const [state, setState] = useState<OrderState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [evento, reserva, detalleSeccion, promos] = await Promise.all([
          deps.getEventoDetalle(eventoId),
          deps.getReserva(eventoId, reservaId),
          deps.getDetalleSeccion(eventoId),
          // Without automatic promotions the buyer still pays the full price.
          deps.validarPromoWeb(Number(eventoId)).catch(() => ({ total: 0, promocionesAplicaDirecto: [] })),
        ]);
        const seccion = detalleSeccion.secciones.find((s) => s.id === reserva.seccionId);
        if (!seccion) throw new Error('sección desconocida');
        const filas = esGeneral ? null : await deps.getFilasPorSeccion(eventoId, reserva.seccionId);
        const lines = cartLines({ evento, reserva, seccion, categoriasEvento: filas?.categoriasEvento });
        if (!live) return;
        setState({
          status: 'ready',
          order: {
            lines,
            rates: eventRates(evento),
            automatica: bestAutomatic(lines, promos.promocionesAplicaDirecto),
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
  }, [deps, eventoId, reservaId, esGeneral]);
  return state;
}
