import { holdAtom, initialHoldState, store } from '@taquilla/shared';
import type { ReservaDetalle } from './schemas/reservas';

/**
 * The buyer's hold, declared once: its shapes and its lifecycle (`@taquilla/shared/hold`). The
 * state itself lives in the package root, a federation singleton, so it is the same for every
 * remote (`holdAtom`, `savedHoldAtom` in hold-store.ts): checkout drives it (it makes, restores,
 * cancels and sells holds), seating and the shell read it. The bus carries commands and facts;
 * the hold is state. This module is pure logic, bundled into the remotes that use it, so the
 * shell's first load carries only the atoms. Like the typed call modules, it takes the stateful
 * parts from the package root, never from a relative import.
 */

/**
 * What a tab keeps of its live hold. Only the capability: the server answers the rest
 * (getReserva), so nothing here can be trusted stale. One per tab: a new hold replaces it.
 */
export interface SavedHold {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
  /** The page the hold was made on (path and query): where 'Intentar con otra tarjeta' goes back to. */
  volverA?: string;
  /** The discount code applied to this hold, re-applied (by the server) when the hold is restored. */
  promocion?: { id: number; clave: string } | null;
}

/** Read, write and forget the tab's saved hold (`savedHold` in the root; tests pass their own). */
export interface SavedHoldStore {
  read(): SavedHold | null;
  write(hold: SavedHold): void;
  clear(): void;
}

/** A request for the general-admission section the buyer clicked (`generalRequestAtom`). */
export interface GeneralRequest {
  eventoId: string;
  seccionId: string;
  seccionNombre: string;
}

/** A live hold as the browser knows it. */
export interface Hold {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
  fechaExpiracion: string;
  /** Server clock minus browser clock (ms), to count down on the server's time. */
  offsetMs: number;
  /** Filled once the server has answered getReserva (null if that read failed). */
  detalle: Pick<ReservaDetalle, 'seccionId' | 'cantidad' | 'asientos'> | null;
}

/**
 * The page's hold lifecycle (spec §4 "Purchase flow" 2–3, 5–7):
 * restoring → idle → reserving → held → (cancelled | expired | replaced); a 409 while reserving → gone.
 * cancelled, expired and gone are final: the page reloads from there. replaced is final too,
 * and stays on screen until the buyer reloads (the other tab has the live hold).
 * `scope`: the event (and, on a seat page, the section) the state belongs to.
 */
export type HoldState =
  | { status: 'restoring' }
  | { status: 'idle'; error: string | null }
  /** `asientoIds`: the seats asked for (empty for general admission), the buyer's own while the answer is awaited. */
  | { status: 'reserving'; asientoIds: readonly number[] }
  /** `sold`: paid; the places are the buyer's, so the hold no longer expires or cancels. */
  | { status: 'held'; hold: Hold; cancelling: boolean; error: string | null; sold?: true }
  | { status: 'cancelled'; hold: Hold }
  | { status: 'expired'; hold: Hold }
  /** The server ended this hold because the buyer made another (in another tab or window). */
  | { status: 'replaced'; hold: Hold }
  | { status: 'gone' };

export type HoldAction =
  /** A new page's hold: back to restoring, whatever the last page left. */
  | { type: 'reset' }
  | { type: 'restored'; hold: Hold | null }
  | { type: 'reserve'; asientoIds?: readonly number[] }
  | { type: 'clear-error' }
  | { type: 'reserved'; hold: Hold }
  | { type: 'reserve-failed'; message: string }
  | { type: 'seats-gone' }
  | { type: 'cancel' }
  | { type: 'cancelled' }
  | { type: 'cancel-failed'; message: string }
  | { type: 'expire' }
  | { type: 'replaced' }
  | { type: 'sold' };

/** Anything not listed for a state is ignored (a late answer, a double click), never an error. */
export function holdReducer(state: HoldState, action: HoldAction): HoldState {
  if (action.type === 'reset') return initialHoldState;
  switch (state.status) {
    case 'restoring':
      if (action.type === 'restored') {
        return action.hold ? { status: 'held', hold: action.hold, cancelling: false, error: null } : { status: 'idle', error: null };
      }
      return state;
    case 'idle':
      if (action.type === 'reserve') return { status: 'reserving', asientoIds: action.asientoIds ?? [] };
      if (action.type === 'clear-error' && state.error) return { status: 'idle', error: null };
      return state;
    case 'reserving':
      if (action.type === 'reserved') return { status: 'held', hold: action.hold, cancelling: false, error: null };
      if (action.type === 'reserve-failed') return { status: 'idle', error: action.message };
      if (action.type === 'seats-gone') return { status: 'gone' };
      return state;
    case 'held':
      if (state.sold) return state;
      if (action.type === 'sold') return { ...state, cancelling: false, error: null, sold: true };
      if (action.type === 'expire') return { status: 'expired', hold: state.hold };
      if (action.type === 'replaced') return { status: 'replaced', hold: state.hold };
      if (action.type === 'cancel' && !state.cancelling) return { ...state, cancelling: true, error: null };
      if (action.type === 'cancelled' && state.cancelling) return { status: 'cancelled', hold: state.hold };
      if (action.type === 'cancel-failed' && state.cancelling) return { ...state, cancelling: false, error: action.message };
      return state;
    default:
      return state;
  }
}

/** Applies one transition to the page's hold (`holdAtom`) and returns the new state. */
export function dispatchHold(action: HoldAction): HoldState {
  store.set(holdAtom, (state) => holdReducer(state, action));
  return store.get(holdAtom);
}

/**
 * The seats the page's hold makes the buyer's on a numbered section of `eventoId`: those being
 * held (the request is in flight) or held; null when there is no such hold (a sold one's seats
 * are sold, no longer held).
 */
export function heldSeats(state: HoldState, eventoId: string): readonly number[] | null {
  if (state.status === 'reserving') return state.asientoIds.length > 0 ? state.asientoIds : null;
  if (state.status !== 'held' || state.sold || state.hold.esGeneral || state.hold.eventoId !== eventoId) return null;
  return state.hold.detalle?.asientos.map((a) => a.id) ?? [];
}
