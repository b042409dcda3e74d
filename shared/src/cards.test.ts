import { describe, expect, it } from 'vitest';
import { brandName, cardName, lastFour } from './cards';

describe('card labels', () => {
  it('shows only the last four digits of a masked number', () => {
    expect(lastFour('411111XXXXXX1111')).toBe('1111');
    expect(lastFour('5555 **** **** 4444')).toBe('4444');
  });
  it('names the brand in Spanish copy, whatever its case', () => {
    expect(brandName('VISA')).toBe('Visa');
    expect(brandName('mastercard')).toBe('Mastercard');
    expect(brandName('carnet')).toBe('carnet');
    expect(brandName('')).toBe('Tarjeta');
  });
  it('reads as one name', () => {
    expect(cardName({ marca: 'visa', tarjeta: '411111XXXXXX1111' })).toBe('Visa terminada en 1111');
  });
});
