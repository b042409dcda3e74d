/**
 * A sale's figures before any charge: the hold's cart, the promotion that applies (a code's or the
 * best automatic one) and the totals the server quotes — cotizar before the hold, resumen and
 * aplicar-promo after it. The charge (make/cargo) is ventas.service.ts.
 */
import type { AplicarPromoResponse, Cotizacion, CotizarPayload, ResumenReserva, VentaEvento } from '@taquilla/shared/schemas/pagos';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { bestPromotion, categoriaKey, computeTotals, serviceRateFor, type CartLine, type OrderTotals } from '@taquilla/shared/money';
import { promotionProblem } from '@taquilla/shared/promotions';
import { promocionMessages } from '@taquilla/shared/messages/promociones';
import type { Db, DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { promocionesAutomaticas, promocionPorClave, promocionPorId, toPromotionRule } from '../promociones/promociones.service';
import type { PagosDiferidosConfig } from '../pagos/pagos.config';
import { ownReserva, type Caller } from './ventas.access';
import type { DetalleCargo } from './cargos.repository';
import {
  findGeneralVenta,
  findVentaEvento,
  listAsientosVenta,
  listGeneralesVenta,
  type LugarVenta,
  type VentaEventoRow,
  type VentaReserva,
} from './ventas.repository';
import { planesMsiPara } from './ventas.msi';
import { diferidosDisponibles } from './ventas.diferidos';

export function requireLive(r: VentaReserva): void {
  if (r.estado !== 'activa' || r.vencida) throw new DomainError('RESERVA_NO_ENCONTRADA', 'La reserva no existe o ya expiró.');
}

interface Cart {
  evento: VentaEventoRow;
  lugares: LugarVenta[];
  lines: CartLine[];
}

function toLines(evento: VentaEventoRow, lugares: LugarVenta[]): CartLine[] {
  return lugares.map((l) => ({
    id: l.id,
    precio: l.precio,
    categoria: l.tipo === 'general' ? categoriaKey('general', l.seccionId) : categoriaKey('categoria', l.categoriaEventoId ?? 0),
    servicioBps: serviceRateFor({
      udsPorCategoria: evento.udsPorCategoria,
      usoDeServicioBps: evento.servicioBps,
      cargoPorCategoriaBps: l.cargoPorCategoriaBps,
      seccionUdsBps: l.seccionUdsBps,
    }),
  }));
}

export async function loadCart(db: DbOrTx, r: VentaReserva): Promise<Cart> {
  const evento = await findVentaEvento(db, r.eventoId);
  if (!evento) throw new DomainError('RESERVA_NO_ENCONTRADA');
  const lugares = r.esGeneral ? await listGeneralesVenta(db, { reservaId: r.id }) : await listAsientosVenta(db, { reservaId: r.id });
  if (lugares.length === 0) throw new DomainError('RESERVA_NO_ENCONTRADA', 'La reserva no existe o ya expiró.');
  return { evento, lugares, lines: toLines(evento, lugares) };
}

const rates = (e: VentaEventoRow) => ({ tarjetaBps: e.tarjetaBps, ivaBps: e.ivaBps, ivaAplicado: e.ivaAplicado });

/**
 * The promotion the buyer applied (a code's only with its code) for this cart, or the Spanish
 * reason it gives nothing (400) / does not exist (404).
 */
async function promocionAplicable(db: DbOrTx, cart: Cart, promocionId: number, clave: string | undefined): Promise<Promocion> {
  const promo = await promocionPorId(db, cart.evento.id, promocionId, clave);
  const rule = toPromotionRule(promo);
  const nombres = promo.categorias.flatMap((c) => [c.categoria?.nombre, c.categoriaGeneral?.nombre]).filter((n): n is string => Boolean(n));
  const problem = promotionProblem(cart.lines, rule, {
    esGeneral: cart.lugares[0]!.tipo === 'general',
    seccionNombre: cart.lugares[0]!.seccion,
    categoriasNombres: nombres,
  });
  if (problem) throw new DomainError('PROMOCION_NO_APLICA', problem.message);
  return promo;
}

/** The promotion the sale applies: the code given, else the best automatic one for this cart. */
export async function promocionDeVenta(db: DbOrTx, cart: Cart, promocionId: number | null | undefined, clave: string | undefined): Promise<Promocion | null> {
  if (promocionId) return promocionAplicable(db, cart, promocionId, clave);
  return mejorAutomatica(db, cart);
}

async function mejorAutomatica(db: DbOrTx, cart: Cart): Promise<Promocion | null> {
  const { promocionesAplicaDirecto } = await promocionesAutomaticas(db, cart.evento.id).catch(() => ({ promocionesAplicaDirecto: [] as Promocion[] }));
  const best = bestPromotion(
    cart.lines,
    promocionesAplicaDirecto.map((p) => ({ p, rule: toPromotionRule(p) })),
  );
  return best?.p ?? null;
}

/** What a charge records of the sale it pays for: its order id, promotion, totals and places (cargos.detalle). */
export function detalleDe(r: VentaReserva, cart: Cart, promo: Promocion | null, totals: OrderTotals, orderId: string): DetalleCargo {
  return {
    orderId,
    promocionId: promo?.id ?? null,
    totales: {
      subtotal: totals.subtotal,
      descuento: totals.descuento,
      cargoServicio: totals.cargoServicio,
      cargoTarjeta: totals.cargoTarjeta,
      iva: totals.iva,
      total: totals.total,
    },
    asientos: cart.lugares.filter((l) => l.tipo === 'asiento').map((l) => l.id),
    generales: r.esGeneral
      ? { eventoSeccionId: cart.lugares[0]!.eventoSeccionId!, seccionId: cart.lugares[0]!.seccionId, cantidad: cart.lugares.length }
      : null,
  };
}

export function totalsOf(cart: Cart, promo: Promocion | null): OrderTotals {
  return computeTotals(cart.lines, rates(cart.evento), promo ? toPromotionRule(promo) : null);
}

export const eventoDto = (e: VentaEventoRow): VentaEvento => ({ id: e.id, nombre: e.nombre, recinto: e.recinto, fecha: e.fecha.toISOString() });

/** GET /eventos/{id}/reservas/{reservaId}/resumen */
export async function resumenReserva(db: Db, eventoId: number, reservaId: string, caller: Caller, diferidos: PagosDiferidosConfig): Promise<ResumenReserva> {
  const r = await ownReserva(db, reservaId, caller, eventoId);
  requireLive(r);
  const cart = await loadCart(db, r);
  const promocion = await promocionDeVenta(db, cart, null, undefined);
  const totals = totalsOf(cart, promocion);
  return { reservaId, promocion, ...totals, planesMsi: planesMsiPara(cart.evento, totals.total), diferidos: diferidosDisponibles(cart.evento, diferidos) };
}

/**
 * POST /eventos/{id}/cotizar — the price of a selection before any hold, by the same cart,
 * promotion and totals code as `resumen` and make/cargo: the seats by id (all of this event and
 * of one section), or `cantidad` places of a general section.
 */
export async function cotizar(db: Db, eventoId: number, body: CotizarPayload): Promise<Cotizacion> {
  const evento = await findVentaEvento(db, eventoId);
  if (!evento) throw new DomainError('EVENTO_NO_ENCONTRADO');
  let lugares: LugarVenta[];
  if ('asientoIds' in body) {
    const ids = [...new Set(body.asientoIds)];
    lugares = await listAsientosVenta(db, { ids, eventoId });
    if (lugares.length !== ids.length) throw new DomainError('ASIENTOS_DE_OTRO_EVENTO');
    if (new Set(lugares.map((l) => l.seccionId)).size > 1) throw new DomainError('ASIENTOS_DE_VARIAS_SECCIONES');
  } else {
    const lugar = await findGeneralVenta(db, eventoId, body.seccionId);
    if (!lugar) throw new DomainError('SECCION_NO_ENCONTRADA');
    lugares = Array.from({ length: body.cantidad }, (_, i) => ({ ...lugar, id: i + 1 }));
  }
  if (lugares.length > evento.limiteDeAsientos) {
    throw new DomainError('LIMITE_DE_ASIENTOS', `Solo puedes reservar hasta ${evento.limiteDeAsientos} boletos para este evento.`);
  }
  const cart: Cart = { evento, lugares, lines: toLines(evento, lugares) };
  const promocion = body.clave
    ? await promocionAplicable(db, cart, (await promocionPorClave(db, eventoId, body.clave)).id, body.clave)
    : await mejorAutomatica(db, cart);
  return { promocion, ...totalsOf(cart, promocion) };
}

/** POST /pagos/aplicar-promo */
export async function aplicarPromo(
  db: Db,
  body: { promocionId: number; eventoId: number; reservaId: string; clave?: string },
  caller: Caller,
): Promise<AplicarPromoResponse> {
  const r = await ownReserva(db, body.reservaId, caller, body.eventoId);
  requireLive(r);
  const cart = await loadCart(db, r);
  const promocion = await promocionAplicable(db, cart, body.promocionId, body.clave);
  return { ...totalsOf(cart, promocion), promocion, message: promocionMessages.DISCOUNT_APPLIED };
}
