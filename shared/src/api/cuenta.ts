/**
 * Typed account calls (spec §7 "Profile", `mis_eventos`, `pagos/get/mi_perfil`, card delete):
 * `@taquilla/shared/api/cuenta`. Every call needs the signed-in, verified buyer's token (the
 * shared client adds it).
 *
 * Errors arrive as ApiError: 400 with a Spanish message for bad input (the password rules of
 * registration, 'Todos los campos son obligatorios', a wrong current password — 400, so the
 * session stays open); 404 for an event without the caller's tickets or a card that is not
 * the caller's; 502 'Hubo un problema al eliminar la tarjeta.' when the gateway fails.
 */
import { apiRequest } from '@taquilla/shared';
import type { CuentaMessage, MiEventoDetalle, MiPerfil, MisEventos, PerfilPago, UpdatePasswordPayload } from '../schemas/cuenta';
import { seg, type Id } from './segment';

/** GET /usuarios/mi_perfil → fullName and email. */
export function getMiPerfil(): Promise<MiPerfil> {
  return apiRequest<MiPerfil>('GET', '/usuarios/mi_perfil');
}

/** PATCH /usuarios/update/password — on success every other session of the account ends. */
export function updatePassword(payload: UpdatePasswordPayload): Promise<CuentaMessage> {
  return apiRequest<CuentaMessage>('PATCH', '/usuarios/update/password', payload);
}

/** GET /eventos/mis_eventos → the buyer's events with cantidadBoletos, upcoming and past. */
export function getMisEventos(): Promise<MisEventos> {
  return apiRequest<MisEventos>('GET', '/eventos/mis_eventos');
}

/** GET /eventos/mis_eventos/{id} → the buyer's tickets of one event and the order summary. */
export function getMiEvento(eventoId: Id): Promise<MiEventoDetalle> {
  return apiRequest<MiEventoDetalle>('GET', `/eventos/mis_eventos/${seg(eventoId)}`);
}

/** GET /pagos/get/mi_perfil → idOpenpay (null before the first saved card), the saved cards and the e-mail. */
export function getMiPerfilPago(): Promise<PerfilPago> {
  return apiRequest<PerfilPago>('GET', '/pagos/get/mi_perfil');
}

/** DELETE /pagos/tarjeta/{idOpenpay}/{idtarjeta} — removes the card here and at the gateway. */
export function deleteTarjeta(idOpenpay: string, idtarjeta: string): Promise<CuentaMessage> {
  return apiRequest<CuentaMessage>('DELETE', `/pagos/tarjeta/${seg(idOpenpay)}/${seg(idtarjeta)}`);
}
