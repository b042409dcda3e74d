import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bus } from '@taquilla/shared';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import type { AsientosChange } from '../../live/lib/availability-stream';
import type { SeatGrid } from '../lib/seat-grid';
import { selectedSeats, toggleSeat } from '../lib/selection';

/**
 * A seat we had selected and somebody else's hold took: drop it after this grace period unless
 * our own hold was announced meanwhile (the push about our hold can beat checkout's answer).
 */
const TAKEN_GRACE_MS = 2000;
export const TAKEN_MESSAGE = 'Uno de tus asientos acaba de ser apartado por alguien más y se quitó de tu selección.';
export const HOLD_LOCKED_MESSAGE = 'Tu reserva está activa. Cancélala para cambiar tus asientos.';

export interface SeatSelectionOptions {
  eventoId: string;
  seccionId: string;
  grid: SeatGrid;
  limit: number;
  reloadSeats: () => void;
}

/**
 * The seat page's state: live seat states, the buyer's selection and the hold checkout made of
 * it. Announces every selection change on the bus; listens to checkout's reserved/released.
 */
export function useSeatSelection({ eventoId, seccionId, grid, limit, reloadSeats }: SeatSelectionOptions) {
  const [estados, setEstados] = useState<EstadoAsiento[]>(() => grid.asientos.map((a) => a.estado));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [hold, setHold] = useState<{ reservaId: string } | null>(null);
  const holdRef = useRef(hold);
  holdRef.current = hold;
  const gridRef = useRef(grid);

  // New seats from the server (a reload): keep the selected seats that are still free.
  useEffect(() => {
    if (gridRef.current === grid) return;
    const previous = gridRef.current;
    gridRef.current = grid;
    setEstados(grid.asientos.map((a) => a.estado));
    setSelected((sel) => {
      const next = new Set<number>();
      for (const i of sel) {
        const j = grid.indexById.get(previous.asientos[i]!.id);
        if (j !== undefined && (holdRef.current || grid.asientos[j]!.estado === 'disponible')) next.add(j);
      }
      return next;
    });
  }, [grid]);

  const asientos = useMemo(() => selectedSeats(grid, selected), [grid, selected]);

  useEffect(() => {
    bus.emit('seating:selection-changed', { eventoId, seccionId, asientoIds: asientos.map((a) => String(a.id)), asientos });
  }, [eventoId, seccionId, asientos]);

  useEffect(() => {
    const onReserved = (e: { eventoId: string; reservaId: string; esGeneral: boolean }) => {
      if (e.eventoId === eventoId && !e.esGeneral) setHold({ reservaId: e.reservaId });
    };
    const onReleased = (e: { eventoId: string }) => {
      if (e.eventoId !== eventoId) return;
      setHold(null);
      setSelected(new Set());
      reloadSeats();
    };
    bus.on('checkout:reserved', onReserved);
    bus.on('checkout:released', onReleased);
    return () => {
      bus.off('checkout:reserved', onReserved);
      bus.off('checkout:released', onReleased);
    };
  }, [eventoId, reloadSeats]);

  const applyChange = useCallback(
    (change: AsientosChange) => {
      if (String(change.seccionId) !== seccionId) return;
      const g = gridRef.current;
      const updates: [number, EstadoAsiento][] = [];
      const taken: number[] = [];
      for (const { id, estado } of change.asientos) {
        const i = g.indexById.get(id);
        if (i === undefined) continue;
        updates.push([i, estado]);
        if (estado !== 'disponible') taken.push(i);
      }
      if (updates.length === 0) return;
      setEstados((prev) => {
        const next = prev.slice();
        for (const [i, estado] of updates) next[i] = estado;
        return next;
      });
      if (taken.length === 0) return;
      window.setTimeout(() => {
        if (holdRef.current || gridRef.current !== g) return;
        setSelected((sel) => {
          const lost = taken.filter((i) => sel.has(i));
          if (lost.length === 0) return sel;
          bus.emit('ui:toast', { kind: 'warning', message: TAKEN_MESSAGE });
          const next = new Set(sel);
          for (const i of lost) next.delete(i);
          return next;
        });
      }, TAKEN_GRACE_MS);
    },
    [seccionId],
  );

  /** Toggles the seat (or table) at `index`; returns the Spanish reason when nothing changed. */
  const toggle = useCallback(
    (index: number): string | null => {
      if (holdRef.current) return HOLD_LOCKED_MESSAGE;
      const result = toggleSeat(grid, estados, selected, index, limit);
      if (result.selected !== selected) setSelected(result.selected);
      return result.error ?? null;
    },
    [grid, estados, selected, limit],
  );

  const cancelHold = useCallback(() => {
    if (hold) bus.emit('seating:cancel-requested', { eventoId, reservaId: hold.reservaId });
  }, [eventoId, hold]);

  return { estados, selected, asientos, hold, toggle, applyChange, cancelHold };
}
