import { useEffect, useState } from 'react';
import { bus, type BusEvents } from '@taquilla/shared';

/** Seat ids as the API wants them (positive integers); anything else from the bus is dropped. */
export function toSeatIds(ids: readonly string[]): number[] {
  return ids.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/** The buyer's current seat selection on this section, as seating announces it over the bus. */
export function useSeatSelection(eventoId: string, seccionId: string): number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    const onChange = (event: BusEvents['seating:selection-changed']) => {
      if (event.eventoId === eventoId && event.seccionId === seccionId) setIds(toSeatIds(event.asientoIds));
    };
    bus.on('seating:selection-changed', onChange);
    return () => bus.off('seating:selection-changed', onChange);
  }, [eventoId, seccionId]);
  return ids;
}
