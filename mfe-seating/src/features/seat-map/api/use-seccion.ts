import { useCallback, useEffect, useState } from 'react';
import { getEventoDetalle, getFilasPorSeccion } from '@taquilla/shared/api/catalog';
import type { EventoDetalle, FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalog';

export type SeccionState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; evento: EventoDetalle; seccion: FilasPorSeccionResponse };

/**
 * The event (name, limit, mostrarWeb) and the section's rows and seats. `reloadSeats` re-reads
 * only the seats (after a hold ends, or a dropped live stream); a failed reload keeps the map.
 */
export function useSeccion(eventoId: string, seccionId: string) {
  const key = `${eventoId}/${seccionId}`;
  const [state, setState] = useState<{ key: string; value: SeccionState }>({ key, value: { status: 'loading' } });

  useEffect(() => {
    let current = true;
    setState({ key, value: { status: 'loading' } });
    Promise.all([getEventoDetalle(eventoId), getFilasPorSeccion(eventoId, seccionId)]).then(
      ([evento, seccion]) => current && setState({ key, value: { status: 'ready', evento, seccion } }),
      (error: unknown) => current && setState({ key, value: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [key]);

  const reloadSeats = useCallback(() => {
    getFilasPorSeccion(eventoId, seccionId).then(
      (seccion) => setState((s) => (s.key === key && s.value.status === 'ready' ? { key, value: { ...s.value, seccion } } : s)),
      () => undefined,
    );
  }, [eventoId, seccionId, key]);

  return { state: state.key === key ? state.value : ({ status: 'loading' } as SeccionState), reloadSeats };
}
