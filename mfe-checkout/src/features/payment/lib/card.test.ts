import { describe, expect, it } from 'vitest';
import { cardBrand, cleanCvv, cleanHolder, formatCardNumber, formatExpiry, numberProblemAsTyped, validateCard } from './card';

const now = new Date(2026, 10, 26);
const good = { holder: 'Ana Pérez', number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' };

describe('card form', () => {
  it('cleans and groups as the buyer types', () => {
    expect(cleanHolder('Ana  Pérez 3!')).toBe('Ana Pérez ');
    expect(formatCardNumber('41111111111111119999')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
    expect(cleanCvv('12a345')).toBe('1234');
  });

  it('detects the brand', () => {
    expect(cardBrand('4111')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('2221')).toBe('mastercard');
    expect(cardBrand('3714')).toBe('amex');
    expect(cardBrand('6011')).toBeNull();
  });

  it('accepts a good card and gives every message of spec §5', () => {
    expect(validateCard(good, now)).toEqual({});
    expect(validateCard({ holder: ' ', number: '4111', expiry: '13/30', cvv: '12' }, now)).toEqual({
      holder: 'El nombre del titular no es válido o no puede ir vacío.',
      number: 'El número de tarjeta debe tener máximo 16 dígitos.',
      expiry: 'La fecha de vencimiento debe estar en formato MM/YY.',
      cvv: 'El CVV debe tener 3 o 4 dígitos.',
    });
    expect(validateCard({ ...good, expiry: '10/26' }, now).expiry).toBe('La tarjeta está vencida.');
    expect(validateCard({ ...good, expiry: '11/26' }, now)).toEqual({});
  });
  it('says a complete number with a typo is mistyped, as typed and on submit', () => {
    expect(numberProblemAsTyped('4111 1111 1111 1112')).toBe('El número de tarjeta no es válido. Revisa que lo hayas escrito bien.');
    expect(numberProblemAsTyped('4111 1111 1111 111')).toBeUndefined();
    expect(numberProblemAsTyped('4111 1111 1111 1111')).toBeUndefined();
    // American Express is complete at 15 digits.
    expect(numberProblemAsTyped('3782 822463 10006')).toBe('El número de tarjeta no es válido. Revisa que lo hayas escrito bien.');
    expect(numberProblemAsTyped('3782 822463 10005')).toBeUndefined();
    expect(validateCard({ ...good, number: '4111 1111 1111 1112' }, now).number).toBe('El número de tarjeta no es válido. Revisa que lo hayas escrito bien.');
  });
});
