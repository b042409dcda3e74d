import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allInPrice,
  bestPromotion,
  ticketAllIn,
  computeTotals,
  lineDiscounts,
  serviceRateFor,
  type CartLine,
  type EventRates,
  type PromotionRule,
} from './money';

const rates: EventRates = { tarjetaBps: 350, ivaBps: 1600, ivaAplicado: true };

const lineArb = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  precio: fc.integer({ min: 0, max: 5_000_000 }),
  categoria: fc.constantFrom('categoria:1', 'categoria:2', 'general:1', 'general:2'),
  servicioBps: fc.integer({ min: 0, max: 3_000 }),
});
/** Carts with distinct place ids, as real carts have. */
const cartArb = fc.uniqueArray(lineArb, { selector: (l) => l.id, maxLength: 30 });
const ratesArb = fc.record({ tarjetaBps: fc.integer({ min: 0, max: 1_000 }), ivaBps: fc.integer({ min: 0, max: 2_000 }), ivaAplicado: fc.boolean() });
const categoriasArb = fc.option(fc.uniqueArray(fc.constantFrom('categoria:1', 'categoria:2', 'general:1', 'general:2'), { minLength: 1, maxLength: 3 }), {
  nil: null,
});
const ruleArb: fc.Arbitrary<PromotionRule> = fc.oneof(
  fc.record({ tipo: fc.constant('PORCENTAJE' as const), porcentajeBps: fc.integer({ min: 0, max: 10_000 }), categorias: categoriasArb }),
  fc
    .record({ cantidadCompra: fc.integer({ min: 2, max: 6 }), categorias: categoriasArb })
    .chain((r) => fc.integer({ min: 1, max: r.cantidadCompra - 1 }).map((cantidadPaga) => ({ tipo: 'CANTIDAD' as const, ...r, cantidadPaga }))),
);
const ruleOrNone = fc.option(ruleArb, { nil: null });

const line = (id: number, precio: number, categoria = 'categoria:1', servicioBps = 1_000): CartLine => ({ id, precio, categoria, servicioBps });

describe('computeTotals — worked examples (the documented rounding rule)', () => {
  it('two tickets of $850.00, 10 % service, 3.5 % card, 16 % IVA', () => {
    const t = computeTotals([line(1, 85_000), line(2, 85_000)], rates);
    expect(t).toEqual({ subtotal: 170_000, descuento: 0, boletosGratis: 0, cargoServicio: 17_000, cargoTarjeta: 5_950, iva: 27_200, total: 220_150 });
  });

  it('rounds each amount once, halves up, never per ticket', () => {
    // 3 × 333 centavos at 1.5 %: per ticket 4.995 → 5 each = 15; once: 14.985 → 15.
    // 3 × 101 centavos at 0.5 %: per ticket 0.505 → 1 each = 3; once: 1.515 → 2.
    const t = computeTotals([line(1, 101, 'categoria:1', 50), line(2, 101, 'categoria:1', 50), line(3, 101, 'categoria:1', 50)], {
      tarjetaBps: 0,
      ivaBps: 0,
      ivaAplicado: false,
    });
    expect(t.cargoServicio).toBe(2);
    const half = computeTotals([line(1, 100, 'categoria:1', 50)], { tarjetaBps: 0, ivaBps: 0, ivaAplicado: false });
    expect(half.cargoServicio).toBe(1); // 0.5 centavo → up
  });

  it('IVA only when isIvaApplied', () => {
    expect(computeTotals([line(1, 10_000)], { ...rates, ivaAplicado: false }).iva).toBe(0);
    expect(computeTotals([line(1, 10_000)], rates).iva).toBe(1_600);
  });

  it('3×2 within one category and price: 7 tickets → 2 free; other prices do not mix', () => {
    const cart = [...Array.from({ length: 7 }, (_, i) => line(i + 1, 50_000)), line(20, 60_000), line(21, 60_000)];
    const t = computeTotals(cart, rates, { tipo: 'CANTIDAD', cantidadCompra: 3, cantidadPaga: 2, categorias: null });
    expect(t.boletosGratis).toBe(2);
    expect(t.descuento).toBe(100_000);
  });

  it('a restricted promotion leaves other categories at full price', () => {
    const t = computeTotals([line(1, 10_000, 'categoria:1'), line(2, 10_000, 'general:2')], rates, {
      tipo: 'PORCENTAJE',
      porcentajeBps: 2_000,
      categorias: ['general:2'],
    });
    expect(t.descuento).toBe(2_000);
  });

  it('refuses non-integer money', () => {
    expect(() => computeTotals([line(1, 10.5)], rates)).toThrow(RangeError);
    expect(() => computeTotals([line(1, -1)], rates)).toThrow(RangeError);
  });
});

describe('computeTotals — properties over random carts and promotions', () => {
  it('every amount is a non-negative integer and the total is the sum of its parts', () => {
    fc.assert(
      fc.property(cartArb, ratesArb, ruleOrNone, (cart, r, rule) => {
        const t = computeTotals(cart, r, rule);
        for (const v of Object.values(t)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(t.total).toBe(t.subtotal - t.descuento + t.cargoServicio + t.cargoTarjeta + t.iva);
        expect(t.subtotal).toBe(cart.reduce((s, l) => s + l.precio, 0));
      }),
    );
  });

  it('the discount never exceeds the subtotal, and a promotion never raises the total', () => {
    fc.assert(
      fc.property(cartArb, ratesArb, ruleArb, (cart, r, rule) => {
        const withPromo = computeTotals(cart, r, rule);
        const without = computeTotals(cart, r, null);
        expect(withPromo.descuento).toBeLessThanOrEqual(withPromo.subtotal);
        expect(withPromo.total).toBeLessThanOrEqual(without.total);
      }),
    );
  });

  it('the order the seats were picked in changes nothing', () => {
    fc.assert(
      fc.property(cartArb, ratesArb, ruleOrNone, fc.integer(), (cart, r, rule, seed) => {
        const shuffled = [...cart].sort((a, b) => ((a.id * 31 + seed) % 97) - ((b.id * 31 + seed) % 97));
        expect(computeTotals(shuffled, r, rule)).toEqual(computeTotals(cart, r, rule));
      }),
    );
  });

  it('per-line percentage discounts add up exactly to one rounded discount', () => {
    fc.assert(
      fc.property(cartArb, fc.integer({ min: 0, max: 10_000 }), (cart, porcentajeBps) => {
        const parts = lineDiscounts(cart, { tipo: 'PORCENTAJE', porcentajeBps, categorias: null });
        const base = cart.reduce((s, l) => s + l.precio, 0);
        expect(parts.reduce((s, d) => s + d, 0)).toBe(Math.floor((base * porcentajeBps + 5_000) / 10_000));
        parts.forEach((d, i) => expect(d).toBeLessThanOrEqual(cart[i]!.precio));
      }),
    );
  });

  it('buy X pay Y frees floor(q / X) × (X − Y) tickets per category and price', () => {
    fc.assert(
      fc.property(cartArb, ruleArb, (cart, rule) => {
        fc.pre(rule.tipo === 'CANTIDAD');
        if (rule.tipo !== 'CANTIDAD') return;
        const groups = new Map<string, number>();
        for (const l of cart) {
          if (rule.categorias && !rule.categorias.includes(l.categoria)) continue;
          groups.set(`${l.categoria}|${l.precio}`, (groups.get(`${l.categoria}|${l.precio}`) ?? 0) + 1);
        }
        const expected = [...groups.values()].reduce((s, q) => s + Math.floor(q / rule.cantidadCompra) * (rule.cantidadCompra - rule.cantidadPaga), 0);
        const freed = lineDiscounts(cart, rule).filter((d, i) => d > 0 && d === cart[i]!.precio).length;
        const zeroPriced = cart.filter((l) => l.precio === 0).length;
        // A $0 ticket made "free" is indistinguishable from an unchanged one.
        expect(freed).toBeGreaterThanOrEqual(expected - zeroPriced);
        expect(freed).toBeLessThanOrEqual(expected);
      }),
    );
  });

  it('the all-in price is the checkout total of one ticket', () => {
    fc.assert(
      fc.property(lineArb, ratesArb, (l, r) => {
        expect(allInPrice(l.precio, l.servicioBps, r)).toBe(computeTotals([l], r).total);
        expect(allInPrice(l.precio, l.servicioBps, r)).toBeGreaterThanOrEqual(l.precio);
      }),
    );
  });
});

describe('bestPromotion and serviceRateFor', () => {
  it('picks the largest discount; none when nothing applies', () => {
    const cart = [line(1, 10_000), line(2, 10_000), line(3, 10_000)];
    const pct = { id: 'pct', rule: { tipo: 'PORCENTAJE', porcentajeBps: 1_000, categorias: null } as PromotionRule };
    const tresPorDos = { id: '3x2', rule: { tipo: 'CANTIDAD', cantidadCompra: 3, cantidadPaga: 2, categorias: null } as PromotionRule };
    expect(bestPromotion(cart, [pct, tresPorDos])?.id).toBe('3x2');
    expect(bestPromotion(cart.slice(0, 2), [pct, tresPorDos])?.id).toBe('pct');
    expect(bestPromotion(cart, [{ id: 'x', rule: { tipo: 'PORCENTAJE', porcentajeBps: 1_000, categorias: ['categoria:9'] } as PromotionRule }])).toBeNull();
  });

  it('category fee, then section fee, then the event rate — only with udsPorCategoria', () => {
    expect(serviceRateFor({ udsPorCategoria: true, usoDeServicioBps: 1_000, cargoPorCategoriaBps: 800, seccionUdsBps: 900 })).toBe(800);
    expect(serviceRateFor({ udsPorCategoria: true, usoDeServicioBps: 1_000, cargoPorCategoriaBps: null, seccionUdsBps: 900 })).toBe(900);
    expect(serviceRateFor({ udsPorCategoria: true, usoDeServicioBps: 1_000 })).toBe(1_000);
    expect(serviceRateFor({ udsPorCategoria: false, usoDeServicioBps: 1_000, cargoPorCategoriaBps: 800 })).toBe(1_000);
  });
});

describe('ticketAllIn', () => {
  const evento = { usoDeTarjeta: 300, usoDeServicio: 1_000, ivaRate: 1_600, isIvaApplied: true, udsPorCategoria: true };

  it('adds the category fee, the card fee and IVA to the base price', () => {
    // $1,000.00: service 8 % = 80.00, card 3 % = 30.00, IVA 16 % = 160.00.
    expect(ticketAllIn(evento, 100_000, { cargoPorCategoriaBps: 800 })).toBe(127_000);
    // No category fee: the section's uds, then the event's rate.
    expect(ticketAllIn(evento, 100_000, { seccionUdsBps: 500 })).toBe(124_000);
    expect(ticketAllIn(evento, 100_000)).toBe(129_000);
  });

  it('ignores category fees when the event does not use them, and IVA when not applied', () => {
    expect(ticketAllIn({ ...evento, udsPorCategoria: false, isIvaApplied: false }, 100_000, { cargoPorCategoriaBps: 800 })).toBe(113_000);
  });
});
