/**
 * The waiting room of an event "en venta con fila" (decision 0031): `@taquilla/shared/api/sala-espera`.
 * The pass is an httpOnly cookie the API sets with an 'admitido' answer; same-origin calls carry
 * it, so holds and checkout need nothing from the page.
 */
import { apiRequest } from '@taquilla/shared';
import type { EstadoSala, FilaSala } from '../schemas/sala-espera';
import { seg, type Id } from './segment';

/** The room as this browser sees it (place, estimate, countdown; sets the pass cookie once admitted). */
export function estadoSala(eventoId: Id): Promise<EstadoSala> {
  return apiRequest('GET', `/eventos/${seg(eventoId)}/sala_espera`);
}

/**
 * The room as it is for every buyer (admitted up to, paused, sold out, rate): the page works out
 * its place from it and its own `numero`. Cacheable for a second; no cookie goes either way.
 */
export function filaSala(eventoId: Id): Promise<FilaSala> {
  return apiRequest('GET', `/eventos/${seg(eventoId)}/sala_espera/fila`);
}

/** An ALTCHA challenge for the event's line (the widget solves it). */
export function retoSala(eventoId: Id): Promise<unknown> {
  return apiRequest('GET', `/eventos/${seg(eventoId)}/sala_espera/reto`);
}

/** Joins the line with the widget's payload; answers the room as `estadoSala` does. */
export function unirseSala(eventoId: Id, altcha: string): Promise<EstadoSala> {
  return apiRequest('POST', `/eventos/${seg(eventoId)}/sala_espera`, { altcha });
}

/** The storefront route of an event's waiting room. */
export const salaEsperaPath = (eventoId: Id) => `/eventos/${seg(eventoId)}/sala_de_espera`;
