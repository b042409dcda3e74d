/**
 * The hold's cart (for the all-in price per ticket and a code's spec §5 message before it is
 * sent) and the summary lines of the server's totals (`resumen`, `aplicar-promo`, `cotizar`).
 */
import { formatMessage } from '@taquilla/shared';
import type { DetalleSeccionResponse, EventoDetalle, Seccion } from '@taquilla/shared/schemas/catalogo';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import type { ReservaDetalle } from '@taquilla/shared/schemas/reservas';
import {
  allInPrice,
  categoriaKey,
  computeTotals,
  serviceRateFor,
  type CartLine,
  type EventRates,
  type OrderTotals,
  type PromotionRule,
} from '@taquilla/shared/money';
import { promotionProblem, type PromotionCheckContext } from '@taquilla/shared/promotions';
import { promocionMessages } from '@taquilla/shared/messages/promociones';

type RatesSource = Pick<EventoDetalle, 'usoDeTarjeta' | 'usoDeServicio' | 'ivaRate' | 'isIvaApplied' | 'udsPorCategoria'>;

/**
 * Seats carry their category by name (the hold read-back has no category id), so a seat line's
 * category key is its name; `promotionRule` keys a promotion's categories the same way.
 */
const seatCategoria = (nombre: string) => `nombre:${nombre}`;

export interface CartSource {
  evento: RatesSource;
  reserva: Pick<ReservaDetalle, 'esGeneral' | 'cantidad' | 'asientos' | 'seccionId'>;
  seccion: Pick<Seccion, 'id' | 'uds' | 'precioSeccion'>;
  /** Seat holds only: the event's per-category service fees. */
  categoriasEvento?: DetalleSeccionResponse['categoriasEvento'];
}

/** One cart line per held seat, or `cantidad` lines at the general section's price. */
export function cartLines({ evento, reserva, seccion, categoriasEvento = [] }: CartSource): CartLine[] {
  const rate = (categoria?: string) =>
    serviceRateFor({
      udsPorCategoria: evento.udsPorCategoria,
      usoDeServicioBps: evento.usoDeServicio,
      cargoPorCategoriaBps: categoria === undefined ? null : (categoriasEvento.find((c) => c.categoria === categoria)?.cargoPorCategoria ?? null),
      seccionUdsBps: seccion.uds,
    });
  if (reserva.esGeneral) {
    const servicioBps = rate();
    return Array.from({ length: reserva.cantidad }, (_, i) => ({
      id: i + 1,
      precio: seccion.precioSeccion,
      categoria: categoriaKey('general', seccion.id),
      servicioBps,
    }));
  }
  return reserva.asientos.map((a) => ({ id: a.id, precio: a.precio, categoria: seatCategoria(a.categoria), servicioBps: rate(a.categoria) }));
}

/** The maths' view of a promotion (null when its data cannot give a discount). */
function promotionRule(promo: Promocion): PromotionRule | null {
  const categorias = promo.aplicaTodoEvento
    ? null
    : promo.categorias.flatMap((c) => [
        ...(c.categoria ? [seatCategoria(c.categoria.nombre)] : []),
        ...(c.categoriaGeneral ? [categoriaKey('general', c.categoriaGeneral.id)] : []),
      ]);
  if (promo.tipo === 'PORCENTAJE') return promo.porcentaje === null ? null : { tipo: 'PORCENTAJE', porcentajeBps: promo.porcentaje, categorias };
  if (promo.cantidadCompra === null || promo.cantidadPaga === null) return null;
  return { tipo: 'CANTIDAD', cantidadCompra: promo.cantidadCompra, cantidadPaga: promo.cantidadPaga, categorias };
}

/** Why a code's promotion gives this cart nothing (spec §5 "Discount code"), or null when it applies. */
export function codeProblem(lines: readonly CartLine[], promo: Promocion, ctx: Omit<PromotionCheckContext, 'categoriasNombres'>): string | null {
  const rule = promotionRule(promo);
  if (!rule) return formatMessage(promocionMessages.DISCOUNT_CODE_INVALID);
  const categoriasNombres = promo.categorias.flatMap((c) => [c.categoria?.nombre, c.categoriaGeneral?.nombre].filter((n): n is string => !!n));
  const problem = promotionProblem(lines, rule, { ...ctx, categoriasNombres });
  if (problem) return problem.message;
  // promotionProblem passes a promotion with eligible tickets; a 0 % one still gives nothing.
  return computeTotals(lines, { tarjetaBps: 0, ivaBps: 0, ivaAplicado: false }, rule).descuento > 0
    ? null
    : formatMessage(promocionMessages.DISCOUNT_CODE_INVALID);
}

/** Short label of a promotion: '20 %' or '3x2'. */
function promotionLabel(promo: Promocion): string {
  if (promo.tipo === 'CANTIDAD') return `${promo.cantidadCompra}x${promo.cantidadPaga}`;
  const pct = (promo.porcentaje ?? 0) / 100;
  return `${Number.isInteger(pct) ? pct : pct.toFixed(2)} %`;
}

export interface SummaryLine {
  key: 'descuento' | 'subtotal' | 'servicio' | 'tarjeta' | 'iva' | 'total';
  label: string;
  /** Centavos; the discount is negative. */
  amount: number;
}

/** Spec §2 summary: optional discount, Subtotal, Cargo por servicio, Cargo por uso de tarjeta, IVA only when > 0, Total. */
export function summaryLines(totals: OrderTotals, promo: Promocion | null): SummaryLine[] {
  const lines: SummaryLine[] = [];
  if (promo && totals.descuento > 0) lines.push({ key: 'descuento', label: `Descuento ${promotionLabel(promo)} (${promo.nombre})`, amount: -totals.descuento });
  lines.push(
    { key: 'subtotal', label: 'Subtotal', amount: totals.subtotal },
    { key: 'servicio', label: 'Cargo por servicio', amount: totals.cargoServicio },
    { key: 'tarjeta', label: 'Cargo por uso de tarjeta', amount: totals.cargoTarjeta },
  );
  if (totals.iva > 0) lines.push({ key: 'iva', label: 'IVA', amount: totals.iva });
  lines.push({ key: 'total', label: 'Total', amount: totals.total });
  return lines;
}

/**
 * All-in price per distinct ticket (fees and IVA included, no discount), as Mexican consumer
 * rules ask: one entry per price and service rate, in cart order.
 */
export function allInPrices(lines: readonly CartLine[], rates: EventRates): { precio: number; allIn: number; cantidad: number }[] {
  const out = new Map<string, { precio: number; allIn: number; cantidad: number }>();
  for (const l of lines) {
    const key = `${l.precio}|${l.servicioBps}`;
    const entry = out.get(key) ?? { precio: l.precio, allIn: allInPrice(l.precio, l.servicioBps, rates), cantidad: 0 };
    entry.cantidad += 1;
    out.set(key, entry);
  }
  return [...out.values()];
}
