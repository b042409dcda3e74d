import { useEffect, useState } from 'react';
import { bus, type BusEvents } from '@taquilla/shared';

/** The buyer's current seat selection on this section (seat ids), as seating announces it over the bus. */
export function useSeatSelection(eventoId: string, seccionId: string): number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    const onChange = (event: BusEvents['seating:selection-changed']) => {
      if (event.eventoId === eventoId && event.seccionId === seccionId) setIds(event.asientos.map((a) => a.id));
    };
    bus.on('seating:selection-changed', onChange);
    return () => bus.off('seating:selection-changed', onChange);
  }, [eventoId, seccionId]);
  return ids;
}
