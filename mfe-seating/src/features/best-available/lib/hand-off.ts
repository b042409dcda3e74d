import { savedHold } from '@taquilla/shared';

/**
 * Hands a hold made here (best available) to the page's one hold store (`savedHoldAtom` in
 * `@taquilla/shared`, persisted for the tab): checkout restores it on the seat page it goes to
 * (reading it back from the server), shows its countdown and takes the payment.
 */
export function handOffHold(hold: { eventoId: string; reservaId: string; volverA: string }): void {
  savedHold.write({ eventoId: hold.eventoId, reservaId: hold.reservaId, esGeneral: false, volverA: hold.volverA });
}
