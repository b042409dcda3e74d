import { useCallback, useEffect, useState } from 'react';
import { getDetalleSeccion, getEventoDetalle } from '@taquilla/shared/api/catalogo';
import type { EventoDetalle } from '@taquilla/shared/schemas/catalogo';
import type { DetalleSeccionResponse } from '@taquilla/shared/schemas/catalogo';

interface Venue extends DetalleSeccionResponse {
  evento: EventoDetalle;
}

export type VenueState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; venue: Venue };

/**
 * The event (with its SVG) and its sections, fetched together. `refreshSecciones` re-reads only
 * the sections (availability changed); `setGeneral` applies a pushed count without a request.
 * An answer for an event the page has left is dropped.
 */
export function useVenue(eventoId: string) {
  const [state, setState] = useState<{ id: string; value: VenueState }>({ id: eventoId, value: { status: 'loading' } });

  useEffect(() => {
    let current = true;
    setState({ id: eventoId, value: { status: 'loading' } });
    Promise.all([getEventoDetalle(eventoId), getDetalleSeccion(eventoId)]).then(
      ([evento, detalle]) => current && setState({ id: eventoId, value: { status: 'ready', venue: { evento, ...detalle } } }),
      (error: unknown) => current && setState({ id: eventoId, value: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [eventoId]);

  const refreshSecciones = useCallback(() => {
    getDetalleSeccion(eventoId).then(
      (detalle) =>
        setState((s) =>
          s.id === eventoId && s.value.status === 'ready' ? { id: s.id, value: { status: 'ready', venue: { ...s.value.venue, ...detalle } } } : s,
        ),
      () => undefined, // keep the map the buyer sees; the next push or visit tries again
    );
  }, [eventoId]);

  const setGeneral = useCallback((seccionId: number, disponibles: number) => {
    setState((s) => {
      if (s.value.status !== 'ready') return s;
      const secciones = s.value.venue.secciones.map((sec) =>
        sec.id === seccionId
          ? { ...sec, asientosDisponibles: disponibles, disponiblesPorCategoria: sec.disponiblesPorCategoria.map((d) => ({ ...d, disponibles })) }
          : sec,
      );
      return { id: s.id, value: { status: 'ready', venue: { ...s.value.venue, secciones } } };
    });
  }, []);

  const value: VenueState = state.id === eventoId ? state.value : { status: 'loading' };
  return { state: value, refreshSecciones, setGeneral };
}
