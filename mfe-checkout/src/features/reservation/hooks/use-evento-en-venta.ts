import { useEffect, useState } from 'react';
import { hasPassed } from '@taquilla/shared';
import type { HoldsApi } from '../api/holds';

/**
 * Whether the event still sells (shown on the web and not yet begun): false hides what would buy
 * (the seat panel's 'Continuar'), as seating's page says why. null while unknown; a failed read
 * counts as on sale, since the server refuses a hold of a past or hidden event anyway.
 */
export function useEventoEnVenta(api: Pick<HoldsApi, 'getEventoDetalle'>, eventoId: string): boolean | null {
  const [enVenta, setEnVenta] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api.getEventoDetalle(eventoId).then(
      (evento) => live && setEnVenta(evento.mostrarWeb && !hasPassed(evento.fecha)),
      () => live && setEnVenta(true),
    );
    return () => {
      live = false;
    };
  }, [api, eventoId]);
  return enVenta;
}
