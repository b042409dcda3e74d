/**
 * Order maths, shared by the browser (what the summary shows) and the server (what it
 * charges): the server recomputes with these same functions and refuses any amount that
 * differs, so what the buyer sees is what is charged.
 *
 * Units: money in integer centavos; rates in basis points (1600 = 16 %).
 *
 * Rounding rule (the only one): each amount is computed exactly as a sum of integer
 * products (centavos × basis points) and rounded ONCE to the nearest centavo, halves up.
 * Never round per ticket and then add: a 10-ticket cart would drift by up to 5 centavos.
 *
 * Order of operations: subtotal → discount → discounted subtotal; service fee, card fee and
 * IVA are each a rate on the discounted subtotal (the service rate may differ per ticket).
 */

const BPS = 10_000;

/** One ticket in a cart: a seat or a general-admission place. */
export interface CartLine {
  /** Stable id of the place (seat or general place); orders ties, so results never depend on cart order. */
  id: number;
  /** Base price in centavos. */
  precio: number;
  /**
   * What a restricted promotion is matched against: the price category of a seat
   * (`categoriaKey('categoria', id)`) or the general section of a GA place
   * (`categoriaKey('general', eventoSeccionId)`).
   */
  categoria: string;
  /** Service fee rate for this ticket, basis points (see `serviceRateFor`). */
  servicioBps: number;
}

export function categoriaKey(kind: 'categoria' | 'general', id: number): string {
  return `${kind}:${id}`;
}

/** The event's rates (from `detalle`). */
export interface EventRates {
  /** Card fee rate, basis points (`usoDeTarjeta`). */
  tarjetaBps: number;
  /** IVA rate, basis points (`ivaRate`). */
  ivaBps: number;
  /** IVA is charged only when true (`isIvaApplied`). */
  ivaAplicado: boolean;
}

/**
 * A promotion as the maths needs it. `categorias` null = the whole event
 * (`aplicaTodoEvento`), otherwise only tickets of those categories / general sections.
 */
export type PromotionRule =
  | { tipo: 'PORCENTAJE'; porcentajeBps: number; categorias: readonly string[] | null }
  | { tipo: 'CANTIDAD'; cantidadCompra: number; cantidadPaga: number; categorias: readonly string[] | null };

export interface OrderTotals {
  subtotal: number;
  descuento: number;
  /** Tickets made free by a CANTIDAD promotion (0 for PORCENTAJE). */
  boletosGratis: number;
  cargoServicio: number;
  cargoTarjeta: number;
  iva: number;
  total: number;
}

/** n / BPS rounded to the nearest integer, halves up (n ≥ 0). */
function roundBps(n: number): number {
  return Math.floor((n + BPS / 2) / BPS);
}

function assertCentavos(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer (centavos or basis points), got ${value}`);
}

/**
 * Service fee rate of a ticket: with `udsPorCategoria`, the category's `cargoPorCategoria`,
 * else the section's `uds`, else the event's `usoDeServicio`; without it, `usoDeServicio`.
 */
export function serviceRateFor(args: {
  udsPorCategoria: boolean;
  usoDeServicioBps: number;
  cargoPorCategoriaBps?: number | null;
  seccionUdsBps?: number | null;
}): number {
  if (!args.udsPorCategoria) return args.usoDeServicioBps;
  return args.cargoPorCategoriaBps ?? args.seccionUdsBps ?? args.usoDeServicioBps;
}

const applies = (rule: PromotionRule, line: CartLine) => rule.categorias === null || rule.categorias.includes(line.categoria);

/** Deterministic order: the discount never depends on the order the buyer clicked seats. */
const byId = (a: CartLine, b: CartLine) => a.id - b.id;

/**
 * Per-line discount in centavos (same order as `lines`). Percentage: one rounded total,
 * spread over the eligible lines by largest remainder so the parts add up exactly.
 * Quantity (buy X pay Y): within each group of the same category AND price,
 * floor(q / X) × (X − Y) tickets are free; among equal tickets the highest service rates go
 * free first, which is the cheapest outcome for the buyer.
 */
export function lineDiscounts(lines: readonly CartLine[], rule: PromotionRule | null): number[] {
  const discounts = lines.map(() => 0);
  if (!rule) return discounts;
  const eligible = lines.map((line, index) => ({ line, index })).filter(({ line }) => applies(rule, line));
  if (rule.tipo === 'PORCENTAJE') {
    const pct = Math.min(Math.max(rule.porcentajeBps, 0), BPS);
    const base = eligible.reduce((sum, { line }) => sum + line.precio, 0);
    const total = roundBps(base * pct);
    // Floor each share, then hand the leftover centavos to the largest remainders.
    const shares = eligible.map(({ line, index }) => {
      const exact = line.precio * pct;
      return { index, id: line.id, floor: Math.floor(exact / BPS), remainder: exact % BPS };
    });
    let leftover = total - shares.reduce((sum, s) => sum + s.floor, 0);
    for (const s of shares) discounts[s.index] = s.floor;
    const order = [...shares].sort((a, b) => b.remainder - a.remainder || a.id - b.id);
    for (const s of order) {
      if (leftover <= 0) break;
      discounts[s.index] = s.floor + 1;
      leftover -= 1;
    }
    return discounts;
  }
  const { cantidadCompra: x, cantidadPaga: y } = rule;
  if (!(Number.isInteger(x) && Number.isInteger(y) && x > 0 && y >= 0 && y < x)) return discounts;
  const groups = new Map<string, { line: CartLine; index: number }[]>();
  for (const entry of eligible) {
    const key = `${entry.line.categoria}|${entry.line.precio}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  for (const group of groups.values()) {
    const free = Math.floor(group.length / x) * (x - y);
    const order = [...group].sort((a, b) => b.line.servicioBps - a.line.servicioBps || byId(a.line, b.line));
    for (const { line, index } of order.slice(0, free)) discounts[index] = line.precio;
  }
  return discounts;
}

/** Totals of a cart under an optional promotion. Throws RangeError on non-integer input. */
export function computeTotals(lines: readonly CartLine[], rates: EventRates, rule: PromotionRule | null = null): OrderTotals {
  for (const line of lines) {
    assertCentavos(line.precio, 'precio');
    assertCentavos(line.servicioBps, 'servicioBps');
  }
  assertCentavos(rates.tarjetaBps, 'tarjetaBps');
  assertCentavos(rates.ivaBps, 'ivaBps');
  const discounts = lineDiscounts(lines, rule);
  const subtotal = lines.reduce((sum, line) => sum + line.precio, 0);
  const descuento = discounts.reduce((sum, d) => sum + d, 0);
  const neto = subtotal - descuento;
  const cargoServicio = roundBps(lines.reduce((sum, line, i) => sum + (line.precio - discounts[i]!) * line.servicioBps, 0));
  const cargoTarjeta = roundBps(neto * rates.tarjetaBps);
  const iva = rates.ivaAplicado ? roundBps(neto * rates.ivaBps) : 0;
  const boletosGratis = rule?.tipo === 'CANTIDAD' ? discounts.filter((d, i) => d > 0 && d === lines[i]!.precio).length : 0;
  return { subtotal, descuento, boletosGratis, cargoServicio, cargoTarjeta, iva, total: neto + cargoServicio + cargoTarjeta + iva };
}

/**
 * The all-in price of one ticket (fees and taxes included), as Mexican consumer rules ask
 * sellers to show before the purchase: the total of a one-ticket cart, so it matches checkout.
 */
export function allInPrice(precio: number, servicioBps: number, rates: EventRates): number {
  return computeTotals([{ id: 0, precio, categoria: '', servicioBps }], rates).total;
}

/**
 * The best-value promotion for a cart (largest discount; ties keep the earlier one), or null
 * when none gives a discount.
 */
export function bestPromotion<T extends { rule: PromotionRule }>(lines: readonly CartLine[], candidates: readonly T[]): T | null {
  let best: T | null = null;
  let bestDiscount = 0;
  for (const candidate of candidates) {
    const discount = lineDiscounts(lines, candidate.rule).reduce((sum, d) => sum + d, 0);
    if (discount > bestDiscount) {
      best = candidate;
      bestDiscount = discount;
    }
  }
  return best;
}

/** The event fields the fees come from (`detalle`). */
export interface EventFees {
  usoDeTarjeta: number;
  usoDeServicio: number;
  ivaRate: number;
  isIvaApplied: boolean;
  udsPorCategoria: boolean;
}

export function eventRates(evento: EventFees): EventRates {
  return { tarjetaBps: evento.usoDeTarjeta, ivaBps: evento.ivaRate, ivaAplicado: evento.isIvaApplied };
}

/**
 * The all-in price of one ticket of an event, from what the storefront already has: the
 * ticket's category fee (`cargoPorCategoria`) and its section's `uds` when known.
 */
export function ticketAllIn(evento: EventFees, precio: number, fees: { cargoPorCategoriaBps?: number | null; seccionUdsBps?: number | null } = {}): number {
  const servicioBps = serviceRateFor({ udsPorCategoria: evento.udsPorCategoria, usoDeServicioBps: evento.usoDeServicio, ...fees });
  return allInPrice(precio, servicioBps, eventRates(evento));
}
