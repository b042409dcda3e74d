import type { CheckCargoResponse, MakeCargoResponse, MakeReferenciaResponse } from '@taquilla/shared/schemas/pagos';
import { SANDBOX_DEFAULTS } from '@taquilla/openpay-sandbox';
import { httpCall, postJson, type HttpAnswer } from './api-process';

/**
 * The steps of a purchase over HTTP against a running API process paying through the Openpay
 * sandbox (platform/openpay-sandbox), as the browser makes them (hold, summary, card token at
 * the gateway, make/cargo, the 3-D Secure bank page, check/cargo) plus the gateway's webhook.
 * `base` is the API's URL; `sandbox` the sandbox's (its own URL, or the API's + '/sandbox' where
 * the API mounts it). No assertions here: the concurrency test and the checkout bench share them.
 */
export const { merchantId: SANDBOX_MERCHANT_ID, publicKey: SANDBOX_PUBLIC_KEY } = SANDBOX_DEFAULTS;
/** Sandbox test cards (README "Pagos de prueba: tarjetas"). */
export const CARDS = { APPROVED: '4111111111111111', DECLINED: '4222222222222220', THREE_DS: '4000000000003220' } as const;

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
/** The public key OpenPay.js sends with a card to the token endpoint. */
export const SANDBOX_TOKEN_AUTH = `Basic ${Buffer.from(`${SANDBOX_PUBLIC_KEY}:`).toString('base64')}`;

/** A buyer: a signed-in account (token) or a guest (name + e-mail given with the hold). */
export interface Buyer {
  token?: string;
  correo: string;
  nombre: string;
}

export interface Hold {
  reservaId: string;
  esGeneral: boolean;
}

export async function holdSeats(base: string, eventoId: number, buyer: Buyer, seats: number[]): Promise<HttpAnswer<{ reservaId?: string; message?: string }>> {
  const asientosReserva = seats.map((id) => ({ id }));
  return buyer.token
    ? postJson(base, `/eventos/${eventoId}/reservar`, { asientosReserva }, buyer.token)
    : postJson(base, `/eventos/${eventoId}/reservarInvitado`, { asientosReserva, nombre: buyer.nombre, correo: buyer.correo });
}

export async function holdGenerales(
  base: string,
  eventoId: number,
  buyer: Buyer,
  seccionId: number,
  cantidad: number,
): Promise<HttpAnswer<{ reservaId?: string; message?: string }>> {
  const guest = buyer.token ? {} : { nombre: buyer.nombre, correo: buyer.correo };
  return postJson(base, `/eventos/${eventoId}/reservar_generales`, { cantidadAsientos: cantidad, seccionId, ...guest }, buyer.token);
}

/** The total make/cargo must be sent (GET …/resumen). */
export async function totalOf(base: string, eventoId: number, reservaId: string, buyer: Buyer): Promise<number> {
  const res = await httpCall<{ total: number }>(base, { path: `/api/v1/eventos/${eventoId}/reservas/${reservaId}/resumen`, token: buyer.token });
  if (res.status !== 200) throw new Error(`resumen ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.total;
}

/** A test card as the browser's form sends it (any name, a future expiry, any CVV). */
export function cardTokenBody(cardNumber: string) {
  return { card_number: cardNumber, holder_name: 'Ana López', expiration_month: '12', expiration_year: nextYear, cvv2: '987' };
}

/** What OpenPay.js does in the browser: the card goes to the gateway, the shop gets a token id. */
export async function cardToken(sandbox: string, cardNumber: string): Promise<string> {
  const res = await httpCall<{ id: string }>(sandbox, {
    path: `/v1/${SANDBOX_MERCHANT_ID}/tokens`,
    headers: { authorization: SANDBOX_TOKEN_AUTH },
    body: cardTokenBody(cardNumber),
  });
  if (res.status !== 201) throw new Error(`token ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export function makeCargo(
  base: string,
  hold: Hold,
  buyer: Buyer,
  sourceId: string,
  amount: number,
): Promise<HttpAnswer<MakeCargoResponse & { message?: string }>> {
  const body = { reservaId: hold.reservaId, esGeneral: hold.esGeneral, tipoDispositivo: 'web', source_id: sourceId, device_session_id: 'dev-conc', amount };
  return postJson<MakeCargoResponse & { message?: string }>(base, buyer.token ? '/pagos/make/cargo' : '/pagos/make/cargo_invitado', body, buyer.token);
}

/** The sandbox bank page's 'Autorizar' / 'Rechazar' (a 303 back to the shop). */
export function authorize(sandbox: string, chargeId: string, accion: 'autorizar' | 'rechazar'): Promise<HttpAnswer> {
  return httpCall(sandbox, { path: `/3ds/${chargeId}`, body: `accion=${accion}` });
}

/** check/cargo (signed in) or check/cargo_invitado (guest, with the invitadoId make/cargo answered). */
export function checkCargo(
  base: string,
  hold: Hold,
  buyer: Buyer,
  chargeId: string,
  invitadoId?: string,
): Promise<HttpAnswer<CheckCargoResponse & { message: string }>> {
  type Answer = CheckCargoResponse & { message: string };
  const body = { reservaId: hold.reservaId, esGeneral: hold.esGeneral };
  return buyer.token
    ? postJson<Answer>(base, `/pagos/check/cargo/${chargeId}`, body, buyer.token)
    : postJson<Answer>(base, `/pagos/check/cargo_invitado/${invitadoId}/${chargeId}`, body);
}

/** The gateway's notification (site root, no API key). */
export function webhook(base: string, chargeId: string): Promise<HttpAnswer> {
  return httpCall(base, { path: '/webhooks/pagos', body: { type: 'charge.succeeded', transaction: { id: chargeId } } });
}

/** make/referencia(_invitado): a cash reference ('efectivo') or a SPEI transfer for the hold. */
export function makeReferencia(
  base: string,
  hold: Hold,
  buyer: Buyer,
  metodo: 'efectivo' | 'spei',
  amount: number,
): Promise<HttpAnswer<MakeReferenciaResponse & { message?: string }>> {
  return postJson<MakeReferenciaResponse & { message?: string }>(
    base,
    buyer.token ? '/pagos/make/referencia' : '/pagos/make/referencia_invitado',
    { reservaId: hold.reservaId, metodo, amount },
    buyer.token,
  );
}

/** The sandbox's till / bank page: pays the reference or lets it expire, and fires the webhook. */
export function sandboxTill(sandbox: string, chargeId: string, accion: 'pagar' | 'vencer'): Promise<HttpAnswer> {
  return httpCall(sandbox, { path: `/pagos/${chargeId}`, body: `accion=${accion}` });
}

/** A webhook of any type for the charge (the shop re-fetches the charge whatever the type says). */
export function webhookOf(base: string, chargeId: string, type: string): Promise<HttpAnswer> {
  return httpCall(base, { path: '/webhooks/pagos', body: { type, transaction: { id: chargeId } } });
}
