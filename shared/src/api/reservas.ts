/**
 * Typed hold calls (spec §7 `reservar`, `reservarInvitado`, `reservar_generales`, `cancelar`,
 * plus reading a hold back and the live-availability stream): `@taquilla/shared/api/reservas`.
 *
 * Errors arrive as ApiError: 409 with 'Uno o más asientos ya no están disponibles. Por favor,
 * actualiza la página.' when any place is gone (nothing was held), 400 with Spanish messages
 * for bad input or limits, 401/403 for reservar without a verified session, 404 for a hold
 * that is not the caller's, 429 with a Spanish reason for too many attempts or too many places
 * held at once without an account.
 */
import { apiRequest, getRuntimeConfig } from '@taquilla/shared';
import type {
  CancelarPayload,
  CancelarResponse,
  MejoresLugaresPayload,
  MejoresLugaresRespuesta,
  ReservaCreada,
  ReservaDetalle,
  ReservarGeneralesPayload,
  ReservarInvitadoPayload,
  ReservarPayload,
} from '../schemas/reservas';
import { seg, type Id } from './segment';

/** sessionStorage key of this browser session's hold token (`tokenReserva`). */
export const HOLD_TOKEN_KEY = 'taquilla:reserva-token';

/** The request header that carries it back to the API. */
export const HOLD_TOKEN_HEADER = 'X-Reserva-Token';

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * A reserve call with the session's hold token: the token goes out in X-Reserva-Token and the
 * one the answer carries is kept in sessionStorage, so only this browser session can replace
 * its guest hold (another session with the same e-mail makes a hold of its own). Storage that
 * throws (privacy mode) keeps nothing: each hold then gets a new token.
 */
async function reserveCall<T extends { tokenReserva?: string } = ReservaCreada>(url: string, payload: unknown): Promise<T> {
  let token: string | null = null;
  try {
    token = sessionStore()?.getItem(HOLD_TOKEN_KEY) ?? null;
  } catch {
    // No storage: no token.
  }
  const creada = await apiRequest<T>('POST', url, payload, token ? { headers: { [HOLD_TOKEN_HEADER]: token } } : {});
  try {
    if (creada.tokenReserva && creada.tokenReserva !== token) sessionStore()?.setItem(HOLD_TOKEN_KEY, creada.tokenReserva);
  } catch {
    // Not kept: the next hold gets a new token.
  }
  return creada;
}

/** POST /eventos/{id}/reservar — seats for the signed-in, verified buyer (bearer token). */
export function reservar(eventoId: Id, payload: ReservarPayload): Promise<ReservaCreada> {
  return reserveCall(`/eventos/${seg(eventoId)}/reservar`, payload);
}

/** POST /eventos/{id}/reservarInvitado — seats for a guest (nombre, correo). */
export function reservarInvitado(eventoId: Id, payload: ReservarInvitadoPayload): Promise<ReservaCreada> {
  return reserveCall(`/eventos/${seg(eventoId)}/reservarInvitado`, payload);
}

/** POST /eventos/{id}/reservar_generales — N general places; guests add nombre and correo. */
export function reservarGenerales(eventoId: Id, payload: ReservarGeneralesPayload): Promise<ReservaCreada> {
  return reserveCall(`/eventos/${seg(eventoId)}/reservar_generales`, payload);
}

/**
 * POST /eventos/{id}/mejores_lugares — 'Mejores lugares disponibles' (decision 0032): the server
 * picks and holds the best adjacent seats of a category (`reservado: true`), or proposes a split
 * (`reservado: false`, nothing held; send again with `separados: true` to take it). Guests add
 * nombre and correo. 409 when no section has that many seats of the category.
 */
export function mejoresLugares(eventoId: Id, payload: MejoresLugaresPayload): Promise<MejoresLugaresRespuesta> {
  return reserveCall<MejoresLugaresRespuesta>(`/eventos/${seg(eventoId)}/mejores_lugares`, payload);
}

/** POST /eventos/{id}/cancelar — idempotent; answers the hold's state afterwards. */
export function cancelarReserva(eventoId: Id, payload: CancelarPayload): Promise<CancelarResponse> {
  return apiRequest<CancelarResponse>('POST', `/eventos/${seg(eventoId)}/cancelar`, payload);
}

/** GET /eventos/{id}/reservas/{reservaId} — the hold after a reload (with the server's clock in `ahora`). */
export function getReserva(eventoId: Id, reservaId: string): Promise<ReservaDetalle> {
  return apiRequest<ReservaDetalle>('GET', `/eventos/${seg(eventoId)}/reservas/${seg(reservaId)}`);
}

/**
 * URL of the live-availability stream for `new EventSource(url)`: events `asientos`
 * (DisponibilidadAsientos) and `general` (DisponibilidadGeneral). The API key is in the query
 * because EventSource cannot send headers. The server caps open streams per address (429) and
 * per process (503), both with Retry-After; a client refused should re-read the availability
 * it shows every few seconds and try the stream again later. With `since` (the seat page: its
 * section and the `version` of the filas_por_seccion snapshot it shows), the stream first sends
 * that section's changes after that version, or `recargar` when they are no longer known.
 */
export function disponibilidadUrl(eventoId: Id, since?: { seccionId: Id; desde: number }): string {
  const { apiBaseUrl, apiKey } = getRuntimeConfig();
  const desde = since ? `&seccion=${encodeURIComponent(String(since.seccionId))}&desde=${since.desde}` : '';
  return `${apiBaseUrl.replace(/\/+$/, '')}/eventos/${seg(eventoId)}/disponibilidad?apiKey=${encodeURIComponent(apiKey)}${desde}`;
}
