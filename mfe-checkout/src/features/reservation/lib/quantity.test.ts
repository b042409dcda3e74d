import { describe, expect, it } from 'vitest';
import { isValidQuantity, maxQuantity, quantityOptions, totalCentavos } from './quantity';

describe('GA quantity rules', () => {
  it('is capped by the event limit and by the places still free', () => {
    expect(maxQuantity(6, 500)).toBe(6);
    expect(maxQuantity(6, 4)).toBe(4);
    expect(maxQuantity(6, 0)).toBe(0);
    expect(maxQuantity(0, 10)).toBe(0);
  });

  it('offers 1..max and nothing when sold out', () => {
    expect(quantityOptions(3)).toEqual([1, 2, 3]);
    expect(quantityOptions(0)).toEqual([]);
  });

  it('accepts whole numbers from 1 to max only', () => {
    expect(isValidQuantity(1, 4)).toBe(true);
    expect(isValidQuantity(4, 4)).toBe(true);
    expect(isValidQuantity(0, 4)).toBe(false);
    expect(isValidQuantity(5, 4)).toBe(false);
    expect(isValidQuantity(-1, 4)).toBe(false);
    expect(isValidQuantity(2.5, 4)).toBe(false);
    expect(isValidQuantity(Number.NaN, 4)).toBe(false);
  });

  it('totals in centavos', () => {
    expect(totalCentavos(45_050, 3)).toBe(135_150);
  });
});
