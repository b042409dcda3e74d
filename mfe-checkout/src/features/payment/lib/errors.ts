import { isApiError, messages } from '@taquilla/shared';

const PROMO_MESSAGES = new Set<string>([
  messages.DISCOUNT_CODE_INVALID,
  messages.DISCOUNT_CATEGORY_ONLY,
  messages.DISCOUNT_MIN_QUANTITY,
  messages.DISCOUNT_MIN_SEATS,
  messages.DISCOUNT_NOT_FOR_SECTION,
]);

/**
 * A payment refused because of its promotion (flagged `isPromoError` by the server, or one of
 * the discount messages): the code is dropped so the next attempt pays the plain total.
 */
export function isPromoError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const data = error.data as { isPromoError?: unknown } | undefined;
  if (data && typeof data === 'object' && data.isPromoError === true) return true;
  return error.messages.some((m) => PROMO_MESSAGES.has(m) || m.startsWith('Promocion solo valida') || m.startsWith('Debes seleccionar al menos') || m.startsWith('Debes comprar al menos') || m.startsWith('El código de descuento no es válido'));
}
