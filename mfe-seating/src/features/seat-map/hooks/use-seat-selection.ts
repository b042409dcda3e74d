import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bus, type BusEvents } from '@taquilla/shared';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import type { AsientosChange } from '../../live/lib/availability-stream';
import type { SeatGrid } from '../lib/seat-grid';
import { selectedSeats, toggleSeat } from '../lib/selection';

/**
 * A seat we had selected and somebody else's hold took: drop it after this grace period unless
 * our own hold was announced meanwhile (the push about our hold can beat checkout's answer).
 */
const TAKEN_GRACE_MS = 2000;

export interface SeatSelectionOptions {
  eventoId: string;
  seccionId: string;
  grid: SeatGrid;
  limit: number;
  reloadSeats: () => void;
}

/** Seat states and selection are indexes into one grid, so they always travel with it. */
interface Seats {
  grid: SeatGrid;
  estados: readonly EstadoAsiento[];
  selected: ReadonlySet<number>;
}

const fresh = (grid: SeatGrid, selected: ReadonlySet<number> = new Set()): Seats => ({
  grid,
  estados: grid.asientos.map((a) => a.estado),
  selected,
});

/** New seats from the server (a reload): keep the selected seats still free (or held by us). */
function remap(prev: Seats, grid: SeatGrid, held: boolean): Seats {
  const selected = new Set<number>();
  for (const i of prev.selected) {
    const j = grid.indexById.get(prev.grid.asientos[i]!.id);
    if (j !== undefined && (held || grid.asientos[j]!.estado === 'disponible')) selected.add(j);
  }
  return fresh(grid, selected);
}

/**
 * The seat page's state: live seat states, the buyer's selection and the hold checkout made of
 * it. Announces every selection change on the bus; listens to checkout's reserved/released.
 */
export function useSeatSelection({ eventoId, seccionId, grid, limit, reloadSeats }: SeatSelectionOptions) {
  const [hold, setHold] = useState<{ reservaId: string } | null>(null);
  const holdRef = useRef(hold);
  holdRef.current = hold;
  const [stored, setSeats] = useState<Seats>(() => fresh(grid));
  let seats = stored;
  if (stored.grid !== grid) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes"): no
    // frame ever pairs the new grid with indexes of the old one.
    seats = remap(stored, grid, hold !== null);
    setSeats(seats);
  }
  const { estados, selected } = seats;
  const seatsRef = useRef(seats);
  seatsRef.current = seats;

  const asientos = useMemo(() => selectedSeats(seats.grid, selected), [seats.grid, selected]);

  useEffect(() => {
    bus.emit('seating:selection-changed', { eventoId, seccionId, asientoIds: asientos.map((a) => String(a.id)), asientos });
  }, [eventoId, seccionId, asientos]);

  useEffect(() => {
    const onReserved = (e: BusEvents['checkout:reserved']) => {
      if (e.eventoId !== eventoId || e.esGeneral) return;
      setHold({ reservaId: e.reservaId });
      // The held seats are the buyer's selection (after a reload or a 3-D Secure round trip the
      // map starts empty and would show them as somebody's 'Reservado').
      if (e.asientoIds.length === 0) return;
      setSeats((s) => {
        const selected = new Set(e.asientoIds.map((id) => s.grid.indexById.get(id)).filter((i): i is number => i !== undefined));
        if (selected.size === 0 || (selected.size === s.selected.size && [...selected].every((i) => s.selected.has(i)))) return s;
        return { ...s, selected };
      });
    };
    const onReleased = (e: { eventoId: string }) => {
      if (e.eventoId !== eventoId) return;
      setHold(null);
      setSeats((s) => ({ ...s, selected: new Set() }));
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
      const ids = change.asientos;
      const takenIds = ids.filter((a) => a.estado !== 'disponible').map((a) => a.id);
      setSeats((s) => {
        let next: EstadoAsiento[] | null = null;
        for (const { id, estado } of ids) {
          const i = s.grid.indexById.get(id);
          if (i === undefined || s.estados[i] === estado) continue;
          next ??= s.estados.slice();
          next[i] = estado;
        }
        return next ? { ...s, estados: next } : s;
      });
      if (takenIds.length === 0) return;
      window.setTimeout(() => {
        const now = seatsRef.current;
        if (holdRef.current) return;
        const lost = takenIds
          .map((id) => now.grid.indexById.get(id))
          .filter((i): i is number => i !== undefined && now.selected.has(i) && now.estados[i] !== 'disponible');
        if (lost.length === 0) return;
        setSeats((s) => {
          const selected = new Set(s.selected);
          for (const i of lost) if (s.grid === now.grid && s.estados[i] !== 'disponible') selected.delete(i);
          return selected.size === s.selected.size ? s : { ...s, selected };
        });
        bus.emit('ui:toast', { kind: 'warning', message: reservaMessages.SEAT_TAKEN });
      }, TAKEN_GRACE_MS);
    },
    [seccionId],
  );

  /** Toggles the seat (or table) at `index`; returns the Spanish reason when nothing changed. */
  const toggle = useCallback(
    (index: number): string | null => {
      if (holdRef.current) return reservaMessages.HOLD_LOCKED;
      const result = toggleSeat(seats.grid, estados, selected, index, limit);
      if (result.selected !== selected) setSeats((s) => (s.selected === selected ? { ...s, selected: result.selected } : s));
      return result.error ?? null;
    },
    [seats.grid, estados, selected, limit],
  );

  const cancelHold = useCallback(() => {
    if (hold) bus.emit('seating:cancel-requested', { eventoId, reservaId: hold.reservaId });
  }, [eventoId, hold]);

  return { estados, selected, asientos, hold, toggle, applyChange, cancelHold };
}
