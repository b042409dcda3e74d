import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { bus, holdAtom, store as page } from '@taquilla/shared';
import { heldSeats } from '@taquilla/shared/hold';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import type { AsientosChange } from '../../live/lib/availability-stream';
import type { SeatGrid } from '../lib/seat-grid';
import { selectedSeats, toggleSeat } from '../lib/selection';

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

/** The selection the hold makes: its seats' indexes in `grid` (the selection as it is when none is known). */
function selectionOf(grid: SeatGrid, ids: readonly number[], selected: ReadonlySet<number>): ReadonlySet<number> {
  const held = new Set(ids.map((id) => grid.indexById.get(id)).filter((i): i is number => i !== undefined));
  if (held.size === 0 || (held.size === selected.size && [...held].every((i) => selected.has(i)))) return selected;
  return held;
}

/**
 * The seat page's state: live seat states and the buyer's selection, locked while the page's
 * hold (`holdAtom`, which checkout drives) holds seats of this event — those seats are then the
 * selection. Announces every selection change on the bus; hears checkout's released fact.
 */
export function useSeatSelection({ eventoId, seccionId, grid, limit, reloadSeats }: SeatSelectionOptions) {
  const holdState = useAtomValue(holdAtom, { store: page });
  const held = useMemo(() => heldSeats(holdState, eventoId), [holdState, eventoId]);
  const hold = held !== null && holdState.status === 'held' ? { reservaId: holdState.hold.reservaId } : null;
  const heldRef = useRef(held);
  heldRef.current = held;
  const [stored, setSeats] = useState<Seats>(() => fresh(grid));
  let seats = stored;
  if (stored.grid !== grid) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes"): no
    // frame ever pairs the new grid with indexes of the old one.
    seats = remap(stored, grid, held !== null);
    setSeats(seats);
  }
  // The held seats are the buyer's selection (after a reload or a 3-D Secure round trip the
  // map starts empty and would show them as somebody's 'Reservado').
  if (held !== null) {
    const selection = selectionOf(seats.grid, held, seats.selected);
    if (selection !== seats.selected) {
      seats = { ...seats, selected: selection };
      setSeats(seats);
    }
  }
  const { estados, selected } = seats;
  const seatsRef = useRef(seats);
  seatsRef.current = seats;

  const asientos = useMemo(() => selectedSeats(seats.grid, selected), [seats.grid, selected]);

  useEffect(() => {
    bus.emit('seating:selection-changed', { eventoId, seccionId, asientos });
  }, [eventoId, seccionId, asientos]);

  useEffect(() => {
    const onReleased = (e: { eventoId: string }) => {
      if (e.eventoId !== eventoId) return;
      setSeats((s) => ({ ...s, selected: new Set() }));
      reloadSeats();
    };
    bus.on('checkout:released', onReleased);
    return () => bus.off('checkout:released', onReleased);
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
      // A seat of the buyer's selection that somebody else took is dropped at once. While the
      // page's hold asks for or holds seats, the pushes about them are that hold's own.
      if (takenIds.length === 0 || heldRef.current !== null) return;
      const now = seatsRef.current;
      const lost = takenIds.map((id) => now.grid.indexById.get(id)).filter((i): i is number => i !== undefined && now.selected.has(i));
      if (lost.length === 0) return;
      setSeats((s) => {
        if (s.grid !== now.grid) return s;
        const selected = new Set(s.selected);
        for (const i of lost) selected.delete(i);
        return { ...s, selected };
      });
      bus.emit('ui:toast', { kind: 'warning', message: reservaMessages.SEAT_TAKEN });
    },
    [seccionId],
  );

  /** Toggles the seat (or table) at `index`; returns the Spanish reason when nothing changed. */
  const toggle = useCallback(
    (index: number): string | null => {
      if (heldRef.current !== null) return reservaMessages.HOLD_LOCKED;
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
