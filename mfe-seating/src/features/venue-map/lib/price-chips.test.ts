import { describe, expect, it } from 'vitest';
import { priceChips } from './price-chips';

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
    expect(chips.map((c) => c.categoria)).toEqual([
      'Luneta centro',
      'Luneta izquierda',
      'Luneta derecha',
      'Balcón izquierda',
      'Balcón derecha',
      'Platea',
    ]);
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
