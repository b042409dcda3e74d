/**
 * Typed payment calls (spec §7 "Payments"): `@taquilla/shared/api/pagos`.
 *
 * Errors arrive as ApiError: 400 with a Spanish message for bad input, a changed total
 * (`pagoMessages.AMOUNT_MISMATCH`) or a promotion that gives the cart nothing; 402 for a
 * declined card (the gateway's Spanish message; the hold stays, a new attempt is allowed);
 * 404 for a reservation that is not the caller's, not live, or unknown.
 */
import { apiRequest } from '@taquilla/shared';
import type {
  AplicarPromoPayload,
  AplicarPromoResponse,
  CheckCargoInvitadoPayload,
  CheckCargoPayload,
  CheckCargoResponse,
  Credenciales,
  MakeCargoPayload,
  MakeCargoResponse,
  MakeReferenciaPayload,
  MakeReferenciaResponse,
  ReenvioBoletosResponse,
  ResumenReserva,
  TipoTarjeta,
  TipoTarjetaPayload,
  Cotizacion,
  CotizarPayload,
} from '../schemas/pagos';
import { seg, type Id } from './segment';

/** GET /pagos/get/credenciales → the gateway (sandbox or Openpay), its public keys and the scripts to load. */
export function getCredenciales(): Promise<Credenciales> {
  return apiRequest<Credenciales>('GET', '/pagos/get/credenciales');
}

/** POST /pagos/make/cargo — the signed-in buyer pays the hold (token or saved card id in source_id). */
export function makeCargo(payload: MakeCargoPayload): Promise<MakeCargoResponse> {
  return apiRequest<MakeCargoResponse>('POST', '/pagos/make/cargo', payload);
}

/** POST /pagos/tipo-tarjeta — a new card's type (credit/debit) from a browser token, which it uses up. */
export function getTipoTarjeta(payload: TipoTarjetaPayload): Promise<TipoTarjeta> {
  return apiRequest<TipoTarjeta>('POST', '/pagos/tipo-tarjeta', payload);
}

/** POST /pagos/make/cargo_invitado — a guest pays the hold whose id they hold (new card only). */
export function makeCargoInvitado(payload: MakeCargoPayload): Promise<MakeCargoResponse> {
  return apiRequest<MakeCargoResponse>('POST', '/pagos/make/cargo_invitado', payload);
}

/** POST /pagos/check/cargo/{chargeId} — after 3-D Secure (terminar_compra): finishes the sale if paid. */
export function checkCargo(chargeId: string, payload: CheckCargoPayload): Promise<CheckCargoResponse> {
  return apiRequest<CheckCargoResponse>('POST', `/pagos/check/cargo/${seg(chargeId)}`, payload);
}

/** POST /pagos/check/cargo_invitado/{invitadoId}/{chargeId} — the same for guests (terminar_compra_invitado). */
export function checkCargoInvitado(invitadoId: string, chargeId: string, payload: CheckCargoInvitadoPayload): Promise<CheckCargoResponse> {
  return apiRequest<CheckCargoResponse>('POST', `/pagos/check/cargo_invitado/${seg(invitadoId)}/${seg(chargeId)}`, payload);
}

/** POST /pagos/aplicar-promo — the totals of the hold with a code's promotion (or its Spanish refusal). */
export function aplicarPromo(payload: AplicarPromoPayload): Promise<AplicarPromoResponse> {
  return apiRequest<AplicarPromoResponse>('POST', '/pagos/aplicar-promo', payload);
}

/** GET /eventos/{id}/reservas/{reservaId}/resumen — the totals make/cargo charges without a code (best automatic promotion applied). */
export function getResumenReserva(eventoId: Id, reservaId: string): Promise<ResumenReserva> {
  return apiRequest<ResumenReserva>('GET', `/eventos/${seg(eventoId)}/reservas/${seg(reservaId)}/resumen`);
}

/** POST /eventos/{id}/cotizar — the server's price of a selection before it is held (same answer as `resumen`). */
export function cotizar(eventoId: Id, payload: CotizarPayload, signal?: AbortSignal): Promise<Cotizacion> {
  return apiRequest<Cotizacion>('POST', `/eventos/${seg(eventoId)}/cotizar`, payload, signal ? { signal } : undefined);
}

/** POST /correos/sold-tickets-email-3d/{reservaId}: the tickets e-mail again, to the purchase's own address. */
export function reenviarBoletos(reservaId: string): Promise<ReenvioBoletosResponse> {
  return apiRequest<ReenvioBoletosResponse>('POST', `/correos/sold-tickets-email-3d/${seg(reservaId)}`);
}

/** POST /correos/sold-tickets-email-invitado/{invitadoId}/{reservaId}: the same for a guest's purchase. */
export function reenviarBoletosInvitado(invitadoId: string, reservaId: string): Promise<ReenvioBoletosResponse> {
  return apiRequest<ReenvioBoletosResponse>('POST', `/correos/sold-tickets-email-invitado/${seg(invitadoId)}/${seg(reservaId)}`);
}

/** POST /pagos/make/referencia — a cash reference ('efectivo') or SPEI transfer for the signed-in buyer's hold. */
export function makeReferencia(payload: MakeReferenciaPayload): Promise<MakeReferenciaResponse> {
  return apiRequest<MakeReferenciaResponse>('POST', '/pagos/make/referencia', payload);
}

/** POST /pagos/make/referencia_invitado — the same for a guest's hold. */
export function makeReferenciaInvitado(payload: MakeReferenciaPayload): Promise<MakeReferenciaResponse> {
  return apiRequest<MakeReferenciaResponse>('POST', '/pagos/make/referencia_invitado', payload);
}

/** GET {pdfUrl} — the reference as a PDF (a Blob the page offers to download). */
export function getReferenciaPdf(pdfUrl: string): Promise<Blob> {
  return apiRequest<Blob>('GET', pdfUrl, undefined, { responseType: 'blob' });
}
