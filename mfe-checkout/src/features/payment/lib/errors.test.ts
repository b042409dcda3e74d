import { ApiError } from '@taquilla/shared';
import { describe, expect, it } from 'vitest';
import { isPromoError } from './errors';

describe('isPromoError', () => {
  it('trusts the server flag only, not the wording of the message', () => {
    expect(
      isPromoError(new ApiError({ status: 409, messages: ['Esta promoción ya se agotó: alcanzó su límite de usos.'], data: { isPromoError: true } })),
    ).toBe(true);
    expect(isPromoError(new ApiError({ status: 400, messages: ['Código de descuento inválido.'] }))).toBe(false);
    expect(isPromoError(new ApiError({ status: 402, messages: ['La tarjeta fue declinada.'], data: { isPromoError: false } }))).toBe(false);
    expect(isPromoError(new Error('network'))).toBe(false);
  });
});
