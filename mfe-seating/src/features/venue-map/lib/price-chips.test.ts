import { describe, expect, it } from 'vitest';
import { priceChips, withAllIn } from './price-chips';

const cat = (categoria: string, precios: number[]) => ({ categoria, color: '#fff', precios });

describe('priceChips', () => {
  it('orders by highest price, izquierda first on ties, server order otherwise', () => {
    const chips = priceChips([
      cat('Balcón derecha', [60000]),
      cat('Luneta derecha', [85000]),
      cat('Luneta centro', [115000]),
      cat('Luneta izquierda', [85000]),
      cat('Balcón izquierda', [60000]),
      cat('Platea', [60000]),
    ]);
    expect(chips.map((c) => c.categoria)).toEqual(['Luneta centro', 'Luneta izquierda', 'Luneta derecha', 'Balcón izquierda', 'Balcón derecha', 'Platea']);
  });

  it('hides prices at or below 0 and categories left without a price', () => {
    const chips = priceChips([cat('Cortesías', [0]), cat('Lateral', [110000, 0, 120000, -5]), cat('VIP', [])]);
    expect(chips).toEqual([{ categoria: 'Lateral', color: '#fff', precios: [120000, 110000] }]);
  });

  it('ranks a category by its highest price', () => {
    const chips = priceChips([cat('A', [50000]), cat('B', [10000, 90000])]);
    expect(chips.map((c) => c.categoria)).toEqual(['B', 'A']);
  });
});

describe('withAllIn', () => {
  const evento = { usoDeTarjeta: 300, usoDeServicio: 1_000, ivaRate: 1_600, isIvaApplied: true, udsPorCategoria: true };

  it('gives each chip price its all-in price with the category fee, or the event rate without one', () => {
    const chips = withAllIn(priceChips([cat('VIP', [100000]), cat('Lateral', [50000, 40000])]), evento, [{ categoria: 'VIP', cargoPorCategoria: 800 }]);
    // VIP $1,000 + 8 % + 3 % + 16 % = $1,270; Lateral at the event's 10 %: +29 %.
    expect(chips.map((c) => c.preciosFinales)).toEqual([[127000], [64500, 51600]]);
  });
});
