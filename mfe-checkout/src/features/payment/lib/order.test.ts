import { describe, expect, it } from 'vitest';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { promocion } from '../../../testing/payment';
import { allInPrices, cartLines, codeProblem, summaryLines } from './order';
import { computeTotals, eventRates } from '@taquilla/shared/money';

const evento = { usoDeTarjeta: 300, usoDeServicio: 1000, ivaRate: 1600, isIvaApplied: false, udsPorCategoria: false };
const seat = (id: number, categoria: string, precio: number) => ({ id, numero: id, fila: 'A', categoria, precio });

/** A 20 % automatic promotion for the whole event, unless `over` says otherwise. */
const promo = (over: Partial<Promocion>): Promocion => promocion({ id: 1, nombre: 'Promo', porcentaje: 2000, ...over });

const seatCart = (asientos: ReturnType<typeof seat>[], ev = evento, categoriasEvento = [] as { categoria: string; cargoPorCategoria: number | null }[]) =>
  cartLines({
    evento: ev,
    reserva: { esGeneral: false, cantidad: asientos.length, asientos, seccionId: 9 },
    seccion: { id: 9, uds: 500, precioSeccion: 0 },
    categoriasEvento,
  });

describe('cartLines', () => {
  it('gives a general hold one line per place at the section price', () => {
    const lines = cartLines({
      evento,
      reserva: { esGeneral: true, cantidad: 3, asientos: [], seccionId: 4 },
      seccion: { id: 4, uds: null, precioSeccion: 50_000 },
    });
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.precio === 50_000 && l.servicioBps === 1000)).toBe(true);
  });

  it('uses the per-category fee when the event asks for it, else the section uds', () => {
    const lines = seatCart([seat(1, 'VIP', 100_000), seat(2, 'General', 50_000)], { ...evento, udsPorCategoria: true }, [
      { categoria: 'VIP', cargoPorCategoria: 1500 },
    ]);
    expect(lines.map((l) => l.servicioBps)).toEqual([1500, 500]);
  });
});

describe('promotions on the cart', () => {
  const lines = seatCart([seat(1, 'VIP', 100_000), seat(2, 'VIP', 100_000), seat(3, 'VIP', 100_000)]);

  it('explains every reason a code gives nothing', () => {
    const platea = promo({
      aplicaTodoEvento: false,
      categorias: [
        { categoria: { id: 7, nombre: 'Platea' }, categoriaGeneral: null },
        { categoria: { id: 8, nombre: 'Palco' }, categoriaGeneral: null },
      ],
    });
    expect(codeProblem(lines, platea, { esGeneral: false, seccionNombre: 'A' })).toBe('Promocion solo valida para las siguientes categorías: Platea, Palco.');
    const fourForThree = promo({ tipo: 'CANTIDAD', porcentaje: null, cantidadCompra: 4, cantidadPaga: 3 });
    expect(codeProblem(lines, fourForThree, { esGeneral: false, seccionNombre: 'A' })).toBe(
      'Debes seleccionar al menos 4 asientos en una misma categoría y precio para aplicar este código.',
    );
    const ga = cartLines({
      evento,
      reserva: { esGeneral: true, cantidad: 2, asientos: [], seccionId: 4 },
      seccion: { id: 4, uds: null, precioSeccion: 50_000 },
    });
    expect(codeProblem(ga, fourForThree, { esGeneral: true, seccionNombre: 'Pista' })).toBe('Debes comprar al menos 4 boletos para aplicar el descuento.');
    const otherSection = promo({ aplicaTodoEvento: false, categorias: [{ categoria: null, categoriaGeneral: { id: 5, nombre: 'Gradas' } }] });
    expect(codeProblem(ga, otherSection, { esGeneral: true, seccionNombre: 'Pista' })).toBe('El código de descuento no es válido para la sección Pista.');
    const pista = promo({ aplicaTodoEvento: false, categorias: [{ categoria: null, categoriaGeneral: { id: 4, nombre: 'Pista' } }] });
    expect(codeProblem(ga, pista, { esGeneral: true, seccionNombre: 'Pista' })).toBeNull();
  });
});

describe('summaryLines', () => {
  const lines = seatCart([seat(1, 'VIP', 100_000), seat(2, 'VIP', 100_000)]);

  it('lists discount, fees and total, and IVA only when above zero', () => {
    const p = promo({ porcentaje: 2000, nombre: 'Preventa' });
    const totals = computeTotals(lines, eventRates(evento), { tipo: 'PORCENTAJE', porcentajeBps: 2000, categorias: null });
    const shown = summaryLines(totals, p);
    expect(shown.map((l) => l.label)).toEqual(['Descuento 20 % (Preventa)', 'Subtotal', 'Cargo por servicio', 'Cargo por uso de tarjeta', 'Total']);
    expect(shown.find((l) => l.key === 'descuento')?.amount).toBe(-40_000);
    // service 10 % of 1 600 = 160, card 3 % = 48 → 1 600 + 208 pesos.
    expect(shown.at(-1)?.amount).toBe(180_800);
    const withIva = summaryLines(computeTotals(lines, eventRates({ ...evento, isIvaApplied: true }), null), null);
    expect(withIva.map((l) => l.key)).toEqual(['subtotal', 'servicio', 'tarjeta', 'iva', 'total']);
  });

  it('labels a quantity promotion NxM', () => {
    const totals = computeTotals(lines, eventRates(evento), { tipo: 'CANTIDAD', cantidadCompra: 2, cantidadPaga: 1, categorias: null });
    expect(summaryLines(totals, promo({ tipo: 'CANTIDAD', porcentaje: null, cantidadCompra: 2, cantidadPaga: 1, nombre: '2x1' }))[0]?.label).toBe(
      'Descuento 2x1 (2x1)',
    );
  });

  it('gives the all-in price per ticket', () => {
    expect(allInPrices(lines, eventRates(evento))).toEqual([{ precio: 100_000, allIn: 113_000, cantidad: 2 }]);
  });
});
