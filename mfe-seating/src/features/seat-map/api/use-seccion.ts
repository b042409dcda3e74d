import { useCallback, useEffect, useMemo, useState } from 'react';
import { getEventoDetalle, getFilasPorSeccion } from '@taquilla/shared/api/catalogo';
import type { EventoDetalle, FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import { SeatDeltas } from '../../live/lib/seat-deltas';

export type SeccionState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; evento: EventoDetalle; seccion: FilasPorSeccionResponse };

/**
 * The event (name, limit, mostrarWeb) and the section's rows and seats. `reloadSeats` re-reads
 * only the seats (after a hold ends, or a dropped live stream); a failed reload keeps the map.
 * The seats are a versioned snapshot: `deltas` (SeatDeltas) says which live changes to apply
 * and lays the ones newer than a re-read snapshot on top of it.
 */
export function useSeccion(eventoId: string, seccionId: string) {
  const key = `${eventoId}/${seccionId}`;
  const [state, setState] = useState<{ key: string; value: SeccionState }>({ key, value: { status: 'loading' } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new event starts a new delta log, even for a section of the same id
  const deltas = useMemo(() => new SeatDeltas(Number(seccionId)), [eventoId, seccionId]);

  useEffect(() => {
    let current = true;
    setState({ key, value: { status: 'loading' } });
    Promise.all([getEventoDetalle(eventoId), getFilasPorSeccion(eventoId, seccionId)]).then(
      ([evento, seccion]) => current && setState({ key, value: { status: 'ready', evento, seccion: deltas.onSnapshot(seccion) } }),
      (error: unknown) => current && setState({ key, value: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [eventoId, seccionId, key, deltas]);

  const reloadSeats = useCallback(() => {
    getFilasPorSeccion(eventoId, seccionId).then(
      (seccion) => setState((s) => (s.key === key && s.value.status === 'ready' ? { key, value: { ...s.value, seccion: deltas.onSnapshot(seccion) } } : s)),
      () => undefined,
    );
  }, [eventoId, seccionId, key, deltas]);

  return { state: state.key === key ? state.value : ({ status: 'loading' } as SeccionState), reloadSeats, deltas };
}
