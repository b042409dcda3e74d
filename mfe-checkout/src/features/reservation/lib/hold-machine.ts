import type { ReservaDetalle } from '@taquilla/shared/schemas/reservas';

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
 * The reservation lifecycle of one panel or modal (spec §4 "Purchase flow" 2–3, 5–7):
 * restoring → idle → reserving → held → (cancelled | expired | replaced); a 409 while reserving → gone.
 * cancelled, expired and gone are final: the page reloads from there. replaced is final too,
 * and stays on screen until the buyer reloads (the other tab has the live hold).
 */
export type HoldState =
  | { status: 'restoring' }
  | { status: 'idle'; error: string | null }
  | { status: 'reserving' }
  /** `sold`: paid; the places are the buyer's, so the hold no longer expires or cancels. */
  | { status: 'held'; hold: Hold; cancelling: boolean; error: string | null; sold?: true }
  | { status: 'cancelled'; hold: Hold }
  | { status: 'expired'; hold: Hold }
  /** The server ended this hold because the buyer made another (in another tab or window). */
  | { status: 'replaced'; hold: Hold }
  | { status: 'gone' };

export type HoldAction =
  | { type: 'restored'; hold: Hold | null }
  | { type: 'reserve' }
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

export const initialHoldState: HoldState = { status: 'restoring' };

/** Anything not listed for a state is ignored (a late answer, a double click), never an error. */
export function holdReducer(state: HoldState, action: HoldAction): HoldState {
  switch (state.status) {
    case 'restoring':
      if (action.type === 'restored') {
        return action.hold ? { status: 'held', hold: action.hold, cancelling: false, error: null } : { status: 'idle', error: null };
      }
      return state;
    case 'idle':
      if (action.type === 'reserve') return { status: 'reserving' };
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
