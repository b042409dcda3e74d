import { SAVED_HOLD_KEY } from '@taquilla/shared';

/**
 * Hands a hold made here (best available) to checkout's hold state: checkout restores the tab's
 * saved hold on the seat page it goes to (reading it back from the server), shows its countdown
 * and takes the payment. The one place seating touches that state, so it is easy to re-point.
 */
export function handOffHold(hold: { eventoId: string; reservaId: string; volverA: string }, storage: () => Storage | undefined = () => globalThis.sessionStorage): void {
  try {
    storage()?.setItem(SAVED_HOLD_KEY, JSON.stringify({ eventoId: hold.eventoId, reservaId: hold.reservaId, esGeneral: false, volverA: hold.volverA }));
  } catch {
    // Storage refused (privacy mode): the hold lives on the server; the seat page shows the map.
  }
}
