import type { BoletoVendido, CheckCargoResponse, MakeCargoResponse } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { GatewayError } from '../pagos/gateway/gateway.errors';
import type { ChargeResult, ChargeCustomer, CreateChargeInput, MesesSinIntereses, PaymentGateway } from '../pagos/gateway/gateway.types';
import { requireGateway } from '../pagos/pagos.service';
import { ownReserva, type Caller } from './ventas.access';
import * as tarjetas from '../cuenta/tarjetas.repository';
import { countBoletosComprador, listBoletosCargo } from './boletos.repository';
import { type CargoRow, countCargos, type DetalleCargo, findCargo, findCargoPagado, insertCargo, listCargosPendientes } from './cargos.repository';
import { findVentaEvento, type VentaEventoRow, type VentaReserva } from './ventas.repository';
import { settleCharge, type Settled } from './ventas.settle';
import { planMsiElegido } from './ventas.msi';
import type { VentaDeps } from './ventas.deps';
import { detalleDe, eventoDto, loadCart, promocionDeVenta, requireLive, totalsOf } from './ventas.cotizacion';

export type { Caller };
export type { VentaDeps } from './ventas.deps';

export interface MakeCargoInput {
  reservaId: string;
  source_id: string;
  device_session_id: string;
  amount: number;
  promocion_id?: number | null;
  /** The code behind promocion_id, when it is a code's promotion. */
  promocion_clave?: string | null;
  usuarioOpenpayId?: string | null;
  guardarTarjeta?: boolean;
  /** Meses sin intereses (one of the event's plans for this total); null/absent: in one go. */
  meses?: number | null;
}

/** Openpay's error_code for a charge refused by its antifraud rules ("Rechazo por riesgo"). */
const RECHAZO_POR_RIESGO = 3005;

/**
 * make/cargo and make/cargo_invitado: recomputes the total, charges the card once per attempt
 * (orderId = reservation + attempt number, so a double click is refused by the gateway as a
 * duplicate and answered with the same charge), and sells at once when the charge completed.
 */
export async function makeCargo(deps: VentaDeps, input: MakeCargoInput, caller: Caller): Promise<MakeCargoResponse> {
  const gateway = requireGateway(deps.gateway);
  const { db } = deps;
  const r = await ownReserva(db, input.reservaId, caller);
  const evento = await findVentaEvento(db, r.eventoId);
  if (!evento) throw new DomainError('RESERVA_NO_ENCONTRADA');

  // A replay after the sale (double click, reload): the same answer, no new charge.
  if (r.estado === 'vendida') {
    const paid = (await listCargosPendientes(db, r.id)).find((c) => c.estado === 'pagado');
    if (paid) return makeAnswer(deps, r, evento, paid, await gateway.getCharge(paid.proveedorCargoId).catch(() => null));
  }
  requireLive(r);
  // A charge still open for this hold (3-D Secure in another tab, a lost answer) is settled first.
  const open = async (): Promise<MakeCargoResponse | null> => {
    for (const c of await listCargosPendientes(db, r.id)) {
      const answer = await purchaseAnswer(deps, r, evento, await settleCharge(deps, c.proveedorCargoId));
      if (answer) return answer;
    }
    return null;
  };
  const already = await open();
  if (already) return already;
  // The buyer got more tickets since holding (a late 3-D Secure charge was sold): refused before
  // charging. The sale counts again, under the buyer's lock (ventas.settle.ts).
  const comprados = await countBoletosComprador(db, r);
  if (comprados + r.cantidad > evento.limiteDeAsientos) {
    throw new DomainError('LIMITE_DE_ASIENTOS', `Ya tienes ${comprados} boletos para este evento; el límite por comprador es ${evento.limiteDeAsientos}.`);
  }

  const cart = await loadCart(db, r);
  const promo = await promocionDeVenta(db, cart, input.promocion_id, input.promocion_clave ?? undefined);
  const totals = totalsOf(cart, promo);
  if (input.amount !== totals.total) throw new DomainError('MONTO_DISTINTO');
  const meses = planMsiElegido(evento, totals.total, input.meses);

  const { customer, sourceId } = await chargeSource(deps, gateway, r, input, caller);
  const attempt: Attempt = {
    deps,
    gateway,
    r,
    evento,
    n: (await countCargos(db, r.id)) + 1,
    request: {
      amount: totals.total,
      description: `Boletos ${evento.nombre}`.slice(0, 250),
      sourceId,
      deviceSessionId: input.device_session_id,
      customer,
      redirectUrl: returnUrl(deps.publicUrl, r, promo?.id ?? null),
      ...(meses ? { paymentPlan: { payments: meses as MesesSinIntereses } } : {}),
    },
    detalleFor: (orderId) => ({ ...detalleDe(r, cart, promo, totals, orderId), ...(meses ? { meses } : {}) }),
    open,
  };
  const charged = await chargeOnce(attempt);
  if ('answer' in charged) return charged.answer;
  const { charge, orderId } = charged;
  await recordCharge(attempt, charge, orderId, {
    redirectUrl: charge.redirectUrl ?? null,
    card: charge.card ? { last4: charge.card.last4, brand: charge.card.brand } : undefined,
  });
  const state = await settleCharge(deps, charge.id);
  // A twin request (another tab) sold the hold first and this charge was refunded: the buyer's
  // purchase is that sale.
  const paidBy = state.row.estado === 'reembolsado' ? await findCargoPagado(db, r.id) : undefined;
  if (paidBy) return makeAnswer(deps, r, evento, paidBy, null);
  return makeAnswer(deps, r, evento, state.row, state.charge);
}

/** One make/cargo attempt: the hold, its charge request (all but the order id and 3-D Secure) and what a charge of it records. */
interface Attempt {
  deps: VentaDeps;
  gateway: PaymentGateway;
  r: VentaReserva;
  evento: VentaEventoRow;
  /** The attempt's number among the hold's charges: its order id is `<reserva>-<n>`. */
  n: number;
  request: Omit<CreateChargeInput, 'orderId' | 'use3ds'>;
  detalleFor: (orderId: string) => DetalleCargo;
  /** Settles the hold's open charges: the answer when one is paid or waiting for 3-D Secure. */
  open: () => Promise<MakeCargoResponse | null>;
}

/** A new charge to record, or the answer of a charge the gateway already held for this hold. */
type Charged = { charge: ChargeResult; orderId: string } | { answer: MakeCargoResponse };

/**
 * The attempt's charge at the gateway, once: with 3-D Secure again after a risk refusal, and,
 * when the gateway errs, the charge it may have made all the same (a lost answer, a double
 * click's twin) found and answered instead of the error.
 */
async function chargeOnce(a: Attempt): Promise<Charged> {
  let orderId = `${a.r.id}-${a.n}`;
  const chargeWith = (use3ds: boolean) => a.gateway.createCharge({ ...a.request, orderId, use3ds });
  try {
    try {
      return { charge: await chargeWith(a.deps.use3ds), orderId };
    } catch (err) {
      // Openpay's documented way out of a risk refusal (3005, slate "3D Secure": "Token de cargo
      // previo"): the same token or saved card charged again with 3-D Secure, under an order id of
      // its own, and the buyer authenticates at the bank. The refused charge is remembered first.
      // When the second charge is refused outright, the buyer reads the first refusal.
      if (a.deps.use3ds || !(err instanceof GatewayError) || err.errorCode !== RECHAZO_POR_RIESGO) throw err;
      const refused = await a.gateway.findChargeByOrderId(orderId).catch(() => null);
      if (refused) await rememberCharge(a, refused, orderId);
      orderId = `${a.r.id}-${a.n}-3ds`;
      const charge = await chargeWith(true).catch((retryErr: unknown) => {
        throw retryErr instanceof GatewayError && retryErr.httpStatus !== null ? err : retryErr;
      });
      return { charge, orderId };
    }
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    const answer = await chargeMadeAnyway(a, orderId);
    if (answer) return { answer };
    throw err;
  }
}

/**
 * After a gateway error: whatever the gateway recorded under `orderId` is remembered — a decline
 * (so the next attempt uses a new orderId), a lost answer, or a double click's twin request
 * (refused as a duplicate, or its token already spent) — and answered when it is the charge made.
 */
async function chargeMadeAnyway(a: Attempt, orderId: string): Promise<MakeCargoResponse | null> {
  const recorded = await a.gateway.findChargeByOrderId(orderId).catch(() => null);
  // A twin that charged under the previous attempt number but has not recorded it yet.
  const twinId = `${a.r.id}-${a.n - 1}`;
  const twinCharge = !recorded && a.n > 1 ? await a.gateway.findChargeByOrderId(twinId).catch(() => null) : null;
  if (twinCharge && twinCharge.status !== 'failed') await recordCharge(a, twinCharge, twinId);
  if (recorded) {
    const answer = await purchaseAnswer(a.deps, a.r, a.evento, await rememberCharge(a, recorded, orderId));
    if (answer) return answer;
  }
  // A twin request (double click) that recorded its charge first, under the previous attempt number.
  return a.open();
}

/** A charge the gateway holds under `orderId` becomes one of the hold's cargos (so the next attempt takes a new order id). */
async function recordCharge(a: Attempt, found: ChargeResult, orderId: string, extra: { redirectUrl?: string | null; card?: DetalleCargo['card'] } = {}) {
  await insertCargo(a.deps.db, {
    reservaId: a.r.id,
    proveedor: a.gateway.proveedor,
    proveedorCargoId: found.id,
    monto: found.amount,
    redirectUrl: extra.redirectUrl,
    detalle: { ...a.detalleFor(orderId), ...(extra.card ? { card: extra.card } : {}) },
  });
}

/** Records the charge, then settles it. */
async function rememberCharge(a: Attempt, found: ChargeResult, orderId: string) {
  await recordCharge(a, found, orderId);
  return settleCharge(a.deps, found.id);
}

/** The answer of a settled charge that is the hold's purchase (paid, or waiting for 3-D Secure); null for any other. */
async function purchaseAnswer(deps: VentaDeps, r: VentaReserva, evento: VentaEventoRow, state: Settled): Promise<MakeCargoResponse | null> {
  return state.cargo.pagado || state.charge?.status === 'charge_pending' ? makeAnswer(deps, r, evento, state.row, state.charge) : null;
}

async function makeAnswer(deps: VentaDeps, r: VentaReserva, evento: VentaEventoRow, row: CargoRow, charge: ChargeResult | null): Promise<MakeCargoResponse> {
  const boletos = row.estado === 'pagado' ? await boletosDto(deps.db, row.id) : [];
  const status = charge?.status ?? (row.estado === 'pagado' ? 'completed' : row.estado === 'reembolsado' ? 'refunded' : 'failed');
  return {
    cargo: {
      id: row.proveedorCargoId,
      status,
      pagado: row.estado === 'pagado',
      ...(status === 'charge_pending' && charge?.redirectUrl
        ? { payment_method: { type: 'redirect' as const, url: new URL(charge.redirectUrl, deps.publicUrl).href } }
        : {}),
    },
    boletos,
    total: row.monto,
    evento: eventoDto(evento),
    correo: r.correo,
    ...(r.invitadoId ? { invitadoId: r.invitadoId } : {}),
  };
}

async function boletosDto(db: DbOrTx, cargoId: string): Promise<BoletoVendido[]> {
  return (await listBoletosCargo(db, cargoId)).map((b) => ({ ...b }));
}

/** terminar_compra (spec routes), absolute on the storefront's origin; the gateway appends ?id=<charge>. */
function returnUrl(origin: string, r: VentaReserva, promocionId: number | null): string {
  const base = origin.replace(/\/+$/, '');
  const promo = promocionId ?? 0;
  return r.invitadoId
    ? `${base}/terminar_compra_invitado/${r.id}/${r.esGeneral}/${r.invitadoId}/${promo}`
    : `${base}/terminar_compra/${r.id}/${r.esGeneral}/${promo}`;
}

/** The card to charge: a new token, a saved card of the caller's own customer, or a new card saved first. */
async function chargeSource(
  deps: VentaDeps,
  gateway: PaymentGateway,
  r: VentaReserva,
  input: MakeCargoInput,
  caller: Caller,
): Promise<{ customer: ChargeCustomer; sourceId: string }> {
  const anonymous: ChargeCustomer = { name: r.nombre || 'Comprador', email: r.correo };
  if (!caller.user) return { customer: anonymous, sourceId: input.source_id };
  const perfil = await tarjetas.findPerfilPago(deps.db, caller.user.id);
  if (input.usuarioOpenpayId) {
    // A saved card: only of the caller's own customer, and only a card saved on it.
    if (!perfil || perfil.idOpenpay !== input.usuarioOpenpayId || !(await tarjetas.hasTarjeta(deps.db, perfil.id, input.source_id))) {
      throw new DomainError('CARGO_NO_ENCONTRADO', 'La tarjeta guardada no existe.');
    }
    return { customer: { customerId: perfil.idOpenpay }, sourceId: input.source_id };
  }
  if (!input.guardarTarjeta) return { customer: anonymous, sourceId: input.source_id };
  let customerId = perfil?.idOpenpay;
  if (!customerId) {
    const created = await gateway.createCustomer({ name: r.nombre || 'Comprador', email: r.correo, externalId: caller.user.id });
    await tarjetas.insertPerfilPago(deps.db, caller.user.id, gateway.proveedor, created.id);
    customerId = (await tarjetas.findPerfilPago(deps.db, caller.user.id))!.idOpenpay;
  }
  const card = await gateway.addCard(customerId, input.source_id, input.device_session_id);
  const perfilId = (await tarjetas.findPerfilPago(deps.db, caller.user.id))!.id;
  await tarjetas.insertTarjeta(deps.db, perfilId, { ...card, id: card.id! });
  return { customer: { customerId }, sourceId: card.id! };
}

/** check/cargo and check/cargo_invitado: the charge's state from the gateway; sells if paid. */
export async function checkCargo(deps: VentaDeps, chargeId: string, reservaId: string, caller: Caller): Promise<CheckCargoResponse> {
  const gateway = requireGateway(deps.gateway);
  const r = await ownReserva(deps.db, reservaId, caller);
  const known = await findCargo(deps.db, gateway.proveedor, chargeId);
  if (!known || known.reservaId !== r.id) throw new DomainError('CARGO_NO_ENCONTRADO');
  const evento = (await findVentaEvento(deps.db, r.eventoId))!;
  const state = await settleCharge(deps, chargeId);
  const status = state.charge?.status ?? (state.row.estado === 'pagado' ? 'completed' : state.row.estado === 'reembolsado' ? 'refunded' : 'failed');
  // This charge was a refunded duplicate: the purchase itself is paid, by the other charge.
  const paidBy = state.row.estado === 'reembolsado' ? await findCargoPagado(deps.db, r.id) : undefined;
  if (paidBy) {
    const boletos = await boletosDto(deps.db, paidBy.id);
    return {
      id: boletos[0]?.id ?? r.id,
      message: pagoMessages.PAYMENT_DUPLICATE_REFUNDED,
      cargo: { pagado: true, status },
      total: paidBy.monto,
      evento: eventoDto(evento),
      boletos,
      correo: r.correo,
    };
  }
  const boletos = state.row.estado === 'pagado' ? await boletosDto(deps.db, state.row.id) : [];
  const message =
    state.row.estado === 'pagado'
      ? pagoMessages.PAYMENT_PAID
      : state.row.estado === 'reembolsado'
        ? refundMessage(state.row)
        : status === 'failed' || status === 'cancelled'
          ? (state.error ?? pagoMessages.PAYMENT_FAILED)
          : pagoMessages.PAYMENT_PENDING;
  return {
    id: boletos[0]?.id ?? r.id,
    message,
    cargo: { pagado: state.cargo.pagado, status },
    total: state.row.monto,
    evento: eventoDto(evento),
    boletos,
    correo: r.correo,
  };
}

/** Why this charge was refunded, for the buyer. */
function refundMessage(row: CargoRow): string {
  if (row.error === 'reembolso:promocion') return pagoMessages.PAYMENT_REFUNDED_PROMOTION;
  if (row.error === 'reembolso:limite') return pagoMessages.PAYMENT_REFUNDED_LIMIT;
  return pagoMessages.PAYMENT_REFUNDED;
}

/** The gateway's notification: only a charge we know is settled (re-fetched from the gateway). */
export async function webhook(deps: VentaDeps, chargeId: string | undefined): Promise<{ recibido: true }> {
  if (!chargeId || !deps.gateway) return { recibido: true };
  const known = await findCargo(deps.db, deps.gateway.proveedor, chargeId);
  if (known) await settleCharge(deps, chargeId);
  return { recibido: true };
}
