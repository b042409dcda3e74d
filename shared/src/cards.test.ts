import { describe, expect, it } from 'vitest';
import { brandName, cardBrand, cardName, cardTypeName, lastFour, luhnValid } from './cards';

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

describe('card number check', () => {
  it('passes the test numbers of every brand', () => {
    for (const n of ['4111111111111111', '4222222222222220', '4000000000003220', '5555555555554444', '378282246310005']) expect(luhnValid(n), n).toBe(true);
  });
  it('fails one mistyped digit and two swapped neighbours', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111111111111121')).toBe(false);
    expect(luhnValid('5555555555554445')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111')).toBe(false);
  });
});

describe('card type', () => {
  it('names the gateway types in Spanish', () => {
    expect(cardTypeName('credit')).toBe('crédito');
    expect(cardTypeName('DEBIT')).toBe('débito');
    expect(cardTypeName('carnet')).toBe('carnet');
  });
});

describe('card brand', () => {
  it('names the brand from the first digits, in Openpay’s names, and none while several brands fit', () => {
    expect(cardBrand('4111')).toBe('visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrand('2221')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('american_express');
    expect(cardBrand('4')).toBeNull();
    expect(cardBrand('6011')).toBeNull();
  });
});
